// The plan of <library_images>, <library_effects> and <library_materials>
// (formats/collada/write/effect_writer.cc).
#pragma once

#include <string>
#include <vector>

#include "model/scene.h"

namespace px::collada {

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
  bool write_alpha_mode = true;         // false when the alpha mode is none of the three glTF names
  std::vector<EffectSampler> samplers;  // every texture the material writes, in first-use order
};

struct EffectsPlan {
  std::vector<MaterialPlan> materials;  // one per Scene::materials entry
  std::vector<std::string> image_ids;   // one per Scene::images entry; empty where not written
  // One per Scene::images entry: the uri written (as an RFC 3986 reference), empty for bytes.
  std::vector<std::string> image_uris;
};

}  // namespace px::collada
