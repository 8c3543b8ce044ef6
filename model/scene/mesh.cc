#include "polyxios/scene/mesh.h"

#include <algorithm>

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

bool morph_moves(std::string_view name) {
  for (std::string_view base : {std::string_view("texcoords"), std::string_view("colors")}) {
    if (!name.starts_with(base)) continue;
    std::string_view rest = name.substr(base.size());
    if (rest.empty()) return true;
    return rest.size() >= 2 && rest[0] == '_' &&
           std::all_of(rest.begin() + 1, rest.end(), [](char c) { return c >= '0' && c <= '9'; });
  }
  return false;
}

std::span<const int32_t> Mesh::materials() const {
  const NamedColumn* c = find_cell_data("material");
  if (c == nullptr || !c->column.holds<int32_t>()) return {};
  return c->column.values<int32_t>();
}

bool Mesh::morph_targets_valid() const {
  auto fits = [this](const Column& c, bool required) {
    if (c.empty()) return !required && c.rows == 0;
    return c.rows == num_points() && c.cols == 3 && dtype_is_float(c.dtype) && c.data != nullptr;
  };
  for (const MorphTarget& t : morph_targets) {
    if (!fits(t.positions, true) || !fits(t.normals, false) || !fits(t.tangents, false)) {
      return false;
    }
    for (const NamedColumn& d : t.point_data) {
      const NamedColumn* base = find_point_data(d.name);
      if (base == nullptr || !morph_moves(d.name) || d.column.rows != num_points() ||
          d.column.cols != base->column.cols || !dtype_is_float(d.column.dtype) ||
          d.column.data == nullptr) {
        return false;
      }
    }
  }
  return morph_weights.empty() || morph_weights.size() == morph_targets.size();
}

}  // namespace px
