#include "python/src/polydata_build.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "polyxios/scene/polydata.h"
#include "python/src/arrays.h"
#include "python/src/values.h"

namespace px::python {
namespace {

std::string shape_of(const py::array& array) {
  return py::str(array.attr("shape")).cast<std::string>();
}

Column copy_points(py::handle points, Arena& arena) {
  py::array array = as_array(points);
  const char kind = array.dtype().kind();
  if (kind == 'i' || kind == 'u') {
    array = array.attr("astype")(py::dtype::of<double>()).cast<py::array>();
  } else if (kind != 'f' || !column_dtype(array)) {
    throw py::type_error("points must be float32, float64 or integers, not " +
                         py::str(array.dtype()).cast<std::string>());
  }
  if (array.ndim() != 2 || array.shape(1) != 3) {
    throw py::value_error("points must be of shape (n, 3), not " + shape_of(array));
  }
  return copy_column(array, arena, "points");
}

// The type a cell of `corners` corners takes when none is given.
CellType type_of_size(uint32_t corners) {
  switch (corners) {
    case 1:
      return CellType::kVertex;
    case 2:
      return CellType::kLine;
    case 3:
      return CellType::kTriangle;
    case 4:
      return CellType::kQuad;
    default:
      return CellType::kPolygon;
  }
}

// A dict of name -> array, each of `rows` rows.
std::vector<NamedColumn> copy_columns(py::handle dict, size_t rows, Arena& arena, const char* what,
                                      const char* rows_are) {
  std::vector<NamedColumn> columns;
  if (dict.is_none()) return columns;
  if (!py::isinstance<py::dict>(dict)) {
    throw py::type_error(std::string(what) + " must be a dict of name -> array, not " +
                         type_name(dict));
  }
  for (auto [key, value] : py::reinterpret_borrow<py::dict>(dict)) {
    std::string name = utf8(key, what);
    const std::string label = std::string(what) + "['" + name + "']";
    Column column = copy_column(as_array(value), arena, label.c_str());
    if (column.rows != rows) {
      throw py::value_error(label + " has " + std::to_string(column.rows) + " rows, not one per " +
                            rows_are + " (" + std::to_string(rows) + ")");
    }
    columns.push_back(NamedColumn{std::move(name), column});
  }
  return columns;
}

}  // namespace

void copy_cells(py::handle cells, py::handle offsets, py::handle cell_types, Mesh& mesh,
                Arena& arena) {
  if (cells.is_none()) {
    if (!offsets.is_none() || !cell_types.is_none()) {
      throw py::value_error("offsets and cell_types need cells");
    }
    return;
  }
  py::array connectivity = as_array(cells);
  std::span<const uint32_t> rises;
  if (connectivity.ndim() == 2) {
    if (!offsets.is_none()) {
      throw py::value_error(
          "a 2-D cells array gives its own offsets: pass cells of one "
          "dimension with offsets");
    }
    const auto count = static_cast<size_t>(connectivity.shape(0));
    const auto corners = static_cast<uint32_t>(connectivity.shape(1));
    if (corners == 0)
      throw py::value_error("cells of shape " + shape_of(connectivity) + " have no corners");
    std::span<uint32_t> made = arena.allocate<uint32_t>(count + 1);
    for (size_t i = 0; i <= count; ++i) made[i] = static_cast<uint32_t>(i * corners);
    rises = made;
    connectivity = connectivity.attr("reshape")(-1).cast<py::array>();
  } else {
    if (offsets.is_none()) {
      throw py::value_error("cells of one dimension need offsets (number of cells + 1 entries)");
    }
    rises = copy_indices(as_array(offsets), arena, "offsets");
  }
  if (static_cast<uint64_t>(connectivity.size()) > UINT32_MAX) {
    throw py::value_error("cells holds more than 2^32 - 1 indices");
  }
  mesh.connectivity = copy_indices(connectivity, arena, "cells");
  if (rises.empty() || rises.front() != 0 || rises.back() != mesh.connectivity.size() ||
      !std::is_sorted(rises.begin(), rises.end())) {
    throw py::value_error("offsets must rise from 0 to len(cells) = " +
                          std::to_string(mesh.connectivity.size()));
  }
  mesh.offsets = rises;
  const size_t count = rises.size() - 1;
  for (uint32_t index : mesh.connectivity) {
    if (index >= mesh.num_points()) {
      throw py::value_error("cells name point " + std::to_string(index) + " of " +
                            std::to_string(mesh.num_points()));
    }
  }

  std::span<CellType> types = arena.allocate<CellType>(count);
  if (cell_types.is_none()) {
    for (size_t i = 0; i < count; ++i) types[i] = type_of_size(rises[i + 1] - rises[i]);
  } else {
    const py::array given = as_array(cell_types);
    std::span<const uint32_t> numbers = copy_indices(given, arena, "cell_types");
    if (numbers.size() != count) {
      throw py::value_error("cell_types holds " + std::to_string(numbers.size()) + " types for " +
                            std::to_string(count) + " cells");
    }
    for (size_t i = 0; i < count; ++i) {
      if (numbers[i] > 255) throw py::value_error("cell_types are VTK numbers, 0..255");
      types[i] = static_cast<CellType>(numbers[i]);
    }
  }
  mesh.cell_types = types;
}

MeshHandle build_polydata(py::handle points, py::handle cells, py::handle offsets,
                          py::handle cell_types, py::handle point_data, py::handle element_attrs,
                          py::handle global_attrs) {
  PolyData data;
  Arena& arena = *data.arena;
  Mesh& mesh = data.mesh;
  mesh.points = copy_points(points, arena);
  copy_cells(cells, offsets, cell_types, mesh, arena);
  mesh.point_data = copy_columns(point_data, mesh.num_points(), arena, "point_data", "point");
  mesh.cell_data = copy_columns(element_attrs, mesh.num_cells(), arena, "element_attrs", "cell");
  if (!global_attrs.is_none())
    mesh.global_attrs = map_from_python(global_attrs, arena, "global_attrs");
  return own_mesh(std::move(data));
}

}  // namespace px::python
