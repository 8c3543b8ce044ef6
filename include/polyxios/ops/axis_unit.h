// Converts a scene to another up axis and unit (issue 15, point 13; an opt-in step beyond the
// spec, which records the COLLADA <asset> axis and unit in global_attrs["asset"] and never applies
// them). The source is the asset record's up_axis and unit meter; where it names none, Y_UP and
// 1 metre, COLLADA's defaults and glTF's own frame. The correction C = s * P (model/
// axis_correction.h) takes the source frame to the target's, and it is applied one of two ways,
// with the same world-space result:
//
// - As a root transform (the default): each scene's roots become the children of one new root
//   node holding C, so nothing below it changes: node transforms, animations (whose keys are the
//   nodes' local values) and skins (whose joints' world matrices all gain C) stay exact. A scene
//   whose roots another scene shares with different siblings gets a new root per root instead,
//   since a node has one parent. A skinned node that is a root without children is left where
//   it is: a skin deforms by its joints' world matrices, never its node's (glTF ignores that
//   transform and its validator warns of a skinned node under a parent).
// - Baked (bake = true): every node's local matrix L becomes C L C^-1 and its COLLADA transform
//   elements, element by element (a <lookat> gains a <rotate> after it, since the frame it builds
//   turns with the points it looks from and at); mesh positions become C p, normals, tangents and
//   binormals P n (a tangent's w kept), skin inverse bind and bind shape matrices C M C^-1, and
//   every animation key as its value moves (polyxios/ops/axis_animation.h). So world matrices
//   become C W C^-1 and vertices C W p. A camera or light looks along its node's -Z, which C^-1
//   would turn: it moves to a new child of its node holding P, and camera distances (znear, zfar,
//   xmag, ymag) and a light's range scale by s (a COLLADA light's kept attenuation terms do not: a
//   COLLADA write then spells the glTF terms).
//
// Afterwards the asset record names the target: up_axis the new axis, unit {name "meter", meter
// 1} with meters. A scene already in the target frame only has its record rewritten.
#pragma once

#include <optional>

#include "polyxios/ops/axis_correction.h"
#include "polyxios/ops/bake_note.h"
#include "polyxios/scene/scene.h"

namespace px {

struct AxisUnitTarget {
  std::optional<UpAxis> up_axis;  // nullopt keeps the scene's axis
  bool meters = false;            // scale to metres
  bool bake = false;              // into the geometry rather than a new root
  bool any() const { return up_axis.has_value() || meters; }
};

// The correction from the scene's recorded frame to the target (unknown spellings of the record
// read as Y_UP with a note).
AxisCorrection axis_correction_of(const Scene& scene, const AxisUnitTarget& target,
                                  BakeNotes& notes);

void convert_axis_unit(Scene& scene, const AxisUnitTarget& target, BakeNotes& notes);

}  // namespace px
