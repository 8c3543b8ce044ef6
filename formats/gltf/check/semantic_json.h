// What the semantic checks (asset, animation, mesh, node and skin) share: JSON access that skips
// what the schema check reports (a value of another type, an index naming no entry), accessor
// formats as the Khronos validator names them, and a primitive's attribute semantics counted as the
// validator counts them (the cap on the warnings of one code is capped_warnings.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "formats/gltf/read/read_json.h"

namespace px::gltf::semantic_json {

inline constexpr uint64_t kFloat = 5126;
inline constexpr uint64_t kUnsignedInt = 5125;

// The entries of the array at `key`; none when it is absent or not an array.
std::span<const JsonValue> entries(const JsonValue& object, std::string_view key);

// The string at `key`; `absent` when there is none or it is not a string.
std::string_view string_member(const JsonValue& object, std::string_view key,
                               std::string_view absent = {});

// The object at `key`; nullptr when there is none or it is not an object.
const JsonValue* object_member(const JsonValue& object, std::string_view key);

// An accessor's element format and count, as the validator reads them.
struct AccessorFormat {
  std::string_view type;    // "VEC3"; empty when absent or not a string
  uint64_t component_type;  // 0 when absent or not a whole number
  bool normalized;
  std::optional<uint64_t> count;

  bool is(std::string_view t, uint64_t c, bool n = false) const {
    return type == t && component_type == c && normalized == n;
  }
  // "{VEC4, FLOAT}", "{VEC4, UNSIGNED_BYTE normalized}".
  std::string text() const;
};
AccessorFormat accessor_format(const JsonValue& accessor);

// The semantics of a primitive's attributes as the validator counts them: a semantic not named
// POSITION, NORMAL, TANGENT or COLOR_n, JOINTS_n, TEXCOORD_n, WEIGHTS_n (n without leading zeros)
// and not starting with '_' is invalid; a set whose indices do not run 0..n-1 counts 0, and so do
// JOINTS and WEIGHTS when their counts differ.
struct Semantics {
  bool normal = false;
  bool tangent = false;
  int colors = 0;
  int joints = 0;
  int weights = 0;
  int texcoords = 0;
  std::vector<std::string_view> invalid;        // the invalid names, in the document's order
  std::vector<std::string_view> discontinuous;  // "COLOR", "JOINTS", ... whose indices have gaps
  bool joints_weights_differ = false;
};
Semantics semantics_of(const JsonValue& attributes);

// Whether a morph target's attribute name is one a target may have (POSITION, NORMAL, TANGENT,
// COLOR_n, TEXCOORD_n, or a name starting with '_').
bool valid_target_semantic(std::string_view name);

}  // namespace px::gltf::semantic_json
