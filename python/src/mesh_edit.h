// Changes to a mesh's arrays and to a scene's meshes, made from Python. An assignment copies the
// new values into fresh memory of the mesh's arena and repoints the column, leaving the arrays
// handed out before as they were (copy-on-write: handles.h); it is checked in full first, so a
// refused one (ValueError naming the field) leaves the mesh as it was.
//
// - points: (n, 3) float32 or float64 (integers taken as float64). Another number of points is
//   taken only by a mesh with nothing else counted in points: no point_data, no morph targets,
//   no cell naming a point past the new ones.
// - point_data[name] / element_attrs[name]: an array of a column's dtype, one row per point /
//   cell. element_attrs['material'] holds integers, each -1 or a material of the mesh's scene
//   (kept as int32). A column a morph target moves keeps its width, and is not deleted.
// - set_cells: cells, offsets and cell_types together (as PolyData(...) takes them), with the
//   cells' element_attrs when their number changes.
// - append_mesh takes a PolyData of its own (PolyData(...), read(), to_polydata()) without a
//   copy: the scene keeps that PolyData's memory alive. remove_mesh leaves the nodes that showed
//   the mesh without one (and without their skin and own morph weights), moves the later meshes'
//   indices down one, and drops the mesh's material variants; it refuses a scene with
//   KHR_animation_pointer channels (their JSON pointers number the meshes).
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

void set_points(const MeshHandle& mesh, py::handle value);

// Sets (value: an array) or, value None, deletes a column of point_data (cells false) or
// element_attrs (cells true); KeyError deleting one the mesh does not have.
void set_column(const MeshHandle& mesh, bool cells, const std::string& name, py::handle value);

void set_cells(const MeshHandle& mesh, py::handle cells, py::handle offsets, py::handle cell_types,
               py::handle element_attrs);

// Appends the PolyData `mesh` holds and binds `mesh` to its place in the scene; its index.
size_t append_mesh(const std::shared_ptr<SceneBox>& box, MeshHandle& mesh);

void remove_mesh(SceneBox& box, size_t index);

}  // namespace px::python
