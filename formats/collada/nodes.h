// <library_visual_scenes> and <library_nodes>: the node tree with its transforms, geometry
// instances resolved to meshes per material binding, <instance_node> copies, and <scene>.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/context.h"
#include "formats/collada/geometry.h"
#include "formats/collada/materials.h"

namespace px::collada {

absl::Status read_visual_scenes(ReadContext& ctx, Geometries& geometries,
                                const Materials& materials);

// The materials of each primitive block of a geometry instanced without <bind_material>: a
// symbol naming a material's id takes that material, any other -1.
std::vector<int32_t> default_block_materials(const ReadContext& ctx, const GeometryRecord& record,
                                             const Materials& materials);

}  // namespace px::collada
