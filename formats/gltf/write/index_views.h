// A primitive group's indices as a view: the smallest index type its largest vertex holds, and
// the indices made a buffer at a time from the group's runs of cells, a run of plain cells (no
// quad or polygon to triangulate) converted straight from the connectivity, and a triangle group's
// quads and polygons triangulated (model/triangulate.h).
#pragma once

#include <cstddef>

#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/mesh_writer.h"

namespace px::gltf {

// Plans group `group`'s view and accessor (setting its accessor). The plan must outlive `bin`.
void add_index_view(MeshPlan& plan, size_t group, BinLayout& bin);

}  // namespace px::gltf
