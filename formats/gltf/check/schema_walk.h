// The glTF schema check's machinery (schema_check.cc holds the tables and the rules across
// properties): property kinds built as an_integer("byteLength", kAtLeast1).required(), object
// kinds, and the Walk that checks each object of the document against its kind's table.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "engine/strings.h"
#include "formats/gltf/check/capped_warnings.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"
#include "polyxios/hash_containers.h"

namespace px::gltf::schema_walk {

inline constexpr std::string_view kMissing = "gltf.read.property-missing";
inline constexpr std::string_view kType = "gltf.read.property-type";
inline constexpr std::string_view kRange = "gltf.read.value-out-of-range";
inline constexpr std::string_view kMultiple = "gltf.read.value-not-multiple";
inline constexpr std::string_view kDependency = "gltf.read.property-dependency";
inline constexpr std::string_view kReference = "gltf.read.reference-unresolved";
inline constexpr std::string_view kOneOf = "gltf.read.one-of";
// A camera whose zfar is not beyond its znear (kCameraInvalid), or a magnification of 0.
inline constexpr std::string_view kCameraInvalid = "gltf.read.camera-invalid";
inline constexpr std::string_view kCameraMagnificationZero = "gltf.read.camera-magnification-zero";
inline constexpr std::string_view kNotUnique = "gltf.read.not-unique";
inline constexpr std::string_view kEmptyArray = "gltf.read.empty-array";
inline constexpr std::string_view kEmptyObject = "gltf.read.empty-object";

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The values a number may take: min..max, min itself excluded when exclusive_min.
struct Range {
  double min = -kInfinity;
  double max = kInfinity;
  bool exclusive_min = false;

  bool contains(double v) const { return (exclusive_min ? v > min : v >= min) && v <= max; }
  std::string text() const {
    if (min == -kInfinity) return cat("at most ", max);
    std::string low = exclusive_min ? cat("greater than ", min) : cat("at least ", min);
    if (max == kInfinity) return low;
    return exclusive_min ? cat(low, " and at most ", max) : cat("in ", min, "..", max);
  }
};

inline constexpr Range kAtLeast0{.min = 0};
inline constexpr Range kAtLeast1{.min = 1};
inline constexpr Range kPositive{.min = 0, .exclusive_min = true};
inline constexpr Range kUnit{.min = 0, .max = 1};

// The arrays an index names: the document's top-level arrays, and the samplers of the animation
// a channel belongs to.
enum class Target {
  kAccessors,
  kBuffers,
  kBufferViews,
  kCameras,
  kImages,
  kMaterials,
  kMeshes,
  kNodes,
  kSamplers,
  kScenes,
  kSkins,
  kTextures,
  kAnimationSamplers,
  kCount
};

inline constexpr std::array<std::string_view, static_cast<size_t>(Target::kCount)> kTargetNames = {
    "accessors", "buffers",  "bufferViews", "cameras", "images",   "materials", "meshes",
    "nodes",     "samplers", "scenes",      "skins",   "textures", "samplers"};

// What a property's value must be.
enum class Shape {
  kString,
  kBoolean,
  kNumber,
  kInteger,
  kIndex,
  kObject,     // an object of `schema`
  kObjects,    // a non-empty array of objects of `schema`
  kNumbers,    // a non-empty array of numbers, `items` of them when not 0
  kIndices,    // a non-empty array of distinct indices
  kIndexMap,   // a non-empty object of indices (a primitive's attributes)
  kIndexMaps,  // a non-empty array of index maps (a primitive's morph targets)
};

struct Schema;

// One property of an object kind, built as an_integer("byteLength", kAtLeast1).required().
struct Property {
  std::string_view name;
  Shape shape;
  Range range = {};  // numbers and integers, and the entries of number arrays
  uint32_t items = 0;
  uint32_t multiple = 0;  // integers: a multiple of this when not 0
  Target target = Target::kCount;
  const Schema* schema = nullptr;
  bool is_required = false;
  std::string_view needs = {};  // a property that must be given beside this one

