#include "formats/gltf/check/schema_check.h"

#include <optional>
#include <string>
#include <string_view>

#include "engine/strings.h"
#include "formats/gltf/check/schema_walk.h"

namespace px::gltf {
namespace {

using namespace schema_walk;

// A number of json in range, or nullopt (absent, not a number, or out of range: warned about).
std::optional<double> number_in(const JsonValue& json, std::string_view key, const Range& range) {
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
      walk.warn(kCameraMagnificationZero,
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
