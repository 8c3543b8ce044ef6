// The animation part of baking an axis and unit correction into a scene (polyxios/ops/axis_unit.h):
// each channel's keys moved as the value it animates moves under C M C^-1, so that the animated
// node stays the conjugate of what it was at every time.
//
// - A COLLADA channel (one with a sid) animates one transform element: its keys (and BEZIER
//   tangents' values) take the element's value shuffle (polyxios/ops/axis_correction.h), and a
//   member naming part of the element is renamed to the part its values move to ("Y" of a translate
//   from Z_UP becomes "Z", its keys negated; a <matrix> cell "(i)(j)" another cell). Since every
//   value moves to one place, times and interpolations stay, and the curve between keys is the
//   corrected one exactly.
// - A glTF channel on translation, rotation or scale moves as the node's TRS does (CUBICSPLINE
//   tangents alike); weights stay; a KHR_animation_pointer channel on a node's translation,
//   rotation or scale moves the same, one on another node or camera property is kept as it is
//   with a warning (scene.axis.pointer-kept).
// - A channel whose element, member or key width cannot be followed is kept unchanged with a
//   warning (scene.axis.channel-kept); the writers skip it as they would have.
// - A sampler two channels share but whose values they need moved differently is copied, one
//   copy per move.
#pragma once

#include "polyxios/ops/axis_correction.h"
#include "polyxios/ops/bake_note.h"
#include "polyxios/scene/scene.h"

namespace px {

void correct_animations(Scene& scene, const AxisCorrection& correction, BakeNotes& notes);

}  // namespace px
