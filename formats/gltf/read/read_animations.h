// Animations, into Scene::animations (polyxios/scene/animation.h): channels (a
// KHR_animation_pointer target's pointer in target.pointer, and for a light's or camera's pointer
// the first node carrying it as target.node) and samplers (times and values decoded columns: one
// row per key, or three per key for CUBICSPLINE values), extras kept. A malformed animation,
// channel or sampler, or a sampler whose input or output is not the index of an accessor, is
// refused (gltf.animation.malformed). Warned about, and read on: an input accessor without min and
// max (gltf.read.accessor-no-bounds), negative or not increasing key times
// (gltf.read.animation-input-negative, -not-increasing), rotations not of unit length
// (gltf.read.animation-rotation-not-unit), a channel animating the translation, rotation or
// scale of a node with a matrix (gltf.read.channel-targets-matrix: read as animating what the
// matrix decomposes into) and a KHR_animation_pointer pointer that is not a JSON pointer
// (gltf.read.animation-pointer-invalid: left out, the channel animating nothing).
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

absl::Status read_animations(ReadContext& ctx, Accessors& accessors);

}  // namespace px::gltf
