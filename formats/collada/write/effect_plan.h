// The plan of <library_images>, <library_effects> and <library_materials>
// (formats/collada/write/effect_writer.cc).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/scene.h"

namespace px::collada {

// The sids of the parameters an animation channel targets
// (formats/collada/write/pointer_channels.h).
inline constexpr std::string_view kDiffuseSid = "diffuse-color";
inline constexpr std::string_view kTransparentSid = "transparent-color";
inline constexpr std::string_view kEmissionSid = "emission-color";
inline constexpr std::string_view kSpecularSid = "specular-color";
inline constexpr std::string_view kShininessSid = "shininess";

// A texture an effect samples through a <newparam> surface and sampler pair.
struct EffectSampler {
  int texture = -1;         // index into Scene::textures
  std::string surface_sid;  // <newparam sid> of the <surface>
  std::string sampler_sid;  // <newparam sid> of the <sampler2D>, which <texture texture> names
};

struct MaterialPlan {
  std::string id;         // <material id>
  std::string effect_id;  // <effect id>
  // The texcoord symbol the effect's <texture> elements name, bound by <bind_vertex_input> to
  // the geometry's lowest TEXCOORD set; empty when the effect has no texture.
  std::string texcoord_symbol;
  // private to effect_writer.cc: what the effect is written from
  std::string shading;  // phong, lambert, blinn or constant
  // The material as written: textures that cannot be written cleared, colours that are not
  // finite at their defaults.
  Material material;
  bool write_alpha_mode = true;  // false when the alpha mode is none of the three glTF names
  // Animated by a channel (pointer_channels.h): the colour gets the sid the channel targets, and
  // an animated alpha an A_ONE <transparent> even while the material's alpha is 1.
  bool animated_base_color = false;
  bool animated_alpha = false;
  bool animated_emission = false;
  bool animated_specular = false;       // its phong / blinn <specular> colour, written though white
  bool animated_shininess = false;      // its <shininess>, written though roughness 1
  std::vector<EffectSampler> samplers;  // every texture the material writes, in first-use order
};

struct EffectsPlan {
  std::vector<MaterialPlan> materials;  // one per Scene::materials entry
  std::vector<std::string> image_ids;   // one per Scene::images entry; empty where not written
  // One per Scene::images entry: the uri written (as an RFC 3986 reference), empty for bytes.
  std::vector<std::string> image_uris;
};

}  // namespace px::collada
