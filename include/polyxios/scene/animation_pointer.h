// The KHR_animation_pointer pointers the readers and writers map to another format's parameters:
// a material's, a light's or a camera's, "/materials/N/...", "/extensions/KHR_lights_punctual/
// lights/N/..." and "/cameras/N/...". Other pointers (nodes, extensions) parse as kOther.
//
// N names a Scene::materials index. For a light or a camera it is the index the document the
// channel came from gives, unless the channel's target names a node (polyxios/scene/animation.h):
// then N means the light or camera that node carries, and a writer numbers it as it writes the
// node's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace px {

enum class PointerObject { kMaterial, kLight, kCamera };

struct ParsedPointer {
  PointerObject object = PointerObject::kMaterial;
  size_t index = 0;
  std::string_view property;  // what follows the index: "emissiveFactor", "color", ...
};

// The object a pointer names and the property it animates; nullopt for any other pointer.
std::optional<ParsedPointer> parse_pointer(std::string_view pointer);

// The pointer of `property` of object `index`.
std::string make_pointer(PointerObject object, size_t index, std::string_view property);

// The material and light properties the converters map between COLLADA and glTF (a camera's
// are "<type>/<term>": "perspective/yfov", "orthographic/xmag", ...).
inline constexpr std::string_view kBaseColorFactor = "pbrMetallicRoughness/baseColorFactor";
inline constexpr std::string_view kEmissiveFactor = "emissiveFactor";
inline constexpr std::string_view kRoughnessFactor = "pbrMetallicRoughness/roughnessFactor";
inline constexpr std::string_view kSpecularColorFactor =
    "extensions/KHR_materials_specular/specularColorFactor";
inline constexpr std::string_view kLightColor = "color";
inline constexpr std::string_view kLightIntensity = "intensity";
inline constexpr std::string_view kSpotOuterCone = "spot/outerConeAngle";
inline constexpr std::string_view kSpotInnerCone = "spot/innerConeAngle";

}  // namespace px
