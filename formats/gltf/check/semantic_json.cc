#include "formats/gltf/check/semantic_json.h"

#include <array>
#include <utility>

#include "engine/strings.h"

namespace px::gltf::semantic_json {
namespace {

std::string_view component_type_name(uint64_t component_type) {
  switch (component_type) {
    case 5120:
      return "BYTE";
    case 5121:
      return "UNSIGNED_BYTE";
    case 5122:
      return "SHORT";
    case 5123:
      return "UNSIGNED_SHORT";
    case 5125:
      return "UNSIGNED_INT";
    case 5126:
      return "FLOAT";
    default:
      return "";
  }
}

// The index of an indexed semantic ("0" of TEXCOORD_0): digits without a leading zero; nullopt
// for anything else.
std::optional<int> semantic_index(std::string_view digits) {
  if (digits.empty() || digits.size() > 9 || (digits.size() > 1 && digits[0] == '0')) {
    return std::nullopt;
  }
  int index = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    index = index * 10 + (c - '0');
  }
  return index;
}

// "TEXCOORD_0" as {"TEXCOORD", "0"}; nullopt unless there is exactly one '_'.
std::optional<std::pair<std::string_view, std::string_view>> split_semantic(std::string_view name) {
  const size_t underscore = name.find('_');
  if (underscore == std::string_view::npos || name.find('_', underscore + 1) != name.npos) {
    return std::nullopt;
  }
  return std::pair{name.substr(0, underscore), name.substr(underscore + 1)};
}

}  // namespace

std::span<const JsonValue> entries(const JsonValue& object, std::string_view key) {
  const JsonValue* v = find_member(object, key);
  if (v == nullptr || !v->IsArray()) return {};
  return {v->Begin(), v->Size()};
}

std::string_view string_member(const JsonValue& object, std::string_view key,
                               std::string_view absent) {
  const JsonValue* v = find_member(object, key);
  if (v == nullptr || !v->IsString()) return absent;
  return {v->GetString(), v->GetStringLength()};
}

const JsonValue* object_member(const JsonValue& object, std::string_view key) {
  const JsonValue* v = find_member(object, key);
  return v != nullptr && v->IsObject() ? v : nullptr;
}

std::string AccessorFormat::text() const {
  std::string out = cat("{", type, ", ", component_type_name(component_type));
  if (normalized) out += " normalized";
  return out + "}";
}

AccessorFormat accessor_format(const JsonValue& accessor) {
  AccessorFormat f{.type = string_member(accessor, "type"),
                   .component_type = 0,
                   .normalized = false,
                   .count = std::nullopt};
  if (const JsonValue* c = find_member(accessor, "componentType")) {
    f.component_type = json_uint(*c).value_or(0);
  }
  const JsonValue* n = find_member(accessor, "normalized");
  f.normalized = n != nullptr && n->IsBool() && n->GetBool();
  if (const JsonValue* c = find_member(accessor, "count")) f.count = json_uint(*c);
  return f;
}

Semantics semantics_of(const JsonValue& attributes) {
  Semantics out;
  if (!attributes.IsObject()) return out;
  struct Set {
    std::string_view name;
    int* count;
    int max = -1;
  };
  std::array<Set, 4> sets{Set{"COLOR", &out.colors}, Set{"JOINTS", &out.joints},
                          Set{"WEIGHTS", &out.weights}, Set{"TEXCOORD", &out.texcoords}};
  for (const auto& member : attributes.GetObject()) {
    const std::string_view name(member.name.GetString(), member.name.GetStringLength());
    if (name.starts_with('_')) continue;  // an application's own semantic
    if (name == "POSITION") continue;
    if (name == "NORMAL") {
      out.normal = true;
      continue;
    }
    if (name == "TANGENT") {
      out.tangent = true;
      continue;
    }
    const auto parts = split_semantic(name);
    Set* set = nullptr;
    for (Set& s : sets) {
      if (parts && parts->first == s.name) set = &s;
    }
    const std::optional<int> index = parts ? semantic_index(parts->second) : std::nullopt;
    if (set == nullptr || !index) {
      out.invalid.push_back(name);
      continue;
    }
    ++*set->count;
    if (*index > set->max) set->max = *index;
  }
  for (Set& s : sets) {
    if (s.max + 1 != *s.count) {
      out.discontinuous.push_back(s.name);
      *s.count = 0;
    }
  }
  if (out.joints != out.weights) {
    out.joints_weights_differ = true;
    out.joints = 0;
    out.weights = 0;
  }
  return out;
}

bool valid_target_semantic(std::string_view name) {
  if (name.starts_with('_') || name == "POSITION" || name == "NORMAL" || name == "TANGENT") {
    return true;
  }
  const auto parts = split_semantic(name);
  return parts && (parts->first == "COLOR" || parts->first == "TEXCOORD") &&
         semantic_index(parts->second).has_value();
}

}  // namespace px::gltf::semantic_json
