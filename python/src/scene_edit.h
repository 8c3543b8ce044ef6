// Changes to a scene's structure made from Python, each checked in full before it changes
// anything, so that a refused edit (an exception) leaves the scene as it was. How a Python
// handle owns the scene it edits, and why arrays read before an edit never change: handles.h.
//
// Node indices, wherever the scene holds them (nodes' children, the scenes' roots, skins'
// joints and skeleton, animation channels' targets), stay consistent:
// - append_node adds a node last, as the last child of `parent`, or (no parent) as a root of the
//   default scene (made, and made the default, when the scene has no scene; ValueError when it
//   has scenes but no default one).
// - remove_node refuses (ValueError naming what holds on to it) a node that still has children,
//   that a skin lists as a joint or skeleton, or that an animation channel targets, and any node
//   of a scene with KHR_animation_pointer channels (their JSON pointers number the nodes).
//   Otherwise the node leaves its parents' children and the scenes' roots, and every reference
//   to a node after it moves down one.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "polyxios/scene/scene.h"
#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

// A Python integer (anything with __index__, not a bool); TypeError naming `what` otherwise.
// One past the range of long long reads as LLONG_MAX or LLONG_MIN, out of every range here.
long long python_int(py::handle value, const std::string& what);

// An index in 0..count-1 ("mesh 4 is out of range: the scene has 2 meshes"); IndexError otherwise.
size_t index_in(py::handle value, size_t count, const std::string& what, const char* parts);

// Integers as a list (any iterable of them); TypeError naming `what` for another value.
std::vector<int> int_list(py::handle value, const std::string& what);

// `children` as the children of node `parent` of `scene`: each a node of the scene (IndexError
// otherwise), none listed twice, none `parent` itself or one of its ancestors (ValueError: a
// cycle).
void check_children(const Scene& scene, size_t parent, const std::vector<int>& children);

// The scene's roots, each a list of node indices in range with none twice.
void set_scenes(Scene& scene, py::handle scenes);

// Appends `node` (detached: mesh and children not yet checked against a scene) and returns its
// index; IndexError for a mesh, child or parent out of range, ValueError for a child listed twice
// or one above `parent` (a cycle).
size_t append_node(SceneBox& box, Node node, py::handle parent);

// Removes node `index` (in range), or raises ValueError as the header says.
void remove_node(SceneBox& box, size_t index);

}  // namespace px::python
