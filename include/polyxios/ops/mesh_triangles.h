// A mesh's cells as the triangles a glTF write draws of them: triangles as they are, quads and
// polygons triangulated (triangulate.h: the fan where convex, ear clipping where concave) and
// triangle strips as glTF's TRIANGLE_STRIP mode draws them. The glTF writer triangulates its
// quads and polygons through CellTriangulator, so the two cannot differ.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "polyxios/ops/triangulate.h"
#include "polyxios/scene/mesh.h"

namespace px {

// Triangulates a mesh's triangle, quad and polygon cells one after another with one work budget.
class CellTriangulator {
 public:
  // `corners`: the corners of every polygon it will triangulate (the budget's measure).
  CellTriangulator(const Mesh& mesh, size_t corners) : mesh_(mesh), triangulator_(corners) {}

  // The n - 2 triangles of cell `cell` (n >= 3 corners, each below mesh.num_points(), the mesh's
  // points n x 3), as 3 (n - 2) point indices written to `triangles`.
  Triangulation triangulate(size_t cell, std::vector<uint32_t>* triangles);

 private:
  const Mesh& mesh_;
  Triangulator triangulator_;
  std::vector<Point3> corners_;
  std::vector<uint32_t> local_;  // the triangles as corner numbers of the cell
};

// Every cell's triangles as point indices, three per triangle, in cell order: a triangle, quad
// or polygon of n corners gives n - 2 (CellTriangulator), a triangle strip of n its n - 2
// (triangle i is (v[i], v[i + 1], v[i + 2]), its second and third corners swapped for odd i, as
// glTF draws a strip; degenerate ones kept), lines and points none. What a glTF write skips gives
// none too: a cell of too few corners or naming a point past the points; and a mesh whose points
// are not n x 3 or whose offsets do not fit its cells, which it refuses, gives none at all.
// `fallbacks`, when given, counts the polygons written as a fan by is_fallback.
std::vector<uint32_t> mesh_triangles(const Mesh& mesh, size_t* fallbacks = nullptr);

}  // namespace px
