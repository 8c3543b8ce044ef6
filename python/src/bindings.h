// The module's parts, each adding its classes or functions to it (module.cc calls them in order:
// classes before the functions whose signatures name them).
#pragma once

#include <pybind11/pybind11.h>

namespace px::python {

namespace py = pybind11;

void bind_polydata(py::module_& m);  // PolyData
void bind_scene(py::module_& m);     // SceneData, SceneNode, SceneMaterial, SceneTexture, ...
void bind_node(py::module_& m);      // SceneNode (bind_scene calls it)
void bind_material(py::module_& m);  // SceneMaterial, SceneTextureRef (bind_scene calls it)
void bind_io(py::module_& m);        // read_scene, write_scene, read, write

// SceneTexture and SceneImage; SceneData's append_ and remove_texture and _image; its reorder_*
// (bind_scene calls them, the last two once SceneData is there).
void bind_texture_and_image(py::module_& m);
void bind_texture_and_image_edits(py::module_& m);
void bind_reorder(py::module_& m);

}  // namespace px::python
