// Animation channels on a morph controller's weights, as glTF's "weights" channels.
//
// A channel targets a weight by the controller's id with any sid path and an index
// ("morph/MORPH_WEIGHT(1)", "morph/morph_weights(1)"), or by the MORPH_WEIGHT source's or its
// array's id ("morph-weights(1)", "morph-weights-array(1)"); without an index the channel sets
// every weight (a key holds one value per target). The channels of one node in one animation
// become one channel of path "weights" (no sid: glTF's meaning) whose keys, at the union of the
// channels' key times, hold every target's weight: each channel's curve followed
// (polyxios/ops/animation_curve.h: LINEAR, STEP, BEZIER, HERMITE, CARDINAL, BSPLINE), the default
// weight where none animates it. The keys are STEP when every channel steps, else LINEAR, with a
// key one float32 step before each step (holding the value before it) and three inside each cubic
// span, so that glTF's LINEAR keys play the curve; a channel whose curve cannot be followed is
// dropped (collada.animation.sampler-invalid).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "formats/collada/read/context.h"
#include "polyxios/scene/animation.h"

namespace px::collada {

struct MorphWeightAddress {
  const Element* controller = nullptr;  // the <controller> holding the <morph>
  std::optional<size_t> index;          // nullopt: every weight
};

// The morph weight a channel target addresses, nullopt when it addresses none.
std::optional<MorphWeightAddress> morph_weight_address(const ReadContext& ctx,
                                                       std::string_view target);

// One channel read on a morph weight of a node, before the node's channels are merged.
struct WeightChannel {
  int node = -1;
  std::optional<size_t> index;
  AnimationSampler sampler;
};

// Replaces nothing: appends to `animation` one "weights" channel (and its sampler) per node of
// `channels`, warning (collada.animation.key-width) about a channel whose keys are not one value
// (or, without an index, one per target) and dropping it.
absl::Status merge_weight_channels(ReadContext& ctx, const std::vector<WeightChannel>& channels,
                                   Animation& animation);

}  // namespace px::collada
