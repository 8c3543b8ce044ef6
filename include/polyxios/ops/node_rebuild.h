// One node's COLLADA channels rebuilt as glTF translation / rotation / scale keys: the channels
// applied to the node's transform elements at the union of their key times, the elements composed
// and each key split into the three.
//
// - Output keys are STEP when every channel steps, else LINEAR, and then a STEP span gets a key
//   one float32 step before its step, holding the value before it.
// - A BEZIER span is sampled four times along its curve.
// - Blending spans are split (at their middle, up to eight rounds) until the translation and
//   scale stray from the straight line between two keys by at most a thousandth of their range
//   over the node's keys and the middles of its spans (half of it at the middle, so that the
//   rest of the span keeps within it), and no span's rotation turns more than 15 degrees through
//   its middle, counting the ANGLE of each <rotate> too, which sees whole revolutions the
//   composed matrix hides. So that the rotation plays as COLLADA's and not only as far, a span
//   whose rotation at its middle lies more than 0.05 degree off glTF's slerp is split as well
//   (an eased BEZIER ANGLE would otherwise be degrees off, and a child moves its distance times
//   that). A span whose keys differ in handedness is halved each round, with a warning. The keys
//   splits add are capped per write (SplitBudget).
// - A whole <matrix> channel blends its LINEAR spans as its decomposed keys, as glTF does; on a
//   node spelling that <matrix> alone its keys are kept as they are, unsplit. A BEZIER matrix is
//   followed element by element, as COLLADA blends it.
// - Times before zero are cut, the node taking its value at zero, with a warning; times float32
//   would collapse are nudged (polyxios/ops/key_times.h).
// - With a clip window, only [start, end] is rebuilt, with keys at start and end (the channels
//   followed there), and the keys move back by start so that the clip starts at 0.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "polyxios/ops/animation_curve.h"
#include "polyxios/ops/bake_note.h"
#include "polyxios/scene/animation.h"
#include "polyxios/scene/transform_elements.h"
#include "polyxios/scene/trs.h"

namespace px {

struct NodeChannel {
  size_t element = 0;        // index into the node's elements
  std::vector<int> indices;  // the element's values the channel sets, one per key column
  const Curve* curve = nullptr;
};

// The keys splitting may still add in one write, and whether its cap was reported.
struct SplitBudget {
  size_t remaining = 262144;
  bool warned = false;
};

struct RebuiltNode {
  std::vector<double> times;  // strictly increasing as float32, never negative
  std::vector<Trs> keys;      // consecutive rotations in one hemisphere
  bool step = false;
};

// nullopt, with a warning, when a composed key or its translation or scale is not a finite
// float32. `label` names the node in warnings.
std::optional<RebuiltNode> rebuild_node(const std::vector<TransformElement>& elements,
                                        const std::vector<NodeChannel>& channels,
                                        const std::optional<ClipWindow>& window,
                                        std::string_view label, SplitBudget& budget,
                                        BakeNotes& notes);

}  // namespace px
