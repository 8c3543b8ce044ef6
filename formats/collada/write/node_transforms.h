// How a node's transform is spelled (spec collada.md, Writing and Quirks): with the transform
// elements it was read with while they are finite and still compose to its matrix, else as one
// <matrix sid="transform"> (plan_nodes refuses a matrix that is not finite); a transform sid a
// channel target cannot end in, or that repeats an earlier one of the node, is left out with a
// warning.
#pragma once

#include "formats/collada/write/node_plan.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// The sid of the <matrix> a node is spelled with when its elements are not kept; the animation
// writer bakes channels to it.
inline constexpr std::string_view kMatrixSid = "transform";

// Fills plan.transforms and plan.as_matrix.
void plan_transforms(const Node& node, NodePlan& plan, Diagnostics& diagnostics);

}  // namespace px::collada
