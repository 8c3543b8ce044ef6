// Animations as <library_animations>: channels on transform sids, glTF channels baked to matrix
// keys; and <library_animation_clips>, one clip per animation that plays alone:
// - an animation read from a COLLADA clip (polyxios/scene/animation.h's "clip") gets its window
// back;
// - when two or more animations are written, each of glTF's (no channel on a COLLADA sid, no
//   window) gets a clip from 0 to its last key time, since COLLADA plays every animation no clip
//   holds at once and glTF plays one at a time. Animations read from COLLADA without a clip stay
//   without one.
// A clip instances its animation, is named as it is, and takes the id "<animation id>-clip"
// (which names it on read when the animation is unnamed, as "animation-<index>" names an unnamed
// animation).
#pragma once

#include "absl/status/status.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Fills plan.animations (see animation_plan.h); refuses, naming the rule, what cannot be written.
absl::Status plan_animations(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
// Writes <library_animations> and <library_animation_clips> from the finished plan.
void write_animations(const Scene& scene, const WritePlan& plan, XmlWriter& xml);

}  // namespace px::collada
