// px::Mesh is the spec's PolyData: points, typed vertex columns, and VTK-style cells
// (cell types + offsets + connectivity) with per-cell columns such as "material".
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/column.h"
#include "polyxios/scene/index_span.h"
#include "polyxios/scene/value.h"

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

// One morph target (glTF's primitive target, COLLADA's <morph> target geometry): per-vertex
// differences from the mesh's rest shape, one row per vertex of the mesh. `positions` is always
// present (n x 3); `normals` and `tangents` (n x 3: glTF's tangent targets have no handedness) are
// empty where the target does not move them.
struct MorphTarget {
  std::string name;  // may be empty
  Column positions;
  Column normals;
  Column tangents;
  // Differences of the mesh's texture coordinates and colours, each named as the point_data
  // column it moves ("texcoords", "texcoords_1", "colors"), of its rows and columns, floats;
  // only the columns the target moves. Colours move in the units of a float colour (a uint8 or
  // uint16 colour's [0, 1]).
  std::vector<NamedColumn> point_data;
};

// Whether a morph target may move the point_data column `name`: "texcoords", "colors" and their
// numbered sets ("texcoords_1").
bool morph_moves(std::string_view name);

struct Mesh {
  Column points;                        // n x 3, float32 or float64
  std::vector<NamedColumn> point_data;  // "normals", "texcoords", "texcoords_1", "colors", ...

  std::span<const CellType> cell_types;  // one per cell
  std::span<const uint32_t> offsets;     // cells + 1 entries, rising from 0 to connectivity.size()
  IndexSpan connectivity;                // 16 bits wide in some meshes of fewer than 65,536 points
  std::vector<NamedColumn> cell_data;    // "material": int32, -1 where none

  ValueMap global_attrs;  // "mesh_name"

  // Morph targets, each as differences from the rest shape, and their default weights (one per
  // target, or empty: all 0). A "weights" animation channel on a node showing the mesh sets
  // them per key, one value per target.
  std::vector<MorphTarget> morph_targets;
  std::vector<double> morph_weights;

  size_t num_points() const { return points.rows; }
  size_t num_cells() const { return cell_types.size(); }
  IndexSpan cell(size_t i) const {
    return connectivity.subspan(offsets[i], offsets[i + 1] - offsets[i]);
  }
  const NamedColumn* find_point_data(std::string_view name) const {
    return find_column(point_data, name);
  }
  const NamedColumn* find_cell_data(std::string_view name) const {
    return find_column(cell_data, name);
  }
  // Whether every morph target holds positions of one row per vertex, normals / tangents of one
  // row per vertex where it holds them (each 3 columns, floats), and point_data differences each
  // of a "texcoords" or "colors" column of the mesh, float, of its rows and columns.
  bool morph_targets_valid() const;
  // The default weight of target t (0 where the mesh gives none).
  double morph_weight(size_t t) const { return t < morph_weights.size() ? morph_weights[t] : 0; }
  // The "material" cell column as int32 values, empty when the mesh has none.
  std::span<const int32_t> materials() const;
};

}  // namespace px
