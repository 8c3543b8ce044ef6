#include "model/mesh.h"

namespace px {

std::string_view cell_type_name(CellType type) {
  switch (type) {
    case CellType::kVertex:
      return "vertex";
    case CellType::kLine:
      return "line";
    case CellType::kPolyLine:
      return "poly_line";
    case CellType::kTriangle:
      return "triangle";
    case CellType::kTriangleStrip:
      return "triangle_strip";
    case CellType::kPolygon:
      return "polygon";
    case CellType::kQuad:
      return "quad";
  }
  return "unknown";
}

std::span<const int32_t> Mesh::materials() const {
  const NamedColumn* c = find_cell_data("material");
  if (c == nullptr || !c->column.holds<int32_t>()) return {};
  return c->column.values<int32_t>();
}

}  // namespace px
