#include "formats/gltf/write/influence_attributes.h"

#include <cmath>
#include <cstring>

#include "engine/strings.h"
#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/typed_column.h"

namespace px::gltf {
namespace {

constexpr int kWidth = 4;

double clean_weight(double w) { return w >= 0 && std::isfinite(w) ? w : 0; }

// A weight as the fraction it stands for: uint8 and uint16 weights are glTF's normalised ones
// (255 or 65535 is 1), so that they add up right beside float weights of another set.
double weight(const Column& c, size_t row, int k) {
  double w = c.get(row, k);
  if (c.holds<uint8_t>()) return w / 255.0;
  if (c.holds<uint16_t>()) return w / 65535.0;
  return w;
}

// The weights of one row of set `set` as written: clamped at 0 and scaled so that the row's
// weights over every set sum to one (in float32 too, when there is one set), or, when none is
// positive, all on the first influence of set 0. False when a weight had to be cleaned.
bool normalized_row(const std::vector<const Column*>& sets, int set, size_t row,
                    float out[kWidth]) {
  double sum = 0;
  bool clean = true;
  for (const Column* c : sets) {
    if (c == nullptr) continue;
    for (int k = 0; k < kWidth; ++k) {
      double w = weight(*c, row, k);
      clean &= clean_weight(w) == w;
      sum += clean_weight(w);
    }
  }
  if (!(sum > 0) || !std::isfinite(sum)) {
    out[0] = set == 0 ? 1.0f : 0.0f;
    out[1] = out[2] = out[3] = 0;
    return false;
  }
  const Column& c = *sets[set];
  int largest = 0;
  for (int k = 0; k < kWidth; ++k) {
    out[k] = static_cast<float>(clean_weight(weight(c, row, k)) / sum);
    if (out[k] > out[largest]) largest = k;
  }
  if (sets.size() == 1) {
    // Put float32's rounding on the largest weight, so the row sums to one as written.
    float rest = 0;
    for (int k = 0; k < kWidth; ++k) {
      if (k != largest) rest += out[k];
    }
    out[largest] = 1.0f - rest;
  }
  return clean;
}

}  // namespace

std::string check_joints(const Column& joints, int* max_joint) {
  if (joints.cols != kWidth) return cat("influences are ", joints.cols, " per vertex, not 4");
  double max = 0;
  for (size_t r = 0; r < joints.rows; ++r) {
    for (int k = 0; k < kWidth; ++k) {
      double j = joints.get(r, k);
      if (!(j >= 0 && j <= 65535) || j != std::floor(j)) {
        return cat("joint ", j, " is not a whole number in 0..65535");
      }
      max = std::max(max, j);
    }
  }
  *max_joint = static_cast<int>(max);
  return "";
}

void fill_joints(const AttributePlan& joints, size_t first, size_t end, char* out) {
  const Column& c = *joints.column;
  for (size_t r = first; r < end; ++r) {
    float w[kWidth];
    normalized_row(joints.weight_sets, joints.set, r, w);
    for (int k = 0; k < kWidth; ++k) {
      uint16_t j = w[k] > 0 ? static_cast<uint16_t>(c.get(r, k)) : 0;
      if (joints.component_type == kUnsignedByte) {
        *out++ = static_cast<char>(j);
      } else {
        std::memcpy(out, &j, 2);
        out += 2;
      }
    }
  }
}

void fill_weights(const AttributePlan& weights, size_t first, size_t end, char* out,
                  WeightCounts& counts) {
  for (size_t r = first; r < end; ++r) {
    float w[kWidth];
    bool clean = normalized_row(weights.weight_sets, weights.set, r, w);
    if (weights.set == 0 && w[0] == 1 && !clean) {
      ++counts.unweighted;
    } else if (!clean) {
      ++counts.cleaned;
    }
    std::memcpy(out, w, sizeof w);
    out += sizeof w;
  }
}

void warn_weights(const WeightCounts& counts, std::string_view label, Diagnostics& diagnostics) {
  if (counts.unweighted > 0) {
    diagnostics.warn("gltf.write.vertex-unweighted",
                     cat(label, ": ", counts.unweighted,
                         " vertices with no positive weight are bound "
                         "wholly to the skin's first joint"));
  }
  if (counts.cleaned > 0) {
    diagnostics.warn("gltf.write.weight-dropped",
                     cat(label, ": ", counts.cleaned,
                         " vertices had negative or non-finite weights, "
                         "written as 0"));
  }
}

}  // namespace px::gltf
