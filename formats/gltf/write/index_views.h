// A primitive group's indices as a view: the smallest index type its largest vertex holds, and
// the indices made a buffer at a time from the group's runs of cells, a run of plain cells (no
// quad or polygon to triangulate) converted straight from the connectivity, and a triangle group's
// quads and polygons triangulated (polyxios/ops/triangulate.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/mesh_writer.h"

namespace px::gltf {

// Group `group`'s indices as uint32 (a triangle group's quads and polygons triangulated, a
// fallback to the fan warned in `diagnostics`).
std::vector<uint32_t> group_indices(const MeshPlan& plan, size_t group, Diagnostics& diagnostics);

// Plans group `group`'s view and accessor (setting its accessor). The plan must outlive `bin`.
// meshopt: the view is for EXT_meshopt_compression, whose index codecs take 16 or 32 bits only.
void add_index_view(MeshPlan& plan, size_t group, BinLayout& bin, bool meshopt);

}  // namespace px::gltf
