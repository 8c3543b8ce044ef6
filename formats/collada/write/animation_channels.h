// One scene channel as a COLLADA channel (spec collada.md, "Writing"): bound to the transform
// element of the written node that it animates, its keys checked, its sources' numbers and
// parameters planned. Used by animation_writer.cc.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "formats/collada/write/animation_plan.h"
#include "formats/collada/write/node_plan.h"
#include "polyxios/ops/matrix_bake.h"
#include "polyxios/scene/animation.h"
#include "polyxios/scene/transform_elements.h"

namespace px::collada {

// Why a channel is not written: its warning's code and reason.
struct BindFailure {
  std::string code;
  std::string why;
};

// A channel bound to its target (ids not yet given), with every value it sets, as
// "node-id/sid#index", so that a second channel on any of them is told apart.
struct BoundChannel {
  AnimationsPlan::Channel channel;
  std::vector<std::string> animates;
};

// A node written as one <matrix> with a sid (the node plan's <matrix sid="transform">), whose glTF
// channels are baked into its matrix keys.
bool is_single_matrix(const std::vector<TransformElement>& transforms);

// A COLLADA channel (one with a sid) on the written node's element of that sid and kind, with its
// member, when its keys are the width the target takes, finite, increasing, named COLLADA
// interpolations, BEZIER and HERMITE keys with both tangents.
std::optional<BoundChannel> bind_sid_channel(const AnimationTarget& target,
                                             const AnimationSampler& sampler, const NodePlan& node,
                                             BindFailure* failure);

// A channel without a sid on a node spelled with its own elements: bound by its path to the one
// element of that kind the node spells, when its keys hold the element's whole value and
// interpolate in a way COLLADA names; never a rotation (a quaternion, which no <rotate> holds).
std::optional<BoundChannel> bind_path_channel(const AnimationTarget& target,
                                              const AnimationSampler& sampler, const NodePlan& node,
                                              BindFailure* failure);

// A node's baked matrix keys as a channel on its <matrix sid="...">.
BoundChannel baked_channel(const std::string& node_id, const std::string& sid, MatrixKeys keys);

// Target t's weight of a glTF weights channel (one value per target and key) on `address` (a
// morph's MORPH_WEIGHT source and "(t)"): its keys' column t, LINEAR or STEP, or CUBICSPLINE keys
// as BEZIER keys drawing the same cubic.
std::optional<BoundChannel> bind_weight_channel(const AnimationSampler& sampler, size_t t,
                                                const std::string& address, BindFailure* failure);

// The parameter names of a tangent source for keys `width` values wide: a time (X) and a value
// (Y) per component, one time then the values, or the values alone
// (polyxios/ops/animation_curve.h).
std::vector<std::string> tangent_params(const AnimationsPlan::Numbers& tangents, size_t width);

}  // namespace px::collada
