#include "polyxios/ops/matrix_bake.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <span>

#include "polyxios/ops/key_times.h"
#include "polyxios/scene/trs.h"

namespace px {
namespace {

constexpr std::string_view kChannelDropped = "collada.write.animation-bake-channel-dropped";
constexpr double kMaxTurn = 15 * std::numbers::pi / 180;
constexpr double kTurnSlack = 1e-5;
// Rounds of turn splitting: a slerp is settled by the first, a CUBICSPLINE rotation, which may
// swing further inside a span than between its ends, by the next few.
constexpr int kSplitRounds = 4;

enum class Interpolation { kLinear, kStep, kCubic };

// One glTF sampler as a function of time: the first key's value held before it, the last's
// after it.
class GltfCurve {
 public:
  GltfCurve(const AnimationSampler& s, bool rotation) : width_(s.values.cols), rotation_(rotation) {
    interpolation_ = s.interpolation == "STEP"          ? Interpolation::kStep
                     : s.interpolation == "CUBICSPLINE" ? Interpolation::kCubic
                                                        : Interpolation::kLinear;
    for (size_t k = 0; k < s.times.rows; ++k) times_.push_back(s.times.get(k, 0));
    for (size_t r = 0; r < s.values.rows; ++r) {
      for (size_t c = 0; c < width_; ++c) values_.push_back(s.values.get(r, c));
    }
  }

  size_t keys() const { return times_.size(); }
  double time(size_t k) const { return times_[k]; }
  Interpolation interpolation() const { return interpolation_; }

  void evaluate(double t, std::span<double> out) const {
    const size_t last = keys() - 1;
    if (t <= times_[0] || last == 0) return copy_value(0, out);
    if (t >= times_[last]) return copy_value(last, out);
    const size_t k = std::upper_bound(times_.begin(), times_.end(), t) - times_.begin() - 1;
    if (interpolation_ == Interpolation::kStep) return copy_value(k, out);
    const double dt = times_[k + 1] - times_[k];
    const double s = (t - times_[k]) / dt;
    if (interpolation_ == Interpolation::kLinear) {
      if (rotation_) {
        Trs a, b;
        a.rotation = quaternion(value(k));
        b.rotation = quaternion(value(k + 1));
        const Eigen::Quaterniond q = interpolate(a, b, s).rotation;
        out[0] = q.x(), out[1] = q.y(), out[2] = q.z(), out[3] = q.w();
        return;
      }
      for (size_t c = 0; c < width_; ++c) {
        out[c] = value(k)[c] + s * (value(k + 1)[c] - value(k)[c]);
      }
      return;
    }
    // CUBICSPLINE: rows run in-tangent, value, out-tangent per key.
    const double* v0 = row(3 * k + 1);
    const double* b0 = row(3 * k + 2);
    const double* v1 = row(3 * k + 4);
    const double* a1 = row(3 * k + 3);
    for (size_t c = 0; c < width_; ++c) out[c] = cubic_spline(v0[c], b0[c], v1[c], a1[c], dt, s);
    if (rotation_) normalize(out);
  }

 private:
  const double* row(size_t r) const { return &values_[r * width_]; }
  const double* value(size_t k) const {
    return row(interpolation_ == Interpolation::kCubic ? 3 * k + 1 : k);
  }
  void copy_value(size_t k, std::span<double> out) const {
    std::copy(value(k), value(k) + width_, out.begin());
    if (rotation_) normalize(out);
  }
  static Eigen::Quaterniond quaternion(const double* xyzw) {
    return Eigen::Quaterniond(xyzw[3], xyzw[0], xyzw[1], xyzw[2]).normalized();
  }
  static void normalize(std::span<double> q) {
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double& v : q) v /= n;
  }

