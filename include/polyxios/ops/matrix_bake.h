// One node's glTF channels (translation, rotation, scale, in glTF's units and interpolations)
// baked into the keys of one 4x4 matrix, for a format that animates a node as a whole matrix and
// blends it element by element (COLLADA's <matrix>; spec collada.md, "Writing").
//
// - Keys fall at the union of the channels' key times, the node's rest translation, rotation or
//   scale standing where no channel animates it (a rest matrix holding a shear or projection
//   loses it, with a note).
// - Rotations are slerped, CUBICSPLINE follows glTF's Hermite spline (rotations normalised), STEP
//   holds a key's value to the next key.
// - Since an element-by-element blend shrinks a turning node between keys, extra keys split a span
//   whose rotation turns more than 15 degrees (a stepping rotation turns at its keys alone and is
//   not split), each CUBICSPLINE span is split in four, and a STEP channel among blending ones
//   gets a key one float32 step before each of its steps. The output is STEP when every channel
//   steps, else LINEAR.
// - A channel whose path is not translation, rotation or scale, whose interpolation glTF does not
//   name, whose keys are not its path's width (three rows per key for CUBICSPLINE), not finite, a
//   rotation of zero length, or whose times do not increase, or that animates a path an earlier
//   channel already animates, is dropped with a note; keys that come out not finite (times or
//   values too large to blend) drop the whole bake with a note.
// - Times are float32, strictly increasing (polyxios/ops/key_times.h nudge_times), so a reader
// parsing
//   times as float32 keeps them apart; the matrix is evaluated at the times as written.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/ops/bake_note.h"
#include "polyxios/ops/node_rebuild.h"
#include "polyxios/scene/animation.h"

namespace px {

struct MatrixBakeChannel {
  TargetPath path = TargetPath::kNone;        // translation, rotation or scale
  const AnimationSampler* sampler = nullptr;  // glTF's meaning
};

struct MatrixKeys {
  std::vector<double> times;   // float32 values, strictly increasing
  std::vector<double> values;  // 16 per key, row by row (as a COLLADA <matrix> spells them)
  bool step = false;           // every channel steps: the keys step too, else they are LINEAR
};

// nullopt when no channel survives its checks or the keys come out not finite (noted). `rest` is
// the node's local matrix; `label` names the node in notes. Turn splits draw on `budget`, shared
// by one write.
std::optional<MatrixKeys> bake_matrix_keys(const Eigen::Matrix4d& rest,
                                           const std::vector<MatrixBakeChannel>& channels,
                                           std::string_view label, SplitBudget& budget,
                                           BakeNotes& notes);

}  // namespace px
