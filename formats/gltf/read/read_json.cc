#include "formats/gltf/read/read_json.h"

#include <climits>
#include <cmath>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

std::string_view key_view(const JsonValue& key) {
  return {key.GetString(), key.GetStringLength()};
}

}  // namespace

std::string child_pointer(std::string_view pointer, std::string_view key) {
  std::string out(pointer);
  out += '/';
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

std::string child_pointer(std::string_view pointer, size_t index) {
  return cat(pointer, "/", index);
}

std::optional<uint64_t> json_uint(const JsonValue& value) {
  if (value.IsUint64()) return value.GetUint64();
  if (value.IsDouble()) {
    double d = value.GetDouble();
    // 2^64 is exact in a double; anything below it and whole converts without loss.
    if (d >= 0 && d < 18446744073709551616.0 && d == std::floor(d)) return static_cast<uint64_t>(d);
  }
  return std::nullopt;
}

std::string_view json_type_name(const JsonValue& value) {
  if (value.IsNull()) return "null";
  if (value.IsBool()) return "a boolean";
  if (value.IsNumber()) return "a number";
  if (value.IsString()) return "a string";
  if (value.IsArray()) return "an array";
  return "an object";
}

const JsonValue* find_member(const JsonValue& object, std::string_view key) {
  if (!object.IsObject()) return nullptr;
  for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) {
    if (key_view(it->name) == key) return &it->value;
  }
  return nullptr;
}

std::optional<size_t> find_index(const JsonValue& object, std::string_view key,
                                 size_t size) {
  const JsonValue* v = find_member(object, key);
  if (v == nullptr) return std::nullopt;
  std::optional<uint64_t> n = json_uint(*v);
  if (!n || *n >= size) return std::nullopt;
  return static_cast<size_t>(*n);
}

absl::StatusOr<JsonObject> JsonObject::of(const JsonValue& value, std::string pointer) {
  if (!value.IsObject()) {
    return refuse(kJsonType, cat(pointer.empty() ? "the document" : pointer, " is ",
                                 json_type_name(value), ", not an object"));
  }
  return JsonObject(&value, std::move(pointer));
}

absl::Status JsonObject::wrong_type(std::string_view key, std::string_view expected) const {
  const JsonValue* v = find(key);
  return refuse(kJsonType, cat(pointer(key), " is ", v == nullptr ? "absent" : json_type_name(*v),
                               ", not ", expected));
}

absl::Status JsonObject::get(std::string_view key, std::string& out) const {
  const JsonValue* v = find(key);
  if (v == nullptr) return absl::OkStatus();
  if (!v->IsString()) return wrong_type(key, "a string");
  out.assign(v->GetString(), v->GetStringLength());
  return absl::OkStatus();
}

absl::Status JsonObject::get(std::string_view key, bool& out) const {
  const JsonValue* v = find(key);
  if (v == nullptr) return absl::OkStatus();
  if (!v->IsBool()) return wrong_type(key, "a boolean");
  out = v->GetBool();
  return absl::OkStatus();
}

absl::Status JsonObject::get(std::string_view key, double& out) const {
  const JsonValue* v = find(key);
  if (v == nullptr) return absl::OkStatus();
  if (!v->IsNumber()) return wrong_type(key, "a number");
  out = v->GetDouble();
  return absl::OkStatus();
}

absl::Status JsonObject::get(std::string_view key, uint64_t& out) const {
  const JsonValue* v = find(key);
  if (v == nullptr) return absl::OkStatus();
  std::optional<uint64_t> n = json_uint(*v);
  if (!n) return wrong_type(key, "a whole number of at least 0");
  out = *n;
  return absl::OkStatus();
}

absl::Status JsonObject::get(std::string_view key, int& out) const {
  const JsonValue* v = find(key);
  if (v == nullptr) return absl::OkStatus();
  std::optional<uint64_t> n = json_uint(*v);
  if (!n || *n > INT_MAX) return wrong_type(key, cat("a whole number in 0..", INT_MAX));
  out = static_cast<int>(*n);
  return absl::OkStatus();
}

