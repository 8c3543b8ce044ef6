// The scene's animations as glTF can play them (see spec gltf.md, "Animated nodes"): COLLADA
// channels rebuilt per node as translation, rotation and scale keys (polyxios/ops/node_rebuild.h),
// glTF channels kept as they are, every channel glTF cannot hold skipped with a warning.
//
// - A COLLADA channel (polyxios/scene/animation.h) is skipped with a warning when its node spells
// no
//   element of its sid and kind, when its member names no part of the element, when its keys are
//   not as wide as the part it sets, when its sampler cannot be followed
//   (polyxios/ops/animation_curve.h: HERMITE, CARDINAL, BSPLINE, BEZIER without tangents, no keys,
//   times not increasing, values not finite), when the node's matrix no longer composes from its
//   elements to about six significant digits (it was edited after reading), or when an earlier
//   channel of the animation sets the same values. All of a node's COLLADA channels in one
//   animation are skipped when a glTF channel of that animation already animates the node's
//   translation, rotation or scale.
// - COLLADA plays every animation at once, glTF one at a time. Animations holding COLLADA channels
//   form clips: each joins the first clip none of whose values it animates, else starts a clip of
//   its own. A clip is written as one animation, in the place and under the name of its first
//   one: every node the clip animates gets its translation, rotation and scale channels there,
//   rebuilt from the node's channels in all the clip's animations together. A warning says when a
//   clip holds at rest values of its nodes that only another clip animates. An animation with a
//   clip window (a COLLADA <animation_clip>, polyxios/scene/animation.h) is a clip of its own, its
//   COLLADA channels cut to the window and moved to start at 0 (polyxios/ops/node_rebuild.h), never
//   warned about for the values it leaves at rest; its glTF channels, already in glTF's time, are
//   kept as they are, except its "weights" channels (read from COLLADA's morph weights), cut to the
//   window and moved to start at 0 like its COLLADA channels.
// - A glTF channel is kept in its animation, its sampler shared as it was, with its extras; it is
//   skipped with a warning when its path is not translation, rotation, scale, weights (on a node
//   whose mesh holds morph targets; one value per target and key) or a KHR_animation_pointer's
//   pointer, its node does not exist, its sampler is not a well-formed one, holds no key, NaN,
//   Inf or a value float32 cannot hold, times that are not strictly increasing or are negative,
//   a rotation of zero length, values that are not three per key for a translation or scale,
//   four for a rotation, and for a pointer a row of 1 to 4, 9 or 16 (CUBICSPLINE: three rows per
//   key), an interpolation glTF does not name, or when an earlier channel of its animation
//   animates the same node path or pointer.
// - An animation left with no channel is not written (one warning counts them), so the
//   animations after it move up one index.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "polyxios/ops/bake_note.h"
#include "polyxios/scene/scene.h"

namespace px {

struct BakedSampler {
  std::vector<double> times;   // strictly increasing as float32, never negative
  std::vector<double> values;  // row-major; CUBICSPLINE rows run in-tangent, value, out-tangent
  size_t width = 0;            // values per row
  std::string interpolation;   // LINEAR, STEP or CUBICSPLINE
  std::optional<Value> extras;
};

struct BakedChannel {
  int sampler = -1;
  int node = -1;                        // -1 for a pointer channel
  TargetPath path = TargetPath::kNone;  // translation, rotation, scale, weights or pointer
  std::string pointer;                  // a pointer channel's JSON pointer
  std::optional<Value> extras;
};

struct BakedAnimation {
  std::string name;
  std::vector<BakedChannel> channels;
  std::vector<BakedSampler> samplers;
  std::optional<Value> extras;
};

struct BakedAnimations {
  std::vector<BakedAnimation> animations;  // each with at least one channel
  std::vector<bool> animated;              // per scene node: a written channel targets it
  BakeNotes notes;
};

BakedAnimations bake_animations(const Scene& scene);

}  // namespace px
