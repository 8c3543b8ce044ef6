#include "polyxios/ops/node_rebuild.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>
#include <string>

#include "polyxios/ops/key_times.h"

namespace px {
namespace {

constexpr int kSplitRounds = 8;
// Half the thousandth the spec allows at a span's middle, so that the rest of the span, which
// strays a little more than its middle where the curve is not symmetric, stays within it too.
constexpr double kStrayFraction = 0.5e-3;
constexpr double kMaxTurn = 15 * std::numbers::pi / 180;
// How far the rotation at a span's middle may lie from glTF's slerp there. The 15 degree rule alone
// leaves an eased rotation (a BEZIER ANGLE) degrees off between its keys, and a child node at
// distance d from its parent moves d times its parent's error.
constexpr double kMaxDeviation = 0.05 * std::numbers::pi / 180;

// The node at one time: its composed matrix and that matrix split into TRS.
struct Sample {
  double t = 0;
  Eigen::Matrix4d m;
  Trs trs;
  bool lost_shear = false;
  int handedness = 0;  // sign of the linear part's determinant
  // The ANGLE of each <rotate>, in degrees: a turn of a whole number of revolutions composes to
  // the same matrix, so only the angles tell how far a span turns.
  std::vector<double> angles;
};

class Rebuilder {
 public:
  Rebuilder(const std::vector<TransformElement>& elements, const std::vector<NodeChannel>& channels)
      : elements_(elements), channels_(channels) {
    for (const NodeChannel& c : channels_) {
      std::vector<Trs>& keys = decomposed_.emplace_back();
      if (!is_whole_matrix(c)) continue;
      for (size_t k = 0; k < c.curve->keys(); ++k) {
        keys.push_back(decompose(element_matrix("matrix", c.curve->key(k))).trs);
      }
    }
  }

  bool is_whole_matrix(const NodeChannel& c) const {
    return elements_[c.element].kind == "matrix" && c.indices.size() == 16;
  }

  Sample sample(double t) const {
    std::vector<std::vector<double>> values;
    std::vector<std::optional<Eigen::Matrix4d>> blended(elements_.size());
    for (const TransformElement& e : elements_) values.push_back(e.values);
    std::vector<double> buffer;
    for (size_t i = 0; i < channels_.size(); ++i) {
      const NodeChannel& c = channels_[i];
      const ptrdiff_t k = c.curve->locate(t);
      if (!decomposed_[i].empty() && k >= 0 && static_cast<size_t>(k) + 1 < c.curve->keys() &&
          c.curve->span(k) == SpanKind::kLinear) {
        // glTF's blend of the decomposed keys, which keeps a turning node's size.
        const double f = (t - c.curve->time(k)) / (c.curve->time(k + 1) - c.curve->time(k));
        blended[c.element] = compose(interpolate(decomposed_[i][k], decomposed_[i][k + 1], f));
        continue;
      }
      buffer.resize(c.curve->width());
      c.curve->evaluate(t, buffer);
      for (size_t j = 0; j < c.indices.size(); ++j) values[c.element][c.indices[j]] = buffer[j];
    }
    Sample s;
    s.t = t;
    s.m = Eigen::Matrix4d::Identity();
    for (size_t e = 0; e < elements_.size(); ++e) {
      s.m = s.m * (blended[e] ? *blended[e] : element_matrix(elements_[e].kind, values[e]));
      if (elements_[e].kind == "rotate") s.angles.push_back(values[e][3]);
    }
    const Decomposition d = decompose(s.m);
    s.trs = d.trs;
    s.lost_shear = d.lost_shear;
    const double det = s.m.topLeftCorner<3, 3>().determinant();
    s.handedness = det > 0 ? 1 : det < 0 ? -1 : 0;
    return s;
  }

 private:
  const std::vector<TransformElement>& elements_;
  const std::vector<NodeChannel>& channels_;
  std::vector<std::vector<Trs>> decomposed_;  // per channel: its keys decomposed, whole matrices
};

double extent(const std::vector<Eigen::Vector3d>& points) {
  Eigen::Vector3d lo = points.front(), hi = points.front();
  for (const Eigen::Vector3d& p : points) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  return (hi - lo).maxCoeff();
}

double magnitude(const std::vector<Eigen::Vector3d>& points) {
  double m = 0;
  for (const Eigen::Vector3d& p : points) m = std::max(m, p.cwiseAbs().maxCoeff());
  return m;
}

// How far a blending span may stray: a thousandth of the range, and never below what float32
// can tell apart.
struct Tolerances {
  double translation = 0;
  double scale = 0;
};

class Splitter {
 public:
  Splitter(const Rebuilder& rebuilder, std::set<double> jumps)
      : rebuilder_(rebuilder), jumps_(std::move(jumps)) {}