absl::Status JsonObject::get(std::string_view key, std::span<double> out) const {
  const JsonValue* v = find(key);
  if (v == nullptr) return absl::OkStatus();
  if (!v->IsArray() || v->Size() != out.size()) {
    return wrong_type(key, cat("an array of ", out.size(), " numbers"));
  }
  for (size_t i = 0; i < out.size(); ++i) {
    const JsonValue& item = (*v)[static_cast<rapidjson::SizeType>(i)];
    if (!item.IsNumber()) return wrong_type(key, cat("an array of ", out.size(), " numbers"));
    out[i] = item.GetDouble();
  }
  return absl::OkStatus();
}

absl::Status JsonObject::get_index(std::string_view key, size_t size, int& out) const {
  const JsonValue* v = find(key);
  if (v == nullptr) return absl::OkStatus();
  return index_value(*v, key, size, out);
}

absl::Status JsonObject::index_value(const JsonValue& value, std::string_view key,
                                     size_t size, int& out) const {
  std::optional<uint64_t> n = json_uint(value);
  if (!n) return wrong_type(key, "an index");
  if (*n >= size) {
    return refuse(kUnresolved,
                  cat(pointer(key), " is ", *n, ", but there ", size == 1 ? "is " : "are ", size,
                      size == 1 ? " entry" : " entries"));
  }
  out = static_cast<int>(*n);
  return absl::OkStatus();
}

absl::Status JsonObject::require(std::string_view key, uint64_t& out) const {
  if (!has(key)) return wrong_type(key, "a whole number of at least 0");
  return get(key, out);
}

absl::Status JsonObject::require(std::string_view key, std::string& out) const {
  if (!has(key)) return wrong_type(key, "a string");
  return get(key, out);
}

absl::Status JsonObject::require_index(std::string_view key, size_t size, int& out) const {
  if (!has(key)) return wrong_type(key, "an index");
  return get_index(key, size, out);
}

absl::StatusOr<std::optional<JsonObject>> JsonObject::object(std::string_view key) const {
  const JsonValue* v = find(key);
  if (v == nullptr) return std::optional<JsonObject>();
  if (!v->IsObject()) return wrong_type(key, "an object");
  return std::optional<JsonObject>(JsonObject(v, pointer(key)));
}

absl::StatusOr<const JsonValue*> JsonObject::array(std::string_view key) const {
  const JsonValue* v = find(key);
  if (v != nullptr && !v->IsArray()) return wrong_type(key, "an array");
  return v;
}

absl::StatusOr<JsonObject> element_object(const JsonValue& array, std::string_view pointer,
                                          size_t i) {
  return JsonObject::of(array[static_cast<rapidjson::SizeType>(i)], child_pointer(pointer, i));
}

absl::StatusOr<Value> to_value(const JsonValue& json, std::string_view pointer,
                               int max_depth, uint64_t& bytes) {
  if (max_depth < 0) {
    return refuse("gltf.json.too-deep", cat(pointer, " nests deeper than the reader allows"));
  }
  bytes += sizeof(Value);
  if (json.IsNull()) return Value();
  if (json.IsBool()) return Value(json.GetBool());
  if (json.IsInt64()) return Value(json.GetInt64());
  if (json.IsNumber()) return Value(json.GetDouble());
  if (json.IsString()) {
    bytes += json.GetStringLength();
    return Value(std::string(json.GetString(), json.GetStringLength()));
  }
  if (json.IsArray()) {
    ValueArray out;
    out.reserve(json.Size());
    for (rapidjson::SizeType i = 0; i < json.Size(); ++i) {
      absl::StatusOr<Value> item =
          to_value(json[i], child_pointer(pointer, i), max_depth - 1, bytes);
      if (!item.ok()) return item.status();
      out.push_back(*std::move(item));
    }
    return Value(std::move(out));
  }
  ValueMap out;
  out.reserve(json.MemberCount());
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    std::string_view key = key_view(it->name);
    bytes += sizeof(std::string) + key.size();
    absl::StatusOr<Value> item =
        to_value(it->value, child_pointer(pointer, key), max_depth - 1, bytes);
    if (!item.ok()) return item.status();
    out.emplace_back(std::string(key), *std::move(item));
  }
  return Value(std::move(out));
}

}  // namespace px::gltf