  size_t width_;
  bool rotation_;
  Interpolation interpolation_ = Interpolation::kLinear;
  std::vector<double> times_;
  std::vector<double> values_;
};

// Why a channel cannot be baked; empty when it can.
std::string check_channel(const MatrixBakeChannel& c) {
  const std::string path(target_path_name(c.path));
  if (!is_trs(c.path)) return "its path \"" + path + "\" is not a translation, rotation or scale";
  const AnimationSampler& s = *c.sampler;
  const bool cubic = s.interpolation == "CUBICSPLINE";
  if (s.interpolation != "LINEAR" && s.interpolation != "STEP" && !cubic) {
    return "its interpolation \"" + s.interpolation + "\" is not glTF's";
  }
  const size_t keys = s.times.rows;
  const size_t width = c.path == TargetPath::kRotation ? 4 : 3;
  if (keys == 0 || s.times.cols != 1) return "its sampler holds no key";
  if (s.values.cols != width || s.values.rows != (cubic ? 3 : 1) * keys) {
    return "its keys are not " + std::to_string(width) + " values" +
           (cubic ? " in three rows" : "") + " per key, as a " + path + " takes";
  }
  for (size_t k = 0; k < keys; ++k) {
    if (!std::isfinite(s.times.get(k, 0))) return "its key times are not finite";
    if (k > 0 && !(s.times.get(k, 0) > s.times.get(k - 1, 0))) {
      return "its key times do not increase";
    }
  }
  for (size_t r = 0; r < s.values.rows; ++r) {
    double squares = 0;
    for (size_t i = 0; i < width; ++i) {
      const double v = s.values.get(r, i);
      if (!std::isfinite(v)) return "its keys are not finite";
      squares += v * v;
    }
    if (c.path == TargetPath::kRotation && (!cubic || r % 3 == 1) && !(squares > 0)) {
      return "it holds a rotation of zero length";
    }
  }
  return "";
}

class MatrixBaker {
 public:
  MatrixBaker(const Trs& rest, std::vector<std::pair<TargetPath, GltfCurve>> curves)
      : rest_(rest), curves_(std::move(curves)) {}

  bool blends() const {
    return std::any_of(curves_.begin(), curves_.end(), [](const auto& c) {
      return c.second.interpolation() != Interpolation::kStep;
    });
  }

