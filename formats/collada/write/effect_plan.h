// The plan of <library_images>, <library_effects> and <library_materials>
// (formats/collada/write/effect_writer.cc).
#pragma once

#include <string>
#include <vector>

namespace px::collada {

struct MaterialPlan {
  std::string id;         // <material id>
  std::string effect_id;  // <effect id>
  // The texcoord symbol the effect's <texture> elements name, bound by <bind_vertex_input> to
  // the geometry's lowest TEXCOORD set; empty when the effect has no texture.
  std::string texcoord_symbol;
};

struct EffectsPlan {
  std::vector<MaterialPlan> materials;  // one per Scene::materials entry
  std::vector<std::string> image_ids;   // one per Scene::images entry; empty where not written
};

}  // namespace px::collada
