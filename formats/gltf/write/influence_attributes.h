// Skin influences as glTF attributes: a "joints" / "joints_<n>" column as JOINTS_<n> (unsigned
// byte or short VEC4) and its "weights" / "weights_<n>" as WEIGHTS_<n> (float VEC4, each row
// summing to one in float32, as the validator checks).
#pragma once

#include <string>

#include "formats/gltf/write/attribute_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/column.h"

namespace px::gltf {

// Why a joints column cannot be written ("" when it can); sets *max_joint.
std::string check_joints(const Column& joints, int* max_joint);

// Rows [first, end) of JOINTS_n into out. Joints whose weight is written as zero are written as
// 0, the one value the validator expects there.
void fill_joints(const AttributePlan& joints, size_t first, size_t end, char* out);

// The rows fill_weights had to change, for warn_weights once every row is written (counted with
// set 0 alone, a row once).
struct WeightCounts {
  size_t unweighted = 0;
  size_t cleaned = 0;
  size_t out_of_range = 0;
  size_t merged = 0;
};
// Rows [first, end) of WEIGHTS_n into out, renormalised over every set, so that the validator
// finds nothing to reject: negative and non-finite weights become 0, as do those on a joint past
// the plan's joint_limit; a joint named twice with weight keeps one influence, the first, with
// both weights; a row with no positive weight is bound wholly to its first influence (the joints
// attribute does the same).
void fill_weights(const AttributePlan& weights, size_t first, size_t end, char* out,
                  WeightCounts& counts);
// The warnings for what fill_weights changed.
void warn_weights(const WeightCounts& counts, std::string_view label, Diagnostics& diagnostics);

}  // namespace px::gltf
