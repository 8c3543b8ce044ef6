// The dicts the module shows for the typed parts of a scene, as the spec documents them:
// SceneData.global_attrs ("asset", "cameras" and "lights", the scene's attributes, then
// "material_variants", "skins" and "animations"), SceneNode.extras (the node's COLLADA fields,
// camera, light, extras and "skin") and
// SceneMaterial.extras ("shading", then the material's extras).
#pragma once

#include <pybind11/pybind11.h>

#include "polyxios/scene/scene.h"

namespace px::python {

namespace py = pybind11;

// `base` is the Python object keeping the scene alive, the base of every array view.
py::dict global_attrs_dict(const Scene& scene, py::handle base);
py::dict node_extras_dict(const Scene& scene, const Node& node, py::handle base);
py::dict material_extras_dict(const Material& material, py::handle base);
// A skin and an animation as global_attrs lists them.
py::dict skin_dict(const Skin& skin, py::handle base);
py::dict animation_dict(const Animation& animation, py::handle base);
// A camera as glTF's camera object; a light as KHR_lights_punctual's.
py::dict camera_dict(const Camera& camera, py::handle base);
py::object light_object(const Light& light, py::handle base);

}  // namespace px::python
