// JSON access for the glTF reader: every value's type is checked before it is read, and every
// refusal names the JSON pointer of what was wrong ("/accessors/3/count"), where a COLLADA
// refusal names the element and its line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "formats/gltf/json_memory.h"
#include "polyxios/scene/value.h"

// Returns the status of expr from the calling function when it is not OK.
#define PX_GLTF_TRY(expr)                                                      \
  do {                                                                         \
    if (absl::Status px_status_ = (expr); !px_status_.ok()) return px_status_; \
  } while (0)

namespace px::gltf {

// A value of the wrong JSON type, or a required member that is absent.
inline constexpr std::string_view kJsonType = "gltf.json.type";
// A value outside the set or range glTF allows (an unknown enum, a negative count).
inline constexpr std::string_view kJsonValue = "gltf.json.value";
// An index naming an entry its array does not have.
inline constexpr std::string_view kUnresolved = "gltf.reference.unresolved";

// "/meshes/0" + key, with '~' and '/' escaped as RFC 6901 says.
std::string child_pointer(std::string_view pointer, std::string_view key);
std::string child_pointer(std::string_view pointer, size_t index);

// A whole number in a JSON value (3 or 3.0), or nullopt.
std::optional<uint64_t> json_uint(const JsonValue& value);

// A value's JSON type for messages: "null", "a boolean", "a number", "a string", "an array",
// "an object".
std::string_view json_type_name(const JsonValue& value);

// The first member of a JSON object named key; nullptr when there is none or object is not one.
const JsonValue* find_member(const JsonValue& object, std::string_view key);

// Member key as an index into an array of `size` entries; nullopt when absent, not a whole number
// or out of range (for checks that skip what the schema check or the reader reports).
std::optional<size_t> find_index(const JsonValue& object, std::string_view key, size_t size);

// An object of the document together with its JSON pointer.
class JsonObject {
 public:
  // Refuses (gltf.json.type) when value is not an object.
  static absl::StatusOr<JsonObject> of(const JsonValue& value, std::string pointer);

  const JsonValue& json() const { return *value_; }
  const std::string& pointer() const { return pointer_; }
  std::string pointer(std::string_view key) const { return child_pointer(pointer_, key); }
  const JsonValue* find(std::string_view key) const { return find_member(*value_, key); }
  bool has(std::string_view key) const { return find(key) != nullptr; }

  // Optional members: out keeps its value when the key is absent; another type is refused.
  absl::Status get(std::string_view key, std::string& out) const;
  absl::Status get(std::string_view key, bool& out) const;
  absl::Status get(std::string_view key, double& out) const;
  absl::Status get(std::string_view key, uint64_t& out) const;
  // A whole number in 0..INT32_MAX.
  absl::Status get(std::string_view key, int& out) const;
  // An array of exactly out.size() numbers.
  absl::Status get(std::string_view key, std::span<double> out) const;
  // An index into an array of `size` entries; out keeps its value (-1) when absent.
  absl::Status get_index(std::string_view key, size_t size, int& out) const;
  // The same for a member value already found (by walking the object's members, which a lookup
  // by name per member would make quadratic).
  absl::Status index_value(const JsonValue& value, std::string_view key, size_t size,
                           int& out) const;

  // The same, refusing an absent member.
  absl::Status require(std::string_view key, uint64_t& out) const;
  absl::Status require(std::string_view key, std::string& out) const;
  absl::Status require_index(std::string_view key, size_t size, int& out) const;

  // A member object; nullopt when absent.
  absl::StatusOr<std::optional<JsonObject>> object(std::string_view key) const;
  // A member array; nullptr when absent. An empty one reads as empty (the schema check warns
  // about the arrays glTF requires non-empty).
  absl::StatusOr<const JsonValue*> array(std::string_view key) const;

 private:
  JsonObject(const JsonValue* value, std::string pointer)
      : value_(value), pointer_(std::move(pointer)) {}
  absl::Status wrong_type(std::string_view key, std::string_view expected) const;

  const JsonValue* value_;
  std::string pointer_;
};

// Entry i of a JSON array as an object, with its pointer.
absl::StatusOr<JsonObject> element_object(const JsonValue& array, std::string_view pointer,
                                          size_t i);

// A JSON value as a px::Value (integers as int64 where they fit); nesting deeper than max_depth
// is refused (gltf.json.too-deep). bytes grows by about the memory the value takes.
absl::StatusOr<Value> to_value(const JsonValue& json, std::string_view pointer, int max_depth,
                               uint64_t& bytes);

}  // namespace px::gltf