  // The key times before turn splitting: every channel's, with a key one float32 step before
  // each step of a STEP channel among blending ones and each CUBICSPLINE span in four.
  std::vector<double> base_times() const {
    const bool blending = blends();
    std::vector<double> times;
    for (const auto& [path, curve] : curves_) {
      for (size_t k = 0; k < curve.keys(); ++k) {
        const double t0 = curve.time(k);
        times.push_back(t0);
        if (k + 1 == curve.keys() || !blending) continue;
        const double t1 = curve.time(k + 1);
        if (curve.interpolation() == Interpolation::kStep) {
          const double before = float32_step_before(t1);
          if (before > t0) times.push_back(before);
        } else if (curve.interpolation() == Interpolation::kCubic) {
          for (double q : {0.25, 0.5, 0.75}) times.push_back(t0 + q * (t1 - t0));
        }
      }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    nudge_times(times);
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
  }

  const GltfCurve* rotation() const {
    for (const auto& [path, curve] : curves_) {
      if (path == TargetPath::kRotation) return &curve;
    }
    return nullptr;
  }

  Trs at(double t) const {
    Trs out = rest_;
    double v[4];
    for (const auto& [path, curve] : curves_) {
      if (path == TargetPath::kRotation) {
        curve.evaluate(t, {v, 4});
        out.rotation = Eigen::Quaterniond(v[3], v[0], v[1], v[2]);
      } else {
        curve.evaluate(t, {v, 3});
        (path == TargetPath::kTranslation ? out.translation : out.scale) =
            Eigen::Vector3d(v[0], v[1], v[2]);
      }
    }
    return out;
  }

  // Splits the spans whose rotation turns more than 15 degrees into pieces that turn at most that
  // far, at float32 times.
  void split_turns(std::vector<double>& times, SplitBudget& budget, BakeNotes& notes) const {
    const GltfCurve* r = rotation();
    if (r == nullptr || r->interpolation() == Interpolation::kStep) return;
    for (int round = 0; round < kSplitRounds; ++round) {
      std::vector<double> next;
      bool added = false;
      Eigen::Quaterniond previous = at(times[0]).rotation;
      for (size_t i = 0; i < times.size(); ++i) {
        const Eigen::Quaterniond here = at(times[i]).rotation;
        if (i > 0) {
          const double turn = rotation_angle(previous, here);
          // The slack lets a piece that float32 times leave a rounding over 15 degrees be.
          const int pieces = turn > kMaxTurn * (1 + kTurnSlack)
                                 ? static_cast<int>(std::ceil(turn / kMaxTurn * (1 - kTurnSlack)))
                                 : 1;
          for (int p = 1; p < pieces; ++p) {
            if (budget.remaining == 0) {
              if (!budget.warned) {
                budget.warned = true;
                notes.push_back({"collada.write.animation-split-cap",
                                 "splitting turning animation spans stopped at the 262144 keys "
                                 "a write may add"});
              }
              break;
            }
            const double t = static_cast<float>(times[i - 1] + (times[i] - times[i - 1]) * p /
                                                                   static_cast<double>(pieces));
            if (t <= times[i - 1] || t >= times[i] || (!next.empty() && t <= next.back())) continue;
            --budget.remaining;
            next.push_back(t);
            added = true;
          }
        }
        next.push_back(times[i]);
        previous = here;
      }
      times = std::move(next);
      if (!added) return;
    }
  }

 private:
  Trs rest_;
  std::vector<std::pair<TargetPath, GltfCurve>> curves_;
};

}  // namespace

std::optional<MatrixKeys> bake_matrix_keys(const Eigen::Matrix4d& rest,
                                           const std::vector<MatrixBakeChannel>& channels,
                                           std::string_view label, SplitBudget& budget,
                                           BakeNotes& notes) {
  std::vector<std::pair<TargetPath, GltfCurve>> curves;
  for (size_t c = 0; c < channels.size(); ++c) {
    const MatrixBakeChannel& channel = channels[c];
    const std::string path(target_path_name(channel.path));
    std::string why = check_channel(channel);
    if (why.empty() && std::any_of(curves.begin(), curves.end(),
                                   [&](const auto& kept) { return kept.first == channel.path; })) {
      why = "an earlier channel of the animation animates its " + path;
    }
    if (!why.empty()) {
      notes.push_back({std::string(kChannelDropped),
                       std::string(label) + ": a " + path + " channel to bake is dropped: " + why});
      continue;
    }
    curves.emplace_back(channel.path,
                        GltfCurve(*channel.sampler, channel.path == TargetPath::kRotation));
  }
  if (curves.empty()) return std::nullopt;

  const Decomposition rest_trs = decompose(rest);
  if (rest_trs.lost_shear) {
    notes.push_back({"collada.write.animation-shear-lost",
                     std::string(label) +
                         ": its matrix holds a shear or projection, which its baked keys, "
                         "composed of a translation, rotation and scale, lose"});
  }
  const MatrixBaker baker(rest_trs.trs, std::move(curves));
  MatrixKeys out;
  out.step = !baker.blends();
  out.times = baker.base_times();
  bool finite =
      std::all_of(out.times.begin(), out.times.end(), [](double t) { return std::isfinite(t); });
  if (finite) baker.split_turns(out.times, budget, notes);
  for (double t : finite ? out.times : std::vector<double>()) {
    const Eigen::Matrix4d m = compose(baker.at(t));
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) out.values.push_back(m(r, c));
    }
  }
  finite = finite && std::all_of(out.values.begin(), out.values.end(),
                                 [](double v) { return std::isfinite(v); });
  if (!finite) {
    notes.push_back({"collada.write.animation-bake-not-finite",
                     std::string(label) +
                         ": its baked matrix keys come out not finite (times or values too large "
                         "to blend); its channel is dropped"});
    return std::nullopt;
  }
  return out;
}

}  // namespace px