  constexpr Property required() const {
    Property out = *this;
    out.is_required = true;
    return out;
  }
  constexpr Property multiple_of(uint32_t n) const {
    Property out = *this;
    out.multiple = n;
    return out;
  }
  constexpr Property needing(std::string_view other) const {
    Property out = *this;
    out.needs = other;
    return out;
  }
};

constexpr Property a_string(std::string_view name) { return {name, Shape::kString}; }
constexpr Property a_boolean(std::string_view name) { return {name, Shape::kBoolean}; }
constexpr Property a_number(std::string_view name, Range range = {}) {
  return {name, Shape::kNumber, range};
}
constexpr Property an_integer(std::string_view name, Range range = {}) {
  return {name, Shape::kInteger, range};
}
constexpr Property numbers(std::string_view name, uint32_t items = 0, Range range = {}) {
  return {name, Shape::kNumbers, range, items};
}
constexpr Property an_index(std::string_view name, Target target) {
  return {.name = name, .shape = Shape::kIndex, .target = target};
}
constexpr Property indices(std::string_view name, Target target) {
  return {.name = name, .shape = Shape::kIndices, .target = target};
}
constexpr Property an_index_map(std::string_view name, Target target) {
  return {.name = name, .shape = Shape::kIndexMap, .target = target};
}
constexpr Property index_maps(std::string_view name, Target target) {
  return {.name = name, .shape = Shape::kIndexMaps, .target = target};
}
constexpr Property an_object(std::string_view name, const Schema& schema) {
  return {.name = name, .shape = Shape::kObject, .schema = &schema};
}
constexpr Property objects(std::string_view name, const Schema& schema) {
  return {.name = name, .shape = Shape::kObjects, .schema = &schema};
}

class Walk;
// Rules across the properties of one object, which a table does not say.
using Rules = void (*)(Walk& walk, const JsonValue& json, const std::string& pointer);

// An object kind of the schema.
struct Schema {
  std::span<const Property> properties;
  Rules rules = nullptr;
  // An animation: while it is walked, Target::kAnimationSamplers names its samplers.
  bool holds_samplers = false;
};

// A whole number (3 or 3.0) as a double, or nullopt.
inline std::optional<double> whole_number(const JsonValue& value) {
  if (!value.IsNumber()) return std::nullopt;
  double d = value.GetDouble();
  if (d != std::floor(d)) return std::nullopt;
  return d;
}

inline std::string entries(size_t n) {
  return n == 1 ? std::string("1 entry") : cat(n, " entries");
}

// The walk over the document: each object against its kind's table.
class Walk {
 public:
  Walk(const JsonValue& root, Diagnostics& diagnostics) : warnings_(diagnostics) {
    for (size_t t = 0; t < static_cast<size_t>(Target::kAnimationSamplers); ++t) {
      const JsonValue* array = find_member(root, kTargetNames[t]);
      sizes_[t] = array != nullptr && array->IsArray() ? array->Size() : 0;
    }
  }

  // The properties of json (an object at pointer) its kind lists, then the kind's rules.
  void object(const Schema& schema, const JsonValue& json, const std::string& pointer) {
    if (schema.holds_samplers) {
      const JsonValue* samplers = find_member(json, "samplers");
      sizes_[static_cast<size_t>(Target::kAnimationSamplers)] =
          samplers != nullptr && samplers->IsArray() ? samplers->Size() : 0;
      samplers_pointer_ = child_pointer(pointer, "samplers");
    }
    for (const Property& p : schema.properties) {
      const JsonValue* v = find_member(json, p.name);
      if (v == nullptr) {
        if (p.is_required) {
          warn(kMissing, cat(pointer.empty() ? "the document" : pointer, " has no ", p.name,
                             ", which glTF requires"));
        }
        continue;
      }
      if (!p.needs.empty() && find_member(json, p.needs) == nullptr) {
        warn(kDependency, cat(child_pointer(pointer, p.name), " needs ", p.needs,
                              " beside it, which is absent"));
      }
      value(p, *v, child_pointer(pointer, p.name));
    }
    if (schema.rules != nullptr) schema.rules(*this, json, pointer);
  }

  // One property's value, at pointer.
  void value(const Property& p, const JsonValue& v, const std::string& pointer) {
    switch (p.shape) {
      case Shape::kString:
        if (!v.IsString()) wrong_type(v, pointer, "a string");
        return;
      case Shape::kBoolean:
        if (!v.IsBool()) wrong_type(v, pointer, "a boolean");
        return;
      case Shape::kNumber:
        return number(p.range, v, pointer);
      case Shape::kInteger:
        return integer(p, v, pointer);
      case Shape::kIndex:
        index(p.target, v, pointer);
        return;
      case Shape::kObject:
        if (!v.IsObject()) return wrong_type(v, pointer, "an object");
        return object(*p.schema, v, pointer);
      case Shape::kObjects:
        return each_entry(v, pointer, [&](const JsonValue& e, const std::string& at) {
          if (!e.IsObject()) return wrong_type(e, at, "an object");
          object(*p.schema, e, at);
        });
      case Shape::kNumbers:
        return number_array(p, v, pointer);
      case Shape::kIndices:
        return index_array(p.target, v, pointer);
      case Shape::kIndexMap:
        return index_map(p.target, v, pointer);
      case Shape::kIndexMaps:
        return each_entry(v, pointer, [&](const JsonValue& e, const std::string& at) {
          index_map(p.target, e, at);
        });
    }
  }

