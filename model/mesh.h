// px::Mesh is the spec's PolyData: points, typed vertex columns, and VTK-style cells
// (cell types + offsets + connectivity) with per-cell columns such as "material".
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "model/column.h"
#include "model/value.h"

namespace px {

// VTK's cell type numbers, so the model speaks the same language as the spec.
enum class CellType : uint8_t {
  kVertex = 1,
  kLine = 3,
  kPolyLine = 4,
  kTriangle = 5,
  kTriangleStrip = 6,
  kPolygon = 7,
  kQuad = 9,
};

std::string_view cell_type_name(CellType type);

struct Mesh {
  Column points;                        // n x 3, float32 or float64
  std::vector<NamedColumn> point_data;  // "normals", "texcoords", "texcoords_1", "colors", ...

  std::span<const CellType> cell_types;  // one per cell
  std::span<const uint32_t> offsets;     // cells + 1 entries, rising from 0 to connectivity.size()
  std::span<const uint32_t> connectivity;
  std::vector<NamedColumn> cell_data;  // "material": int32, -1 where none

  ValueMap global_attrs;  // "mesh_name"

  size_t num_points() const { return points.rows; }
  size_t num_cells() const { return cell_types.size(); }
  std::span<const uint32_t> cell(size_t i) const {
    return connectivity.subspan(offsets[i], offsets[i + 1] - offsets[i]);
  }
  const NamedColumn* find_point_data(std::string_view name) const {
    return find_column(point_data, name);
  }
  const NamedColumn* find_cell_data(std::string_view name) const {
    return find_column(cell_data, name);
  }
  // The "material" cell column as int32 values, empty when the mesh has none.
  std::span<const int32_t> materials() const;
};

}  // namespace px
