// One key of a node's or a material's extras (SceneNode.extras, SceneMaterial.extras) set or
// deleted from Python. The keys the module makes from typed fields go to those fields:
// - a node's "id" and "sid" (str, a COLLADA node's id and sid), "type" ("JOINT" only) and "skin"
//   (SceneNode.skin); its "camera", "light" and "transforms" are shown only (ValueError naming the
//   property to set: SceneNode.camera, .light, .matrix);
// - a material's "shading" (a COLLADA technique: "lambert", "phong", "blinn", or glTF
//   KHR_materials_unlit's "constant").
// Any other key is kept as the part's own (a glTF write's node or material "extras" among them),
// its arrays copied into the scene's arena; a part of no scene yet takes no such key (ValueError:
// append it first).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "polyxios/scene/scene.h"
#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

void set_node_extra(const PartHandle<Node>& node, const std::string& key, py::handle value);
void delete_node_extra(const PartHandle<Node>& node, const std::string& key);
void set_material_extra(const PartHandle<Material>& material, const std::string& key,
                        py::handle value);
void delete_material_extra(const PartHandle<Material>& material, const std::string& key);

// SceneNode.skin / camera / light: None or -1 for none, else an index into the scene's skins /
// cameras / lights (any index >= 0 for a node of no scene, checked when it is appended). A skin
// needs the node to show a mesh (glTF: the skin deforms it).
void set_node_skin(const PartHandle<Node>& node, py::handle value);
void set_node_camera(const PartHandle<Node>& node, py::handle value);
void set_node_light(const PartHandle<Node>& node, py::handle value);

// The node's skin, camera and light checked against `scene` (IndexError naming the field);
// append_node calls it for a node made in Python.
void check_node_parts(const Scene& scene, const Node& node);

}  // namespace px::python
