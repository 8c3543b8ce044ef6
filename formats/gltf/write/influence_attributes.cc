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

// What normalized_row changed in a row.
struct RowRepairs {
  bool cleaned = false;       // a negative or non-finite weight became 0
  bool out_of_range = false;  // a weight on a joint past joint_limit became 0
  bool merged = false;        // a joint named twice with weight: the second's moved to the first
};

// The weights of one row over every set, set after set, before normalising (into `all`, 4 per
// set): 0 where negative, not finite, on a joint past the plan's joint_limit, or on a joint an
// earlier influence of the row names, whose weight takes it (glTF wants each joint once).
RowRepairs gather_row(const AttributePlan& plan, size_t row, std::vector<double>& all) {
  RowRepairs repairs;
  const std::vector<const Column*>& sets = plan.weight_sets;
  all.assign(sets.size() * kWidth, 0);
  for (size_t s = 0; s < sets.size(); ++s) {
    if (sets[s] == nullptr) continue;
    const Column* joints = s < plan.joint_sets.size() ? plan.joint_sets[s] : nullptr;
    for (int k = 0; k < kWidth; ++k) {
      const double raw = weight(*sets[s], row, k);
      double w = clean_weight(raw);
      repairs.cleaned |= w != raw;
      if (w == 0 || joints == nullptr) {
        all[s * kWidth + k] = w;
        continue;
      }
      const double joint = joints->get(row, k);
      if (joint >= plan.joint_limit) {
        repairs.out_of_range = true;
        continue;
      }
      for (size_t earlier = 0; earlier < s * kWidth + k; ++earlier) {
        const Column* earlier_joints = plan.joint_sets[earlier / kWidth];
        if (all[earlier] > 0 && earlier_joints != nullptr &&
            earlier_joints->get(row, earlier % kWidth) == joint) {
          all[earlier] += w;
          w = 0;
          repairs.merged = true;
          break;
        }
      }
      all[s * kWidth + k] = w;
    }
  }
  return repairs;
}

// The weights of one row of the plan's set as written: gathered (gather_row) and scaled so that
// the row's weights over every set sum to one (in float32 too, when there is one set), or, when
// none is positive, all on the first influence of set 0 (*unweighted then).
RowRepairs normalized_row(const AttributePlan& plan, size_t row, std::vector<double>& all,
                          float out[kWidth], bool* unweighted) {
  const RowRepairs repairs = gather_row(plan, row, all);
  double sum = 0;
  for (double w : all) sum += w;
  *unweighted = !(sum > 0) || !std::isfinite(sum);
  if (*unweighted) {
    out[0] = plan.set == 0 ? 1.0f : 0.0f;
    out[1] = out[2] = out[3] = 0;
    return repairs;
  }
  int largest = 0;
  for (int k = 0; k < kWidth; ++k) {
    out[k] = static_cast<float>(all[plan.set * kWidth + k] / sum);
    if (out[k] > out[largest]) largest = k;
  }
  if (plan.weight_sets.size() == 1) {
    // Put float32's rounding on the largest weight, so the row sums to one as written.
    float rest = 0;
    for (int k = 0; k < kWidth; ++k) {
      if (k != largest) rest += out[k];
    }
    out[largest] = 1.0f - rest;
  }
  return repairs;
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
  std::vector<double> all;
  for (size_t r = first; r < end; ++r) {
    float w[kWidth];
    bool unweighted;
    normalized_row(joints, r, all, w, &unweighted);
    for (int k = 0; k < kWidth; ++k) {
      // A row with no weight is bound to its first influence, unless that joint is past the limit.
      const double joint = c.get(r, k);
      uint16_t j = w[k] > 0 && joint < joints.joint_limit ? static_cast<uint16_t>(joint) : 0;
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
  std::vector<double> all;
  for (size_t r = first; r < end; ++r) {
    float w[kWidth];
    bool unweighted;
    const RowRepairs repairs = normalized_row(weights, r, all, w, &unweighted);
    // A row is counted once, with set 0.
    if (weights.set == 0) {
      counts.unweighted += unweighted;
      counts.cleaned += repairs.cleaned && !unweighted;
      counts.out_of_range += repairs.out_of_range;
      counts.merged += repairs.merged;
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
  if (counts.out_of_range > 0) {
    diagnostics.warn("gltf.write.joint-out-of-range",
                     cat(label, ": ", counts.out_of_range,
                         " vertices have weight on a joint past the joints of the smallest skin "
                         "binding the mesh; those weights are written as 0, the rest "
                         "renormalised"));
  }
  if (counts.merged > 0) {
    diagnostics.warn("gltf.write.joint-duplicate-merged",
                     cat(label, ": ", counts.merged,
                         " vertices name a joint twice with weight; the weights are added on the "
                         "first, as glTF takes each joint once per vertex"));
  }
  if (counts.cleaned > 0) {
    diagnostics.warn("gltf.write.weight-dropped",
                     cat(label, ": ", counts.cleaned,
                         " vertices had negative or non-finite weights, "
                         "written as 0"));
  }
}

}  // namespace px::gltf