  void set_tolerances(const std::vector<Sample>& samples) {
    std::vector<Eigen::Vector3d> t, s;
    for (size_t i = 0; i < samples.size(); ++i) {
      t.push_back(samples[i].trs.translation);
      s.push_back(samples[i].trs.scale);
      if (i + 1 < samples.size() && !is_jump(samples[i], samples[i + 1])) {
        Sample mid = rebuilder_.sample(0.5 * (samples[i].t + samples[i + 1].t));
        t.push_back(mid.trs.translation);
        s.push_back(mid.trs.scale);
      }
    }
    tolerances_.translation = std::max(kStrayFraction * extent(t), 1e-7 * magnitude(t));
    tolerances_.scale = std::max(kStrayFraction * extent(s), 1e-7 * magnitude(s));
  }

  bool is_jump(const Sample& a, const Sample& b) const {
    return jumps_.count(b.t) != 0 && a.t >= float32_step_before(b.t);
  }

  // The middle of the span from a to b when the span must be split. handedness is set when its
  // keys differ in handedness, a span halved whatever it does; angles_turn then says whether its
  // <rotate> ANGLE tracks alone would split it too.
  std::optional<Sample> split(const Sample& a, const Sample& b, bool* handedness,
                              bool* angles_turn) const {
    *handedness = false;
    *angles_turn = false;
    if (is_jump(a, b)) return std::nullopt;
    const double t = 0.5 * (a.t + b.t);
    if (same_float32(t, a.t) || same_float32(t, b.t)) return std::nullopt;
    Sample m = rebuilder_.sample(t);
    double angle_turn = 0;
    for (size_t i = 0; i < m.angles.size(); ++i) {
      angle_turn = std::max(
          angle_turn, std::abs(m.angles[i] - a.angles[i]) + std::abs(b.angles[i] - m.angles[i]));
    }
    *angles_turn = angle_turn * std::numbers::pi / 180 > kMaxTurn;
    if (a.handedness != 0 && b.handedness != 0 && a.handedness != b.handedness) {
      *handedness = true;
      return m;
    }
    const Trs& x = a.trs;
    const Trs& y = b.trs;
    const double stray_t =
        (m.trs.translation - 0.5 * (x.translation + y.translation)).cwiseAbs().maxCoeff();
    const double stray_s = (m.trs.scale - 0.5 * (x.scale + y.scale)).cwiseAbs().maxCoeff();
    const double turn =
        rotation_angle(x.rotation, m.trs.rotation) + rotation_angle(m.trs.rotation, y.rotation);
    const double deviation = rotation_angle(m.trs.rotation, interpolate(x, y, 0.5).rotation);
    if (stray_t > tolerances_.translation || stray_s > tolerances_.scale || turn > kMaxTurn ||
        *angles_turn || deviation > kMaxDeviation) {
      return m;
    }
    return std::nullopt;
  }

