#include "polyxios/ops/mesh_triangles.h"

namespace px {
namespace {

bool is_polygon(CellType type) {
  return type == CellType::kTriangle || type == CellType::kQuad || type == CellType::kPolygon;
}

// Whether the cells lie where the offsets say, as the glTF writer checks before it writes any.
bool offsets_fit(const Mesh& mesh) {
  if (mesh.num_cells() == 0) return true;
  if (mesh.offsets.size() != mesh.num_cells() + 1) return false;
  for (size_t c = 0; c < mesh.num_cells(); ++c) {
    if (mesh.offsets[c + 1] < mesh.offsets[c] || mesh.offsets[c + 1] > mesh.connectivity.size()) {
      return false;
    }
  }
  return true;
}

}  // namespace

Triangulation CellTriangulator::triangulate(size_t cell, std::vector<uint32_t>* triangles) {
  const IndexSpan corners = mesh_.cell(cell);
  corners_.clear();
  for (uint32_t v : corners) {
    corners_.push_back({mesh_.points.get(v, 0), mesh_.points.get(v, 1), mesh_.points.get(v, 2)});
  }
  const Triangulation outcome = triangulator_.triangulate(corners_, &local_);
  triangles->resize(local_.size());
  for (size_t k = 0; k < local_.size(); ++k) (*triangles)[k] = corners[local_[k]];
  return outcome;
}

std::vector<uint32_t> mesh_triangles(const Mesh& mesh, size_t* fallbacks) {
  std::vector<uint32_t> out;
  if (fallbacks != nullptr) *fallbacks = 0;
  if ((mesh.num_points() > 0 && mesh.points.cols != 3) || !offsets_fit(mesh)) return out;
  size_t polygon_corners = 0;
  size_t triangles = 0;
  for (size_t c = 0; c < mesh.num_cells(); ++c) {
    const size_t n = mesh.cell(c).size();
    const CellType type = mesh.cell_types[c];
    if (n < 3 || (!is_polygon(type) && type != CellType::kTriangleStrip)) continue;
    triangles += n - 2;
    if (is_polygon(type) && n > 3) polygon_corners += n;
  }
  out.reserve(3 * triangles);
  CellTriangulator triangulator(mesh, polygon_corners);
  std::vector<uint32_t> cell_triangles;
  for (size_t c = 0; c < mesh.num_cells(); ++c) {
    const IndexSpan cell = mesh.cell(c);
    const CellType type = mesh.cell_types[c];
    const size_t n = cell.size();
    if (n < 3 || cell.highest() >= mesh.num_points()) continue;
    if (type == CellType::kTriangleStrip) {
      for (size_t i = 0; i + 2 < n; ++i) {
        const size_t odd = i % 2;
        out.insert(out.end(), {cell[i], cell[i + 1 + odd], cell[i + 2 - odd]});
      }
    } else if (is_polygon(type) && n == 3) {
      out.insert(out.end(), {cell[0], cell[1], cell[2]});
    } else if (is_polygon(type)) {
      const Triangulation outcome = triangulator.triangulate(c, &cell_triangles);
      if (fallbacks != nullptr && is_fallback(outcome)) ++*fallbacks;
      out.insert(out.end(), cell_triangles.begin(), cell_triangles.end());
    }
  }
  return out;
}

}  // namespace px
