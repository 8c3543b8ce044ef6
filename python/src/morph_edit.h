// A mesh's morph targets and default weights, and a node's own weights, set from Python.
//
// - PolyData.morph_targets takes a sequence of dicts as it shows them: {"name" (str, optional),
//   "positions" ((n, 3) float differences, required), "normals" / "tangents" ((n, 3) float or
//   None), "point_data" ({name: float array}, each a 'texcoords' or 'colors' column of the mesh,
//   of its width)}, n the mesh's points. The arrays are copied. Another number of targets resets
//   the mesh's default weights to 0 and the own weights of the nodes that show it (they held one
//   per old target).
// - PolyData.morph_weights: one finite float per target.
// - SceneNode.morph_weights: one per target of its mesh, or () to show the mesh's.
// Each is checked in full first (ValueError naming the field), the part unchanged when refused.
#pragma once

#include <pybind11/pybind11.h>

#include "polyxios/scene/scene.h"
#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

void set_morph_targets(const MeshHandle& mesh, py::handle targets);
void set_mesh_morph_weights(const MeshHandle& mesh, py::handle weights);
void set_node_morph_weights(const PartHandle<Node>& node, py::handle weights);

}  // namespace px::python
