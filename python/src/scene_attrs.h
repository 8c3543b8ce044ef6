// The scene's typed parts as the Python surface spells them (SceneData.global_attrs,
// SceneNode.extras, SceneMaterial.extras): dicts made at each access, with the keys, shapes and
// order the readers gave them when they kept these parts as values.
#pragma once

#include <pybind11/pybind11.h>

#include "model/scene.h"

namespace px::python {

namespace py = pybind11;

// 'asset' (from Scene::asset), then the other attributes in their order ('extras', 'skins',
// 'animations', ...).
py::dict global_attrs_dict(const Scene& scene, py::handle base);

}  // namespace px::python