 private:
  const Rebuilder& rebuilder_;
  std::set<double> jumps_;
  Tolerances tolerances_;
};

}  // namespace

std::optional<RebuiltNode> rebuild_node(const std::vector<TransformElement>& elements,
                                        const std::vector<NodeChannel>& channels,
                                        const std::optional<ClipWindow>& window,
                                        std::string_view label, SplitBudget& budget,
                                        BakeNotes& notes) {
  const bool blends = std::any_of(channels.begin(), channels.end(),
                                  [](const NodeChannel& c) { return c.curve->blends(); });
  std::vector<double> times;
  std::set<double> jumps;
  bool curved = false;  // some span is a cubic (BEZIER, HERMITE, CARDINAL, BSPLINE)
  for (const NodeChannel& c : channels) {
    curved = add_key_times(*c.curve, blends, times, &jumps) || curved;
  }
  if (window) {
    // The keys inside the window, and the curves followed at its edges.
    std::erase_if(times, [&](double t) { return t < window->start || t > window->end; });
    times.push_back(window->start);
    times.push_back(window->end);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  if (!window && times.front() < 0) {
    notes.push_back({"gltf.write.animation-negative-time",
                     std::string(label) +
                         ": key times before 0, which glTF does not allow, are cut; the node "
                         "takes its value at 0 there"});
    times.erase(times.begin(), std::lower_bound(times.begin(), times.end(), 0.0));
    if (times.empty() || times.front() != 0) times.insert(times.begin(), 0.0);
  }

  const Rebuilder rebuilder(elements, channels);
  std::vector<Sample> samples;
  for (double t : times) samples.push_back(rebuilder.sample(t));

  // A whole <matrix> spelled alone keeps its keys: glTF blends them as decomposed, as the bake
  // does.
  const bool alone = elements.size() == 1 && channels.size() == 1 && !curved &&
                     rebuilder.is_whole_matrix(channels.front());
  if (blends && !alone && samples.size() > 1) {
    Splitter splitter(rebuilder, jumps);
    splitter.set_tolerances(samples);
    bool warned_handedness = false;
    // settled[i]: the span from sample i to i + 1 passed, and its keys will not move.
    std::vector<bool> settled(samples.size(), false);
    for (int round = 0;; ++round) {
      std::vector<Sample> next;
      std::vector<bool> next_settled;
      size_t added = 0;
      bool capped = false;
      for (size_t i = 0; i < samples.size(); ++i) {
        next.push_back(samples[i]);
        next_settled.push_back(true);
        if (i + 1 == samples.size() || settled[i]) continue;
        bool handedness = false;
        bool angles_turn = false;
        std::optional<Sample> mid =
            splitter.split(samples[i], samples[i + 1], &handedness, &angles_turn);
        if (handedness && !warned_handedness) {
          warned_handedness = true;
          notes.push_back({"gltf.write.animation-handedness",
                           std::string(label) +
                               ": keys change handedness from one to the next; the rotation "
                               "between them swings through the reflection"});
        }
        if (!mid) continue;
        if (round == kSplitRounds) {
          // The swing through a reflection is only ever halved; it is no span left turning.
          if (handedness && !angles_turn) continue;
          notes.push_back({"gltf.write.animation-split-rounds",
                           std::string(label) +
                               ": spans still turn more than 15 degrees or stray more than a "
                               "thousandth of their range after eight rounds of splitting"});
          break;
        }
        if (budget.remaining == 0) {
          capped = true;
          continue;
        }
        --budget.remaining;
        ++added;
        next_settled.back() = false;
        next.push_back(*mid);
        next_settled.push_back(false);
      }
      if (capped && !budget.warned) {
        budget.warned = true;
        notes.push_back({"gltf.write.animation-split-cap",
                         "splitting animation spans stopped at the 262144 keys a write may add"});
      }
      if (round == kSplitRounds || added == 0) break;
      samples = std::move(next);
      settled = std::move(next_settled);
    }
  }

  RebuiltNode out;
  out.step = !blends;
  bool lost_shear = false;
  constexpr double kFloatMax = std::numeric_limits<float>::max();
  for (const Sample& s : samples) {
    if (!s.m.allFinite() || s.m.cwiseAbs().maxCoeff() > kFloatMax ||
        s.trs.scale.cwiseAbs().maxCoeff() > kFloatMax) {
      notes.push_back({"gltf.write.animation-not-rebuilt",
                       std::string(label) +
                           ": a composed key holds a value float32 cannot; its translation, "
                           "rotation and scale channels are dropped"});
      return std::nullopt;
    }
    lost_shear = lost_shear || s.lost_shear;
    Trs trs = s.trs;
    if (!out.keys.empty() && out.keys.back().rotation.dot(trs.rotation) < 0) {
      trs.rotation.coeffs() = -trs.rotation.coeffs();
    }
    out.times.push_back(window ? s.t - window->start : s.t);
    out.keys.push_back(trs);
  }
  if (lost_shear) {
    notes.push_back({"gltf.write.animation-shear-lost",
                     std::string(label) +
                         ": a key holds a shear or projection, which translation, rotation and "
                         "scale cannot; it is lost"});
  }
  nudge_times(out.times);
  return out;
}

}  // namespace px
