#include "python/src/mesh_edit.h"

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "python/src/arrays.h"
#include "python/src/polydata_build.h"
#include "python/src/renumber.h"
#include "python/src/values.h"

namespace px::python {
namespace {

std::string shape_of(const py::array& array) {
  return py::str(array.attr("shape")).cast<std::string>();
}

// `value` as an array of a column's dtype with one row per `rows_are` (`rows` of them); ValueError
// naming `label` otherwise.
py::array checked_rows(py::handle value, size_t rows, const std::string& label,
                       const char* rows_are) {
  const py::array array = as_array(value);
  if (!column_dtype(array)) {
    throw py::value_error(label + " has dtype " + py::str(array.dtype()).cast<std::string>() +
                          ", which no column holds (int8, int16, int32, int64, uint8, uint16, "
                          "uint32, float32, float64)");
  }
  if (array.ndim() == 0 || static_cast<size_t>(array.shape(0)) != rows) {
    throw py::value_error(label + " has shape " + shape_of(array) + ": it needs one row per " +
                          rows_are + " (" + std::to_string(rows) + ")");
  }
  return array;
}

// A "material" column: integers, each -1 or one of the scene's materials, as int32.
Column material_column(const py::array& array, const Scene* scene, Arena& arena) {
  const std::string label = "element_attrs['material']";
  const char kind = array.dtype().kind();
  if ((kind != 'i' && kind != 'u') || array.ndim() != 1) {
    throw py::value_error(label + " must hold one integer per cell, not " +
                          py::str(array.dtype()).cast<std::string>() + " of shape " +
                          shape_of(array));
  }
  const auto values = array.attr("astype")(py::dtype::of<int64_t>()).cast<py::array_t<int64_t>>();
  const int64_t most = scene ? static_cast<int64_t>(scene->materials.size()) - 1 : INT32_MAX;
  std::span<int32_t> out = arena.allocate<int32_t>(static_cast<size_t>(values.size()));
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t v = values.at(static_cast<py::ssize_t>(i));
    if (v < -1 || v > most) {
      throw py::value_error(
          label + " holds " + std::to_string(v) + ": each value is -1 (none) or " +
          (scene
               ? "a material of the scene (it has " + std::to_string(scene->materials.size()) + ")"
               : std::string("a material index")));
    }
    out[i] = static_cast<int32_t>(v);
  }
  return Column::of<int32_t>(out, 1);
}

// The morph target difference that moves point_data column `name`, or nullptr.
const NamedColumn* moved_by_target(const Mesh& mesh, const std::string& name) {
  for (const MorphTarget& t : mesh.morph_targets) {
    if (const NamedColumn* c = find_column(t.point_data, name)) return c;
  }
  return nullptr;
}

std::string column_label(bool cells, const std::string& name) {
  return std::string(cells ? "element_attrs" : "point_data") + "['" + name + "']";
}

void put_column(std::vector<NamedColumn>& columns, const std::string& name, Column column) {
  for (NamedColumn& c : columns) {
    if (c.name == name) {
      c.column = column;
      return;
    }
  }
  columns.push_back(NamedColumn{name, column});
}

}  // namespace

void set_points(const MeshHandle& handle, py::handle value) {
  py::array array = as_array(value);
  const char kind = array.dtype().kind();
  if (kind == 'i' || kind == 'u') {
    array = array.attr("astype")(py::dtype::of<double>()).cast<py::array>();
  } else if (kind != 'f' || !column_dtype(array)) {
    throw py::value_error("points must be float32 or float64 (or integers), not " +
                          py::str(array.dtype()).cast<std::string>());
  }
  if (array.ndim() != 2 || array.shape(1) != 3) {
    throw py::value_error("points must be of shape (n, 3), not " + shape_of(array));
  }
  const Mesh& mesh = handle.get();
  const auto rows = static_cast<size_t>(array.shape(0));
  if (rows != mesh.num_points()) {
    const bool counted = !mesh.point_data.empty() || !mesh.morph_targets.empty() ||
                         (!mesh.connectivity.empty() && mesh.connectivity.highest() >= rows);
    if (counted) {
      throw py::value_error("points: " + std::to_string(rows) + " points for a mesh of " +
                            std::to_string(mesh.num_points()) +
                            " whose point_data, morph targets or cells count its points");
    }
  }
  handle.box->check_editable();
  const Column points = copy_column(array, *handle.box->scene.arena, "points");
  handle.edit().points = points;
}

