// Animations checked on the JSON alone as the Khronos validator links them, each broken rule a
// warning opening with the JSON pointer the validator names; the read goes on as before:
// - a sampler's input not {SCALAR, FLOAT} (gltf.read.animation-input-format), or of fewer than
//   2 elements under CUBICSPLINE (gltf.read.animation-input-too-few);
// - a channel's output accessor of a format its path does not take
//   (gltf.read.animation-output-format), or not of the input's count times 3 under CUBICSPLINE
//   times the morph targets of the node's mesh for "weights" (gltf.read.animation-output-count);
// - "weights" targeted on a node whose mesh has no morph targets
//   (gltf.read.animation-weights-without-morphs);
// - two channels of one animation with the same node and path
//   (gltf.read.animation-duplicate-target);
// - a KHR_animation_pointer channel with a target node (gltf.read.animation-pointer-target-node)
//   or a path other than "pointer" (gltf.read.animation-pointer-target-path).
#pragma once

#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

void check_animations(const JsonObject& root, Diagnostics& diagnostics);

}  // namespace px::gltf
