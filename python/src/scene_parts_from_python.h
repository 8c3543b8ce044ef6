// The scene's skins, animations, cameras, lights and asset made from Python dicts, and set on a
// scene. Each dict has the shape the module shows the part in (global_attrs["skins"],
// global_attrs["animations"], SceneData.cameras / lights, global_attrs["asset"]), so a part read
// out and assigned back is the part it was. Each list is checked in full before the scene
// changes, so a refused one (TypeError for a value of the wrong type, ValueError naming the field
// for one out of glTF's rules, IndexError for a node or sampler out of range) leaves the scene as
// it was. The arrays are copied into the scene's arena.
//
// - A skin: {"joints" (node indices, at least one; -1 a joint bound to no node, as a COLLADA read
//   keeps one), "inverse_bind_matrices" ((joints, 4, 4) or (joints, 16), float),
//   "bind_shape_matrix"
//   ((4, 4), float), "skeleton" (a node), "name"}; any other key ("extras", "extensions", a glTF
//   read's members) is kept as the skin's glTF object, which the glTF writer takes its extras from.
// - An animation: {"name", "clip": {"start", "end"}, "channels": [{"sampler", "target": {"node",
//   "path", "sid", "member", "pointer"}, "extras"}], "samplers": [{"times" (keys), "values" (a row
//   per key, three per key for CUBICSPLINE), "interpolation" (default LINEAR), "interpolations",
//   "in_tangents", "out_tangents", "extras"} or None], "extras"}.
// - A camera: glTF's camera object; a light: KHR_lights_punctual's light object (type
//   "ambient" too), held to glTF's rules (polyxios/scene/camera.h, light.h) without fixing one.
// - The asset: {"version", "minVersion", "generator", "copyright", "author", "authoring_tool",
//   "created", "modified", "up_axis" (str each), "unit": {"name", "meter"}}, in the order given.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

// Replaces the scene's skins / animations / cameras / lights with the parts `list` describes. An
// entry equal to what the part at its index shows stays that part as it was (a COLLADA read's
// camera keeps its id), so a list read out and assigned back changes nothing. A list shorter than
// a node's skin, camera or light index is refused (set the node's first). `base`: the SceneData.
void set_skins(SceneBox& box, py::handle list, py::handle base);
void set_animations(SceneBox& box, py::handle list, py::handle base);
void set_cameras(SceneBox& box, py::handle list, py::handle base);
void set_lights(SceneBox& box, py::handle list, py::handle base);
void set_asset(SceneBox& box, py::handle dict);

// global_attrs[key] = value: "skins", "animations" and "asset" as above, "cameras", "lights" and
// "material_variants" refused (ValueError saying where they are set), any other key kept as the
// scene's attribute (a glTF write's "extras" among them).
void set_global_attr(SceneBox& box, const std::string& key, py::handle value, py::handle base);
// del global_attrs[key]: KeyError when the scene has no such attribute.
void delete_global_attr(SceneBox& box, const std::string& key, py::handle base);

}  // namespace px::python