void set_column(const MeshHandle& handle, bool cells, const std::string& name, py::handle value) {
  const std::string label = column_label(cells, name);
  const Mesh& mesh = handle.get();
  const NamedColumn* moved = cells ? nullptr : moved_by_target(mesh, name);
  if (value.is_none()) {
    if (moved) throw py::value_error(label + " is moved by a morph target: it stays");
    if (!find_column(cells ? mesh.cell_data : mesh.point_data, name)) {
      throw py::key_error(name);
    }
    std::vector<NamedColumn>& columns = cells ? handle.edit().cell_data : handle.edit().point_data;
    std::erase_if(columns, [&name](const NamedColumn& c) { return c.name == name; });
    return;
  }
  const py::array array = checked_rows(value, cells ? mesh.num_cells() : mesh.num_points(), label,
                                       cells ? "cell" : "point");
  handle.box->check_editable();
  Arena& arena = *handle.box->scene.arena;
  const Scene* scene = handle.box->standalone ? nullptr : &handle.box->scene;
  const Column column = cells && name == "material" ? material_column(array, scene, arena)
                                                    : copy_column(array, arena, label.c_str());
  if (moved && (column.cols != moved->column.cols || !dtype_is_float(column.dtype))) {
    throw py::value_error(label + " is moved by a morph target: it keeps its " +
                          std::to_string(moved->column.cols) + " columns of floats");
  }
  Mesh& edited = handle.edit();
  put_column(cells ? edited.cell_data : edited.point_data, name, column);
}

void set_cells(const MeshHandle& handle, py::handle cells, py::handle offsets,
               py::handle cell_types, py::handle element_attrs) {
  handle.box->check_editable();
  Arena& arena = *handle.box->scene.arena;
  Mesh scratch;
  scratch.points = handle.get().points;
  try {
    copy_cells(cells, offsets, cell_types, scratch, arena);
  } catch (const py::type_error& e) {
    throw py::value_error(e.what());  // a dtype, as every assignment reports it
  }
  const Mesh& mesh = handle.get();
  std::vector<NamedColumn> cell_data;
  if (element_attrs.is_none()) {
    for (const NamedColumn& c : mesh.cell_data) {
      if (c.column.rows != scratch.num_cells()) {
        throw py::value_error("set_cells: " + std::to_string(scratch.num_cells()) + " cells, but " +
                              column_label(true, c.name) + " has " + std::to_string(c.column.rows) +
                              " rows: pass element_attrs");
      }
    }
    cell_data = mesh.cell_data;
  } else {
    if (!py::isinstance<py::dict>(element_attrs)) {
      throw py::value_error("element_attrs must be a dict of name -> array, not " +
                            type_name(element_attrs));
    }
    const Scene* scene = handle.box->standalone ? nullptr : &handle.box->scene;
    for (auto [key, value] : py::reinterpret_borrow<py::dict>(element_attrs)) {
      const std::string name = utf8(key, "element_attrs");
      const std::string label = column_label(true, name);
      const py::array array = checked_rows(value, scratch.num_cells(), label, "cell");
      put_column(cell_data, name,
                 name == "material" ? material_column(array, scene, arena)
                                    : copy_column(array, arena, label.c_str()));
    }
  }
  Mesh& edited = handle.edit();
  edited.cell_types = scratch.cell_types;
  edited.offsets = scratch.offsets;
  edited.connectivity = scratch.connectivity;
  edited.cell_data = std::move(cell_data);
}

size_t append_mesh(const std::shared_ptr<SceneBox>& target, MeshHandle& mesh) {
  if (!mesh.box->standalone) {
    throw py::value_error(
        "append_mesh: the PolyData is a mesh of a scene; append a PolyData of "
        "its own (PolyData(...), read(), to_polydata())");
  }
  target->check_editable();
  mesh.box->check_editable();
  Scene& scene = target->scene;
  const Mesh& added = mesh.get();
  for (int32_t m : added.materials()) {
    if (m < -1 || m >= static_cast<int32_t>(scene.materials.size())) {
      throw py::value_error("append_mesh: element_attrs['material'] holds " + std::to_string(m) +
                            ": each value is -1 (none) or a material of the scene (it has " +
                            std::to_string(scene.materials.size()) + ")");
    }
  }
  // The mesh's arrays stay where they are: the scene keeps the PolyData's memory alive.
  scene.meshes.push_back(added);
  scene.arena->retain(mesh.box);
  const size_t index = scene.meshes.size() - 1;
  mesh = MeshHandle::bound(target, index);
  return index;
}

void remove_mesh(SceneBox& box, size_t index) {
  box.check_editable();
  Scene& scene = box.scene;
  if (const std::string why = numbered_by_pointers(scene, "meshes"); !why.empty()) {
    throw py::value_error("remove_mesh: " + why);
  }
  renumber_meshes(scene, removal(scene.meshes.size(), index));
  box.mesh_slots.erase(index);
}

}  // namespace px::python
