// Animations, kept in global_attrs["animations"], one map per animation: "name", "channels"
// (each {"sampler": index, "target": {"node", "path"}}, a KHR_animation_pointer target's pointer in
// target["pointer"]) and "samplers" (each {"times", "values", "interpolation"}, times and values
// decoded columns: one row per key, or three per key for CUBICSPLINE values), extras kept.
// A malformed animation, channel or sampler, or a sampler whose input or output is not the index
// of an accessor, is refused (gltf.animation.malformed).
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read_accessors.h"
#include "formats/gltf/read_context.h"

namespace px::gltf {

absl::Status read_animations(ReadContext& ctx, Accessors& accessors);

}  // namespace px::gltf
