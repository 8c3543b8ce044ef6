#include "formats/gltf/check/schema_check.h"

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

#include "engine/hash_containers.h"
#include "engine/strings.h"
#include "formats/gltf/read/read_accessors.h"

namespace px::gltf {
namespace {

constexpr std::string_view kMissing = "gltf.read.property-missing";
constexpr std::string_view kType = "gltf.read.property-type";
constexpr std::string_view kRange = "gltf.read.value-out-of-range";
constexpr std::string_view kMultiple = "gltf.read.value-not-multiple";
constexpr std::string_view kDependency = "gltf.read.property-dependency";
constexpr std::string_view kReference = "gltf.read.reference-unresolved";
constexpr std::string_view kOneOf = "gltf.read.one-of";
constexpr std::string_view kCameraInvalid = "gltf.read.camera-invalid";
constexpr std::string_view kNotUnique = "gltf.read.not-unique";
constexpr std::string_view kEmptyArray = "gltf.read.empty-array";
constexpr std::string_view kEmptyObject = "gltf.read.empty-object";

// Warnings of one code past this many are counted, not listed: a hostile document of a million
// empty objects must not make a million messages.
constexpr uint64_t kMaxPerCode = 100;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

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

constexpr Range kAtLeast0{.min = 0};
constexpr Range kAtLeast1{.min = 1};
constexpr Range kPositive{.min = 0, .exclusive_min = true};
constexpr Range kUnit{.min = 0, .max = 1};

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

constexpr std::array<std::string_view, static_cast<size_t>(Target::kCount)> kTargetNames = {
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
std::optional<double> whole_number(const JsonValue& value) {
  if (!value.IsNumber()) return std::nullopt;
  double d = value.GetDouble();
  if (d != std::floor(d)) return std::nullopt;
  return d;
}

std::string entries(size_t n) { return n == 1 ? std::string("1 entry") : cat(n, " entries"); }

// The walk over the document: each object against its kind's table.
class Walk {
 public:
  Walk(const JsonValue& root, Diagnostics& diagnostics) : diagnostics_(diagnostics) {
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
    if (++counts_[std::string(code)] <= kMaxPerCode) diagnostics_.warn(code, std::move(message));
  }

  // One warning per code for those past kMaxPerCode.
  void finish() {
    for (const auto& [code, count] : counts_) {
      if (count <= kMaxPerCode) continue;
      diagnostics_.warn(code,
                        cat(count - kMaxPerCode, " more warnings of this rule are not listed"));
    }
  }

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
  std::optional<double> index(Target target, const JsonValue& v,
                              const std::string& pointer) {
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

  Diagnostics& diagnostics_;
  std::array<size_t, static_cast<size_t>(Target::kCount)> sizes_{};
  std::string samplers_pointer_;
  HashMap<std::string, uint64_t> counts_;
};

// A number of json in range, or nullopt (absent, not a number, or out of range: warned about).
std::optional<double> number_in(const JsonValue& json, std::string_view key,
                                const Range& range) {
  const JsonValue* v = find_member(json, key);
  if (v == nullptr || !v->IsNumber() || !range.contains(v->GetDouble())) return std::nullopt;
  return v->GetDouble();
}

// "2.0": digits, a dot, digits.
bool is_major_minor(std::string_view version) {
  size_t dot = version.find('.');
  auto digits = [](std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
  };
  return dot != std::string_view::npos && digits(version.substr(0, dot)) &&
         digits(version.substr(dot + 1));
}

void asset_rules(Walk& walk, const JsonValue& json, const std::string& pointer) {
  for (std::string_view key : {"version", "minVersion"}) {
    const JsonValue* v = find_member(json, key);
    if (v == nullptr || !v->IsString()) continue;
    std::string_view version(v->GetString(), v->GetStringLength());
    if (!is_major_minor(version)) {
      walk.warn(kRange, cat(child_pointer(pointer, key), ": \"", version,
                            "\" is not a version of the form major.minor"));
    }
  }
}

constexpr Property kAssetProperties[] = {
    a_string("copyright"),
    a_string("generator"),
    a_string("version").required(),
    a_string("minVersion"),
};
constexpr Schema kAsset{kAssetProperties, asset_rules};

constexpr Property kSparseIndicesProperties[] = {
    an_index("bufferView", Target::kBufferViews).required(),
    an_integer("byteOffset", kAtLeast0),
    an_integer("componentType").required(),
};
constexpr Schema kSparseIndices{kSparseIndicesProperties};

constexpr Property kSparseValuesProperties[] = {
    an_index("bufferView", Target::kBufferViews).required(),
    an_integer("byteOffset", kAtLeast0),
};
constexpr Schema kSparseValues{kSparseValuesProperties};

constexpr Property kSparseProperties[] = {
    an_integer("count", kAtLeast1).required(),
    an_object("indices", kSparseIndices).required(),
    an_object("values", kSparseValues).required(),
};
constexpr Schema kSparse{kSparseProperties};

// The values of an integer component type; nullopt for FLOAT and for a type glTF does not define.
std::optional<Range> integer_values(double component_type) {
  if (component_type == kComponentInt8) return Range{.min = -128, .max = 127};
  if (component_type == kComponentUInt8) return Range{.min = 0, .max = 255};
  if (component_type == kComponentInt16) return Range{.min = -32768, .max = 32767};
  if (component_type == kComponentUInt16) return Range{.min = 0, .max = 65535};
  if (component_type == kComponentUInt32) return Range{.min = 0, .max = 4294967295.0};
  return std::nullopt;
}

// min and max hold one value per component, of the component type when it is an integer one.
void accessor_rules(Walk& walk, const JsonValue& json, const std::string& pointer) {
  const JsonValue* type = find_member(json, "type");
  const JsonValue* component = find_member(json, "componentType");
  if (type == nullptr || !type->IsString() || component == nullptr) return;
  std::optional<double> component_type = whole_number(*component);
  const AccessorType* shape = accessor_type({type->GetString(), type->GetStringLength()});
  if (shape == nullptr || !component_type ||
      (*component_type != kComponentFloat && !integer_values(*component_type))) {
    return;
  }
  const uint32_t n = shape->columns * shape->rows;
  std::optional<Range> values = integer_values(*component_type);
  for (std::string_view key : {"min", "max"}) {
    const JsonValue* bounds = find_member(json, key);
    if (bounds == nullptr || !bounds->IsArray() || bounds->Empty()) continue;
    std::string at = child_pointer(pointer, key);
    if (bounds->Size() != n) {
      walk.warn(kType, cat(at, " has ", entries(bounds->Size()), ", but a ", type->GetString(),
                           " accessor has ", n, n == 1 ? " component" : " components"));
      continue;
    }
    if (!values) continue;
    for (rapidjson::SizeType i = 0; i < bounds->Size(); ++i) {
      const JsonValue& b = (*bounds)[i];
      if (!b.IsNumber()) continue;
      std::optional<double> whole = whole_number(b);
      if (!whole || !values->contains(*whole)) {
        walk.warn(kRange, cat(child_pointer(at, i), ": ", b.GetDouble(),
                              " is not a value of componentType ", *component_type,
                              " (a whole number ", values->text(), ")"));
      }
    }
  }
}

constexpr Property kAccessorProperties[] = {
    an_index("bufferView", Target::kBufferViews),
    an_integer("byteOffset", kAtLeast0).needing("bufferView"),
    // componentType and type have open enums: an unknown value is no schema error.
    an_integer("componentType").required(),
    a_boolean("normalized"),
    an_integer("count", kAtLeast1).required(),
    a_string("type").required(),
    numbers("max"),
    numbers("min"),
    an_object("sparse", kSparse),
    a_string("name"),
};
constexpr Schema kAccessor{kAccessorProperties, accessor_rules};

constexpr Property kChannelTargetProperties[] = {
    an_index("node", Target::kNodes),
    a_string("path").required(),
};
constexpr Schema kChannelTarget{kChannelTargetProperties};

constexpr Property kChannelProperties[] = {
    an_index("sampler", Target::kAnimationSamplers).required(),
    an_object("target", kChannelTarget).required(),
};
constexpr Schema kChannel{kChannelProperties};

constexpr Property kAnimationSamplerProperties[] = {
    an_index("input", Target::kAccessors).required(),
    a_string("interpolation"),
    an_index("output", Target::kAccessors).required(),
};
constexpr Schema kAnimationSampler{kAnimationSamplerProperties};

constexpr Property kAnimationProperties[] = {
    objects("channels", kChannel).required(),
    objects("samplers", kAnimationSampler).required(),
    a_string("name"),
};
constexpr Schema kAnimation{kAnimationProperties, nullptr, true};

constexpr Property kBufferProperties[] = {
    a_string("uri"),
    an_integer("byteLength", kAtLeast1).required(),
    a_string("name"),
};
constexpr Schema kBuffer{kBufferProperties};

constexpr Property kBufferViewProperties[] = {
    an_index("buffer", Target::kBuffers).required(),
    an_integer("byteOffset", kAtLeast0),
    an_integer("byteLength", kAtLeast1).required(),
    an_integer("byteStride", {.min = 4, .max = 252}).multiple_of(4),
    an_integer("target"),
    a_string("name"),
};
constexpr Schema kBufferView{kBufferViewProperties};

constexpr Range kOrthographicZnear = kAtLeast0;
constexpr Range kPerspectiveZnear = kPositive;

// zfar > znear, when both are numbers in range (one out of range is warned about as such).
void check_depth_range(Walk& walk, const JsonValue& json, const std::string& pointer,
                       const Range& znear_range) {
  std::optional<double> zfar = number_in(json, "zfar", kPositive);
  std::optional<double> znear = number_in(json, "znear", znear_range);
  if (zfar && znear && *zfar <= *znear) {
    walk.warn(kCameraInvalid,
              cat(pointer, ": zfar ", *zfar, " is not greater than znear ", *znear));
  }
}

void orthographic_rules(Walk& walk, const JsonValue& json, const std::string& pointer) {
  for (std::string_view key : {"xmag", "ymag"}) {
    const JsonValue* v = find_member(json, key);
    if (v != nullptr && v->IsNumber() && v->GetDouble() == 0) {
      walk.warn(kCameraInvalid,
                cat(child_pointer(pointer, key), " is 0; glTF requires xmag and ymag not zero"));
    }
  }
  check_depth_range(walk, json, pointer, kOrthographicZnear);
}

void perspective_rules(Walk& walk, const JsonValue& json, const std::string& pointer) {
  check_depth_range(walk, json, pointer, kPerspectiveZnear);
}

constexpr Property kOrthographicProperties[] = {
    a_number("xmag").required(),
    a_number("ymag").required(),
    a_number("zfar", kPositive).required(),
    a_number("znear", kOrthographicZnear).required(),
};
constexpr Schema kOrthographic{kOrthographicProperties, orthographic_rules};

constexpr Property kPerspectiveProperties[] = {
    a_number("aspectRatio", kPositive),
    a_number("yfov", kPositive).required(),
    a_number("zfar", kPositive),
    a_number("znear", kPerspectiveZnear).required(),
};
constexpr Schema kPerspective{kPerspectiveProperties, perspective_rules};

// A camera has the projection object its type names, and not the other one. Only the object the
// type names is checked, as the validator does: under an unknown type neither is.
void camera_rules(Walk& walk, const JsonValue& json, const std::string& pointer) {
  if (find_member(json, "perspective") != nullptr && find_member(json, "orthographic") != nullptr) {
    walk.warn(kOneOf, cat(pointer, " has both perspective and orthographic; glTF allows one"));
  }
  const JsonValue* type = find_member(json, "type");
  if (type == nullptr || !type->IsString()) return;
  std::string_view name(type->GetString(), type->GetStringLength());
  for (const Property& projection :
       {an_object("perspective", kPerspective), an_object("orthographic", kOrthographic)}) {
    if (name != projection.name) continue;
    const JsonValue* v = find_member(json, projection.name);
    if (v == nullptr) {
      walk.warn(kMissing,
                cat(pointer, " has no ", name, ", which glTF requires of a camera of that type"));
    } else {
      walk.value(projection, *v, child_pointer(pointer, name));
    }
  }
}

constexpr Property kCameraProperties[] = {
    a_string("type").required(),
    a_string("name"),
};
constexpr Schema kCamera{kCameraProperties, camera_rules};

// An image has its data either at a uri or in a bufferView.
void image_rules(Walk& walk, const JsonValue& json, const std::string& pointer) {
  const bool uri = find_member(json, "uri") != nullptr;
  if (uri != (find_member(json, "bufferView") != nullptr)) return;
  walk.warn(kOneOf,
            cat(pointer, uri ? " has both uri and bufferView" : " has neither uri nor bufferView",
                "; glTF requires exactly one"));
}

constexpr Property kImageProperties[] = {
    a_string("uri"),
    a_string("mimeType"),
    an_index("bufferView", Target::kBufferViews).needing("mimeType"),
    a_string("name"),
};
constexpr Schema kImage{kImageProperties, image_rules};

constexpr Property kTextureInfoProperties[] = {
    an_index("index", Target::kTextures).required(),
    an_integer("texCoord", kAtLeast0),
};
constexpr Schema kTextureInfo{kTextureInfoProperties};

constexpr Property kNormalTextureInfoProperties[] = {
    an_index("index", Target::kTextures).required(),
    an_integer("texCoord", kAtLeast0),
    a_number("scale"),
};
constexpr Schema kNormalTextureInfo{kNormalTextureInfoProperties};

constexpr Property kOcclusionTextureInfoProperties[] = {
    an_index("index", Target::kTextures).required(),
    an_integer("texCoord", kAtLeast0),
    a_number("strength", kUnit),
};
constexpr Schema kOcclusionTextureInfo{kOcclusionTextureInfoProperties};

constexpr Property kPbrProperties[] = {
    numbers("baseColorFactor", 4, kUnit),
    an_object("baseColorTexture", kTextureInfo),
    a_number("metallicFactor", kUnit),
    a_number("roughnessFactor", kUnit),
    an_object("metallicRoughnessTexture", kTextureInfo),
};
constexpr Schema kPbr{kPbrProperties};

constexpr Property kMaterialProperties[] = {
    a_string("name"),
    an_object("pbrMetallicRoughness", kPbr),
    an_object("normalTexture", kNormalTextureInfo),
    an_object("occlusionTexture", kOcclusionTextureInfo),
    an_object("emissiveTexture", kTextureInfo),
    numbers("emissiveFactor", 3, kUnit),
    a_string("alphaMode"),
    a_number("alphaCutoff", kAtLeast0),
    a_boolean("doubleSided"),
};
constexpr Schema kMaterial{kMaterialProperties};

constexpr Property kPrimitiveProperties[] = {
    an_index_map("attributes", Target::kAccessors).required(),
    an_index("indices", Target::kAccessors),
    an_index("material", Target::kMaterials),
    an_integer("mode", {.min = 0, .max = 6}),
    index_maps("targets", Target::kAccessors),
};
constexpr Schema kPrimitive{kPrimitiveProperties};

constexpr Property kMeshProperties[] = {
    objects("primitives", kPrimitive).required(),
    numbers("weights"),
    a_string("name"),
};
constexpr Schema kMesh{kMeshProperties};

constexpr Property kNodeProperties[] = {
    an_index("camera", Target::kCameras),
    indices("children", Target::kNodes),
    an_index("skin", Target::kSkins).needing("mesh"),
    numbers("matrix", 16),
    an_index("mesh", Target::kMeshes),
    numbers("rotation", 4, {.min = -1, .max = 1}),
    numbers("scale", 3),
    numbers("translation", 3),
    numbers("weights").needing("mesh"),
    a_string("name"),
};
constexpr Schema kNode{kNodeProperties};

// The filters and wraps are open enums: an unknown value is no schema error.
constexpr Property kSamplerProperties[] = {
    an_integer("magFilter"), an_integer("minFilter"), an_integer("wrapS"),
    an_integer("wrapT"),     a_string("name"),
};
constexpr Schema kSampler{kSamplerProperties};

constexpr Property kSceneProperties[] = {
    indices("nodes", Target::kNodes),
    a_string("name"),
};
constexpr Schema kScene{kSceneProperties};

constexpr Property kSkinProperties[] = {
    an_index("inverseBindMatrices", Target::kAccessors),
    an_index("skeleton", Target::kNodes),
    indices("joints", Target::kNodes).required(),
    a_string("name"),
};
constexpr Schema kSkin{kSkinProperties};

constexpr Property kTextureProperties[] = {
    an_index("sampler", Target::kSamplers),
    an_index("source", Target::kImages),
    a_string("name"),
};
constexpr Schema kTexture{kTextureProperties};

constexpr Property kRootProperties[] = {
    an_object("asset", kAsset).required(),
    an_index("scene", Target::kScenes),
    objects("accessors", kAccessor),
    objects("animations", kAnimation),
    objects("buffers", kBuffer),
    objects("bufferViews", kBufferView),
    objects("cameras", kCamera),
    objects("images", kImage),
    objects("materials", kMaterial),
    objects("meshes", kMesh),
    objects("nodes", kNode),
    objects("samplers", kSampler),
    objects("scenes", kScene),
    objects("skins", kSkin),
    objects("textures", kTexture),
};
constexpr Schema kRoot{kRootProperties};

}  // namespace

void check_schema(const JsonObject& root, Diagnostics& diagnostics) {
  Walk walk(root.json(), diagnostics);
  walk.object(kRoot, root.json(), root.pointer());
  walk.finish();
}

}  // namespace px::gltf
