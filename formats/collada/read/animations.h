// <library_animations>: every <animation> as an entry of Scene::animations
// (polyxios/scene/animation.h: glTF's shape, COLLADA's meaning).
//
// - An animation is named by its name, else its id. A nested <animation> is not one of its own:
//   its channels (and the samplers they use) join the top-level animation holding it, in document
//   order.
// - An <animation_clip> (formats/collada/read/animation_clips.h) is one animation of its own,
//   after the others: the channels of the animations it plays (and of those inside them), named
//   by the clip, with the clip's window in Animation::clip (an open end is the
//   clip's last key time). The channels keep their key times, whole: the glTF bake cuts them to the
//   window, the COLLADA writer writes the window back. An animation a clip plays is played only
//   in its clips, in each of them; the others are animations as before. A second clip playing an
//   animation counts its channels against the channel-target cap.
// - A channel's target address "id/sid/.../sid.member" is followed from the element of that id:
//   each sid breadth-first below the node before it, the last one a transform element's sid, found
//   on that node first, then on the nodes below it. A channel on an effect's, a light's or a
//   camera's parameter becomes a KHR_animation_pointer channel (formats/collada/read/
//   parameter_channels.h). A channel reaching neither (an ambient colour, a node without such a
//   sid) is dropped; one warning (collada.animation.target-unresolved) counts them all.
//   A node that <instance_node> copied gives the channel a target per copy (the address followed
//   in each copy), capped like the copies.
// - target.path names the element's kind (target_path_of_element), target.sid its sid,
// target.member what follows the sid without its '.' ("ANGLE",
//   "X", "(3)", "(0)(3)").
// - A sampler's INPUT, OUTPUT, IN_TANGENT and OUT_TANGENT become times, values, in_tangents and
//   out_tangents (float64 in the scene's arena, a row per key). A param of type floatN or floatNxM
//   reads N or N*M values; a source whose params are all unnamed (the FBX COLLADA exporter's) is
//   read whole. Interpolation names are upper-cased, a name the specification does not give is
//   LINEAR with a warning, and a sampler without INTERPOLATION is LINEAR.
// - A channel whose keys are not the width its target takes (the element's value count, one for
//   a named member or a (i)(j) cell, four for a (i) column of a <matrix>) is dropped with a
//   warning, as is one whose sampler lacks INPUT or OUTPUT or whose sources disagree on the key
//   count.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/materials.h"
#include "formats/collada/read/nodes.h"

namespace px::collada {

absl::Status read_animations(ReadContext& ctx, const NodeIndex& nodes, const Materials& materials);

}  // namespace px::collada
