// --optimize (WriteOptions::compression.optimize): a mesh made cheaper to draw and to compress by
// meshoptimizer, its content kept: identical vertices (every column's row the same) merged into
// one, triangles (triangle, quad and polygon cells, the latter fanned as the writer would)
// reordered for the vertex cache within each material, and vertices reordered for vertex fetch, in
// the order the cells first use them (those no cell uses after them, in their order). Other cells
// keep their order, after the triangles; a cell naming a point the mesh does not have is left as it
// is, for the writer to skip with its warning.
#pragma once

#include "formats/gltf/meshopt_library.h"
#include "polyxios/memory/arena.h"
#include "polyxios/scene/mesh.h"

namespace px::gltf {

// The optimized mesh, its arrays in `arena`, made by meshoptimizer's functions `m`.
Mesh optimize_mesh(const Mesh& mesh, const Meshoptimizer& m, Arena& arena);

}  // namespace px::gltf
