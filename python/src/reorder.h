// Reordering a scene's parts of one kind from Python (SceneData.reorder_meshes, reorder_nodes,
// reorder_materials, reorder_textures, reorder_images). `order` is a permutation of 0..n-1, new
// part i being old part order[i]; every index the scene holds of that kind follows (renumber.h),
// and each Python object of a part keeps standing for it at its new index. Checked in full first:
// TypeError for an entry that is not an integer; ValueError (the scene unchanged) for an order of
// another length, an entry out of range or listed twice, and for nodes, meshes and materials in a
// scene with KHR_animation_pointer channels (their JSON pointers number them).
#pragma once

#include <pybind11/pybind11.h>

#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

void reorder_meshes(SceneBox& box, py::handle order);
void reorder_nodes(SceneBox& box, py::handle order);
void reorder_materials(SceneBox& box, py::handle order);
void reorder_textures(SceneBox& box, py::handle order);
void reorder_images(SceneBox& box, py::handle order);

}  // namespace px::python