  void warn(std::string_view code, std::string message) {
    warnings_.warn(code, std::move(message));
  }
  // One warning per code past the cap, in the order the codes were first warned.
  void finish() { warnings_.finish(); }

 private:
  void wrong_type(const JsonValue& v, const std::string& pointer, std::string_view shape) {
    warn(kType, cat(pointer, " is ", json_type_name(v), ", not ", shape));
  }

  void out_of_range(double d, const Range& range, const std::string& pointer) {
    warn(kRange, cat(pointer, ": ", d, " is out of range; glTF requires ", range.text()));
  }

  void number(const Range& range, const JsonValue& v, const std::string& pointer) {
    if (!v.IsNumber()) return wrong_type(v, pointer, "a number");
    if (!range.contains(v.GetDouble())) out_of_range(v.GetDouble(), range, pointer);
  }

  void integer(const Property& p, const JsonValue& v, const std::string& pointer) {
    std::optional<double> n = whole_number(v);
    if (!n) {
      if (!v.IsNumber()) return wrong_type(v, pointer, "an integer");
      return warn(kType, cat(pointer, " is ", v.GetDouble(), ", not an integer"));
    }
    if (!p.range.contains(*n)) return out_of_range(*n, p.range, pointer);
    if (p.multiple != 0 && std::fmod(*n, p.multiple) != 0) {
      warn(kMultiple, cat(pointer, ": ", *n, " is not a multiple of ", p.multiple));
    }
  }

  // The index at pointer, checked to name an entry of target; nullopt when it is no index.
  std::optional<double> index(Target target, const JsonValue& v, const std::string& pointer) {
    std::optional<double> n = whole_number(v);
    if (!n || *n < 0) {
      if (!v.IsNumber()) {
        wrong_type(v, pointer, "an index");
      } else {
        warn(kType, cat(pointer, " is ", v.GetDouble(), ", not an index (a whole number >= 0)"));
      }
      return std::nullopt;
    }
    const size_t size = sizes_[static_cast<size_t>(target)];
    if (*n >= static_cast<double>(size)) {
      std::string array = target == Target::kAnimationSamplers
                              ? samplers_pointer_
                              : cat("/", kTargetNames[static_cast<size_t>(target)]);
      warn(kReference, cat(pointer, " is ", *n, ", but ", array, " has ", entries(size)));
    }
    return n;
  }

  // An array glTF requires non-empty: false, after the warning, when v is none.
  bool nonempty_array(const JsonValue& v, const std::string& pointer) {
    if (!v.IsArray()) {
      wrong_type(v, pointer, "an array");
      return false;
    }
    if (v.Empty()) {
      warn(kEmptyArray, cat(pointer, " is empty; glTF requires at least one entry"));
      return false;
    }
    return true;
  }

  template <class Check>
  void each_entry(const JsonValue& v, const std::string& pointer, Check check) {
    if (!nonempty_array(v, pointer)) return;
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) check(v[i], child_pointer(pointer, i));
  }

  void number_array(const Property& p, const JsonValue& v, const std::string& pointer) {
    if (!nonempty_array(v, pointer)) return;
    if (p.items != 0 && v.Size() != p.items) {
      return warn(kType, cat(pointer, " has ", entries(v.Size()), ", not the ", p.items,
                             " numbers glTF requires"));
    }
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
      number(p.range, v[i], child_pointer(pointer, i));
    }
  }

  void index_array(Target target, const JsonValue& v, const std::string& pointer) {
    if (!nonempty_array(v, pointer)) return;
    HashSet<double> seen;
    seen.reserve(v.Size());
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
      std::string at = child_pointer(pointer, i);
      std::optional<double> n = index(target, v[i], at);
      if (n && !seen.insert(*n).second) {
        warn(kNotUnique, cat(at, " repeats ", *n, "; glTF requires the entries of ", pointer,
                             " to be distinct"));
      }
    }
  }

  void index_map(Target target, const JsonValue& v, const std::string& pointer) {
    if (!v.IsObject()) return wrong_type(v, pointer, "an object");
    if (v.MemberCount() == 0) {
      return warn(kEmptyObject, cat(pointer, " is empty; glTF requires at least one attribute"));
    }
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
      std::string_view key(it->name.GetString(), it->name.GetStringLength());
      index(target, it->value, child_pointer(pointer, key));
    }
  }

  CappedWarnings warnings_;
  std::array<size_t, static_cast<size_t>(Target::kCount)> sizes_{};
  std::string samplers_pointer_;
};

}  // namespace px::gltf::schema_walk
