#include "formats/gltf/read/read_context.h"

#include <algorithm>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr uint64_t kBaseBudget = uint64_t{64} << 20;
constexpr uint64_t kBudgetPerInputByte = 32;

constexpr std::array<std::string_view, static_cast<size_t>(Top::kCount)> kNames = {
    "accessors", "animations", "buffers",  "bufferViews", "cameras", "images",   "materials",
    "meshes",    "nodes",      "samplers", "scenes",      "skins",   "textures",
};

}  // namespace

ReadContext::ReadContext(JsonObject root, Scene& scene, const ReadOptions& options,
                         Diagnostics& diagnostics, std::filesystem::path base_dir,
                         uint64_t input_bytes)
    : root_(std::move(root)),
      scene_(scene),
      options_(options),
      diagnostics_(diagnostics),
      base_dir_(std::move(base_dir)),
      input_bytes_(input_bytes),
      file_bytes_(input_bytes),
      progress_(options.progress, "the read") {}

absl::Status ReadContext::init() {
  for (size_t i = 0; i < kNames.size(); ++i) {
    absl::StatusOr<const JsonValue*> array = root_.array(kNames[i]);
    if (!array.ok()) return array.status();
    arrays_[i] = *array;
  }
  return absl::OkStatus();
}

std::string_view ReadContext::name(Top top) { return kNames[static_cast<size_t>(top)]; }

size_t ReadContext::count(Top top) const {
  const JsonValue* array = arrays_[static_cast<size_t>(top)];
  return array == nullptr ? 0 : array->Size();
}

absl::StatusOr<JsonObject> ReadContext::entry(Top top, size_t i) const {
  return element_object(*arrays_[static_cast<size_t>(top)], root_.pointer(name(top)), i);
}

namespace {

// Whether the root's string array `key` lists `name`.
bool lists(const JsonObject& root, std::string_view key, std::string_view name) {
  const JsonValue* names = root.find(key);
  if (names == nullptr || !names->IsArray()) return false;
  for (const JsonValue& entry : names->GetArray()) {
    if (entry.IsString() && std::string_view(entry.GetString(), entry.GetStringLength()) == name) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool ReadContext::declared(std::string_view name) const {
  return lists(root_, "extensionsUsed", name);
}

bool ReadContext::required(std::string_view name) const {
  return lists(root_, "extensionsRequired", name);
}

std::optional<JsonObject> ReadContext::extension(const JsonObject& json, std::string_view name,
                                                 std::string_view invalid_code) {
  if (!declared(name)) return std::nullopt;
  absl::StatusOr<std::optional<JsonObject>> extensions = json.object("extensions");
  if (!extensions.ok() || !*extensions) return std::nullopt;
  absl::StatusOr<std::optional<JsonObject>> object = (*extensions)->object(name);
  if (!object.ok()) {
    warn(invalid_code,
         cat(json.pointer("extensions"), "/", name, " is not an object; it is left out"));
    return std::nullopt;
  }
  return *object;
}

absl::StatusOr<Value> ReadContext::value(const JsonValue& json, std::string_view pointer) {
  uint64_t bytes = 0;
  // The value's own depth, the document's root at 1: one more than its pointer's segments.
  const int depth = 1 + static_cast<int>(std::count(pointer.begin(), pointer.end(), '/'));
  absl::StatusOr<Value> out = to_value(json, pointer, options_.limits.max_depth - depth, bytes);
  if (!out.ok()) return out.status();
  if (absl::Status s = charge(bytes, pointer); !s.ok()) return s;
  return out;
}

absl::Status ReadContext::keep(const JsonObject& json, std::string_view key, ValueMap& out) {
  const JsonValue* member = json.find(key);
  if (member == nullptr) return absl::OkStatus();
  absl::StatusOr<Value> v = value(*member, json.pointer(key));
  if (!v.ok()) return v.status();
  set_value(out, key, *std::move(v));
  return absl::OkStatus();
}

absl::Status ReadContext::keep(const JsonObject& json, std::string_view key,
                               std::optional<Value>& out) {
  const JsonValue* member = json.find(key);
  if (member == nullptr) return absl::OkStatus();
  absl::StatusOr<Value> v = value(*member, json.pointer(key));
  if (!v.ok()) return v.status();
  out = *std::move(v);
  return absl::OkStatus();
}

absl::Status ReadContext::take_in_file(uint64_t bytes, std::string_view pointer) {
  const uint64_t limit = options_.limits.max_input_bytes;
  if (bytes > limit || file_bytes_ > limit - bytes) {
    return over_budget("limits.input-bytes",
                       cat(pointer, ": its file of ", bytes, " bytes takes the input past the ",
                           limit, " bytes a read may take in"));
  }
  file_bytes_ += bytes;
  return absl::OkStatus();
}

absl::Status ReadContext::report_accessor() {
  const double accessors = static_cast<double>(std::max<size_t>(count(Top::kAccessors), 1));
  return progress_.report(kJsonRead, 1, std::min(1.0, accessors_reported_++ / accessors));
}

absl::Status ReadContext::check_transient(uint64_t bytes, std::string_view pointer) const {
  const uint64_t limit = input_bytes_ > (UINT64_MAX - kBaseBudget) / kBudgetPerInputByte
                             ? UINT64_MAX
                             : kBaseBudget + input_bytes_ * kBudgetPerInputByte;
  if (bytes > limit || charged_ > limit - bytes) {
    return absl::ResourceExhaustedError(
        cat("gltf.read.budget: ", pointer, ": decoding it would take ", bytes,
            " more bytes, past the ", limit, " a document of ", input_bytes_, " bytes may take"));
  }
  return absl::OkStatus();
}

absl::Status ReadContext::charge(uint64_t bytes, std::string_view pointer) {
  if (absl::Status s = check_transient(bytes, pointer); !s.ok()) return s;
  charged_ += bytes;
  return absl::OkStatus();
}

}  // namespace px::gltf
