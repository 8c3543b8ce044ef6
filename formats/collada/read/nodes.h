// <library_visual_scenes> and <library_nodes>: the node tree with its transforms, geometry
// instances resolved to meshes per material binding, <instance_node> copies, and <scene>.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/geometry.h"
#include "formats/collada/read/materials.h"
#include "formats/collada/read/skins.h"
#include "polyxios/hash_containers.h"

namespace px::collada {

// Where each <node> element landed in Scene::nodes: one index per copy (an <instance_node>
// copies a node once per instance), in the order the copies were made.
struct NodeIndex {
  HashMap<const Element*, std::vector<int>> copies;
  // The element each scene node was read from.
  std::vector<const Element*> element_of;
  // The nodes showing each morph controller's targets (their mesh holds them), for the weight
  // animations that target the controller.
  HashMap<const Element*, std::vector<int>> morph_nodes;
};

// Reads every visual scene; skinned instances are handed to `skins` to bind once the tree exists.
absl::Status read_visual_scenes(ReadContext& ctx, Geometries& geometries,
                                const Materials& materials, SkinReader& skins, NodeIndex* index);

// The materials of each primitive block of a geometry instanced without <bind_material>: a
// symbol naming a material's id takes that material, any other -1.
std::vector<int32_t> default_block_materials(const ReadContext& ctx, const GeometryRecord& record,
                                             const Materials& materials);

}  // namespace px::collada
