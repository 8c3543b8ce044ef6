// PolyData: a mesh, VTK-like. Its arrays are read-only numpy views of the memory that holds the
// mesh (the scene it was read with, or its own), with the PolyData as their base object.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "polyxios/ops/mesh_triangles.h"
#include "polyxios/scene/bounds.h"
#include "polyxios/scene/mesh.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "python/src/handles.h"
#include "python/src/mesh_edit.h"
#include "python/src/morph_edit.h"
#include "python/src/polydata_build.h"
#include "python/src/values.h"

namespace px::python {
namespace {

const Mesh& mesh_of(py::handle self) { return self.cast<const MeshHandle&>().get(); }

// point_data / element_attrs: a mapping read and written through to the mesh
// (polyxios/_columns.py), by the private methods below.
py::object columns(py::handle self, bool cells) {
  return py::module_::import("polyxios._columns").attr("Columns")(self, cells);
}

const std::vector<NamedColumn>& named_columns(py::handle self, bool cells) {
  const Mesh& mesh = mesh_of(self);
  return cells ? mesh.cell_data : mesh.point_data;
}

py::array column(py::handle self, const std::string& name, bool cells) {
  const NamedColumn* c = find_column(named_columns(self, cells), name);
  if (c == nullptr) throw py::key_error(name);
  return column_view(c->column, self);
}

py::list column_names(py::handle self, bool cells) {
  py::list names;
  for (const NamedColumn& c : named_columns(self, cells)) names.append(text(c.name));
  return names;
}

// The cell types present, by name, in the order they first occur.
py::tuple element_types(const Mesh& mesh) {
  std::vector<CellType> seen;
  for (CellType type : mesh.cell_types) {
    if (std::find(seen.begin(), seen.end(), type) == seen.end()) seen.push_back(type);
  }
  py::tuple names(seen.size());
  for (size_t i = 0; i < seen.size(); ++i) names[i] = text(cell_type_name(seen[i]));
  return names;
}

py::array points(py::object self) { return column_view(mesh_of(self).points, self); }

// A new (m, 3) uint32 array owning the indices (a capsule frees them), nothing copied.
py::array triangles(py::handle self) {
  auto indices = std::make_unique<std::vector<uint32_t>>();
  {
    const Mesh& mesh = mesh_of(self);
    SceneReading reading(*self.cast<const MeshHandle&>().box);
    py::gil_scoped_release release;
    *indices = mesh_triangles(mesh);
  }
  const py::ssize_t rows = static_cast<py::ssize_t>(indices->size() / 3);
  const uint32_t* data = indices->data();
  py::capsule owner(indices.get(), [](void* p) { delete static_cast<std::vector<uint32_t>*>(p); });
  indices.release();
  return py::array_t<uint32_t>({rows, py::ssize_t{3}}, data, owner);
}

py::object bounds(py::handle self) {
  const Bounds box = point_bounds(mesh_of(self).points);
  if (box.empty()) return py::none();
  py::array_t<double> out({py::ssize_t{2}, py::ssize_t{3}});
  for (py::ssize_t k = 0; k < 3; ++k) {
    out.mutable_at(0, k) = box.min[k];
    out.mutable_at(1, k) = box.max[k];
  }
  return std::move(out);
}

// Each morph target as {"name", "positions", "normals", "tangents", "point_data"}: (n, 3)
// differences from the rest shape, None where the target does not move them, and the differences
// of the texture coordinates and colours it moves by point_data name.
py::tuple morph_targets(py::object self) {
  const std::vector<MorphTarget>& targets = mesh_of(self).morph_targets;
  py::tuple out(targets.size());
  for (size_t i = 0; i < targets.size(); ++i) {
    const MorphTarget& t = targets[i];
    py::dict target;
    target["name"] = text(t.name);
    target["positions"] = column_view(t.positions, self);
    target["normals"] = t.normals.empty() ? py::object(py::none()) : column_view(t.normals, self);
    target["tangents"] =
        t.tangents.empty() ? py::object(py::none()) : column_view(t.tangents, self);
    py::dict point_data;
    for (const NamedColumn& d : t.point_data)
      point_data[text(d.name)] = column_view(d.column, self);
    target["point_data"] = std::move(point_data);
    out[i] = std::move(target);
  }
  return out;
}

// Whether `value` is what the mesh shows already: assigning it back leaves the mesh as it was
// (a read mesh without default weights keeps none, rather than taking zeros).
bool shows(py::handle value, py::handle shown) {
  return py::module_::import("polyxios._attrs").attr("same")(value, shown).cast<bool>();
}

}  // namespace

void bind_polydata(py::module_& m) {
  py::class_<MeshHandle>(m, "PolyData", R"(A mesh: points, vertex attributes and VTK-style cells.

Read from a scene (SceneData.meshes, SceneData.to_polydata(), read()) or made from arrays:

    PolyData(points, cells=None, offsets=None, cell_types=None,
             point_data=None, element_attrs=None, global_attrs=None)

points: (n, 3) float32 or float64 (integers are taken as float64).
cells: the corners' point indices: one dimension with offsets (cells + 1 entries rising from 0
    to len(cells)), or (m, k) for m cells of k corners each. None: a point cloud.
cell_types: a VTK cell type number per cell (CellType); by default a cell of 1, 2, 3, 4 or more
    corners is a vertex, line, triangle, quad or polygon.
point_data: {name: array of n rows} ('normals', 'texcoords', 'colors', ...).
element_attrs: {name: array of m rows} ('material': the material index, -1 for none).
global_attrs: {'mesh_name': str, ...}.

The arrays are copied. Its arrays are read-only views of its memory; assigning points,
point_data[name] or element_attrs[name], or calling set_cells, checks the new values (ValueError
naming the field) and copies them into new memory, leaving arrays read before as they were.)")
      .def(py::init(&build_polydata), py::arg("points"), py::arg("cells") = py::none(),
           py::arg("offsets") = py::none(), py::arg("cell_types") = py::none(),
           py::arg("point_data") = py::none(), py::arg("element_attrs") = py::none(),
           py::arg("global_attrs") = py::none())
      .def_property(
          "points", &points,
          [](py::handle self, py::handle value) {
            set_points(self.cast<const MeshHandle&>(), value);
          },
          "(n, 3) float32 or float64: the positions; takes an (n, 3) array of floats (integers "
          "as float64), of the mesh's number of points unless nothing else counts them")
      .def_property_readonly("vertices", &points, "the points, under the name glTF.md uses")
      .def_property_readonly(
          "cells", [](py::object self) { return index_array(mesh_of(self).connectivity, self); },
          "uint32: every cell's point indices, one after another (cell i is "
          "cells[offsets[i]:offsets[i + 1]])")
      .def_property_readonly(
          "offsets", [](py::object self) { return uint32_view(mesh_of(self).offsets, self); },
          "uint32: where each cell starts in cells, and len(cells) last")
      .def_property_readonly(
          "cell_types",
          [](py::object self) {
            const std::span<const CellType> types = mesh_of(self).cell_types;
            return uint8_view({reinterpret_cast<const uint8_t*>(types.data()), types.size()}, self);
          },
          "uint8: each cell's VTK type number (CellType)")
      .def_property_readonly(
          "element_types", [](py::handle self) { return element_types(mesh_of(self)); },
          "tuple of the cell type names present ('triangle', 'quad', 'line', ...), in the order "
          "they first occur")
      .def_property_readonly(
          "point_data", [](py::handle self) { return columns(self, false); },
          "mapping: vertex attributes by name, one row per point ('normals', 'texcoords', "
          "'texcoords_1', 'colors', 'joints', 'weights', 'tangents', ...); point_data[name] = "
          "array sets one (copied), del point_data[name] removes one")
      .def_property_readonly(
          "element_attrs", [](py::handle self) { return columns(self, true); },
          "mapping: cell attributes by name, one row per cell ('material': int32, -1 for none, "
          "else a material of the scene); set and deleted as point_data")
      .def("_column", &column)
      .def("_column_names", &column_names)
      .def("_set_column",
           [](py::handle self, const std::string& name, py::handle value, bool cells) {
             set_column(self.cast<const MeshHandle&>(), cells, name, value);
           })
      .def(
          "set_cells",
          [](py::handle self, py::handle cells, py::handle offsets, py::handle cell_types,
             py::handle element_attrs) {
            set_cells(self.cast<const MeshHandle&>(), cells, offsets, cell_types, element_attrs);
          },
          py::arg("cells"), py::arg("offsets") = py::none(), py::arg("cell_types") = py::none(),
          py::arg("element_attrs") = py::none(),
          R"(Replaces the cells: cells, offsets and cell_types as PolyData(...) takes them, checked
together (ValueError naming what is wrong, the mesh unchanged). element_attrs (a dict of name ->
array, one row per new cell) replaces the cells' attributes; without it they are kept, which
needs the number of cells unchanged.)")
      .def_property_readonly(
          "index",
          [](py::handle self) -> py::object {
            const MeshHandle& handle = self.cast<const MeshHandle&>();
            handle.get();  // RuntimeError once removed
            if (handle.box->standalone) return py::none();
            return py::int_(handle.slot->index);
          },
          "int: the mesh's index in SceneData.meshes (what SceneNode.mesh holds), None for a "
          "PolyData of its own")
      .def_property_readonly(
          "global_attrs",
          [](py::object self) { return to_python(mesh_of(self).global_attrs, self); },
          "dict: 'mesh_name', ...")
      .def("triangles", &triangles,
           R"((m, 3) uint32: the point indices of every cell's triangles, in cell order: the
triangles the glTF writer draws (polyxios/ops/mesh_triangles.h). A triangle is itself, a quad or
polygon of n corners its n - 2 triangles as the writer triangulates it (the fan where convex, ear
clipping where concave, the fan where neither works), a triangle strip of n corners its n - 2
triangles as glTF draws a strip (the second and third corners of every other one swapped, so all
turn the same way; degenerate ones kept). Lines, poly-lines and points give none, nor does a cell
of too few corners or naming a point past the points. A new array, made at each call.)")
      .def_property_readonly("bounds", &bounds,
                             "(2, 3) float64 [[xmin, ymin, zmin], [xmax, ymax, zmax]] of the "
                             "points (a point with a NaN or infinite coordinate left out, as "
                             "`polyxios info` does), or None when it has none; a new array")
      .def_property(
          "morph_targets", &morph_targets,
          [](py::object self, py::handle value) {
            if (!shows(value, morph_targets(self))) {
              set_morph_targets(self.cast<const MeshHandle&>(), value);
            }
          },
          "tuple of dict: each morph target's 'name' and its (n, 3) "
          "'positions', 'normals', 'tangents' differences from the rest shape "
          "(None where it does not move them) and its 'point_data': the "
          "differences of the 'texcoords' and 'colors' columns it moves. Takes a "
          "sequence of such dicts (copied; ValueError naming the field for a wrong "
          "shape or dtype); another number of targets resets the default weights")
      .def_property(
          "morph_weights",
          [](py::handle self) {
            const Mesh& mesh = mesh_of(self);
            py::tuple out(mesh.morph_targets.size());
            for (size_t t = 0; t < mesh.morph_targets.size(); ++t) out[t] = mesh.morph_weight(t);
            return out;
          },
          [](py::object self, py::handle value) {
            if (!shows(value, self.attr("morph_weights"))) {
              set_mesh_morph_weights(self.cast<const MeshHandle&>(), value);
            }
          },
          "tuple of float: each target's default weight; takes one float per target")
      .def_property_readonly(
          "num_points", [](py::handle self) { return mesh_of(self).num_points(); }, "int")
      .def_property_readonly(
          "num_cells", [](py::handle self) { return mesh_of(self).num_cells(); }, "int")
      .def("__repr__", [](py::handle self) {
        const Mesh& mesh = mesh_of(self);
        std::string names;
        for (const NamedColumn& c : mesh.point_data) names += (names.empty() ? "" : ", ") + c.name;
        return "<PolyData: " + std::to_string(mesh.num_points()) + " points, " +
               std::to_string(mesh.num_cells()) + " cells, point_data [" + names + "]>";
      });
}

}  // namespace px::python
