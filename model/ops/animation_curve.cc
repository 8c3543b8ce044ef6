#include "polyxios/ops/animation_curve.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "polyxios/ops/key_times.h"

namespace px {
namespace {

std::vector<double> values_of(const Column& c) {
  std::vector<double> out(c.size());
  for (size_t r = 0; r < c.rows; ++r) {
    for (size_t i = 0; i < c.cols; ++i) out[r * c.cols + i] = c.get(r, i);
  }
  return out;
}

double cubic(double p0, double p1, double p2, double p3, double s) {
  const double u = 1 - s;
  return u * u * u * p0 + 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s * p3;
}

}  // namespace

std::variant<Curve, std::string> Curve::make(const AnimationSampler& sampler) {
  Curve c;
  const size_t keys = sampler.times.rows;
  if (keys == 0 || sampler.times.cols != 1) return std::string("its sampler holds no key");
  if (sampler.values.rows != keys || sampler.values.cols == 0) {
    return std::string("its sampler's values are not one row per key");
  }
  c.width_ = sampler.values.cols;
  c.times_ = values_of(sampler.times);
  c.values_ = values_of(sampler.values);
  // glTF keeps times as float32; the rebuild rounds them, which a larger time would overflow.
  constexpr double kFloatMax = std::numeric_limits<float>::max();
  if (!std::all_of(c.times_.begin(), c.times_.end(),
                   [&](double t) { return std::isfinite(t) && std::abs(t) <= kFloatMax; })) {
    return std::string("its key times are not finite float32 numbers");
  }
  for (size_t k = 1; k < keys; ++k) {
    if (!(c.times_[k] > c.times_[k - 1])) return std::string("its key times do not increase");
  }
  if (!all_finite(c.values_)) return std::string("its key values are not finite");
  bool bezier = false, hermite = false;
  for (size_t k = 0; k < keys; ++k) {
    const std::string& name = sampler.interpolation_at(k);
    if (name == "LINEAR") {
      c.spans_.push_back(SpanKind::kLinear);
    } else if (name == "STEP") {
      c.spans_.push_back(SpanKind::kStep);
    } else if (name == "BEZIER") {
      c.spans_.push_back(SpanKind::kBezier);
      bezier = true;
    } else if (name == "HERMITE") {
      c.spans_.push_back(SpanKind::kHermite);
      hermite = true;
    } else if (name == "CARDINAL") {
      c.spans_.push_back(SpanKind::kCardinal);
    } else if (name == "BSPLINE") {
      c.spans_.push_back(SpanKind::kBSpline);
    } else {
      return "it interpolates by " + (name.empty() ? std::string("no name") : name) +
             ", which is not rebuilt";
    }
  }
  if (!bezier && !hermite) return c;
  const std::string kinds = bezier && hermite ? "BEZIER and HERMITE"
                            : bezier          ? "BEZIER"
                                              : "HERMITE";
  if (!sampler.in_tangents || !sampler.out_tangents) {
    return "its " + kinds + " sampler lacks in_tangents or out_tangents";
  }
  const Column& in = *sampler.in_tangents;
  const Column& out = *sampler.out_tangents;
  if (in.rows != keys || out.rows != keys || in.cols != out.cols) {
    return "its " + kinds + " tangents are not one row per key";
  }
  c.tangent_width_ = in.cols;
  // A HERMITE tangent is a slope, a value per component; a BEZIER one any of the three layouts.
  if (in.cols == c.width_) {
    c.layout_ = Layout::kValues;
  } else if (!hermite && in.cols == 2 * c.width_) {
    c.layout_ = Layout::kPairs;
  } else if (!hermite && in.cols == c.width_ + 1) {
    c.layout_ = Layout::kTimeFirst;
  } else {
    return "its " + kinds + " tangents hold " + std::to_string(in.cols) + " values for keys of " +
           std::to_string(c.width_);
  }
  c.in_ = values_of(in);
  c.out_ = values_of(out);
  if (!all_finite(c.in_) || !all_finite(c.out_)) {
    return "its " + kinds + " tangents are not finite";
  }
  return c;
}

bool Curve::blends() const {
  for (size_t k = 0; k + 1 < keys(); ++k) {
    if (spans_[k] != SpanKind::kStep) return true;
  }
  return false;
}

ptrdiff_t Curve::locate(double t) const {
  auto it = std::upper_bound(times_.begin(), times_.end(), t);
  return (it - times_.begin()) - 1;
}

double Curve::bezier(size_t k, size_t c, double t) const {
  const double t0 = times_[k], t1 = times_[k + 1];
  const double v0 = values_[k * width_ + c], v1 = values_[(k + 1) * width_ + c];
  const double* out = &out_[k * tangent_width_];
  const double* in = &in_[(k + 1) * tangent_width_];
  double ot, ov, it, iv;
  switch (layout_) {
    case Layout::kPairs:
      ot = out[2 * c], ov = out[2 * c + 1], it = in[2 * c], iv = in[2 * c + 1];
      break;
    case Layout::kTimeFirst:
      ot = out[0], ov = out[1 + c], it = in[0], iv = in[1 + c];
      break;
    case Layout::kValues:
      ot = t0 + (t1 - t0) / 3, ov = out[c], it = t1 - (t1 - t0) / 3, iv = in[c];
      break;
  }
  ot = std::clamp(ot, t0, t1);
  it = std::clamp(it, t0, t1);
  // The curve's parameter at time t. The time polynomial is non-decreasing once its control
  // times lie in the span, so it has one root; with control times at the thirds it is linear.
  const double third = (t1 - t0) / 3;
  double s;
  if (std::abs(ot - (t0 + third)) <= 1e-12 * third &&
      std::abs(it - (t1 - third)) <= 1e-12 * third) {
    s = (t - t0) / (t1 - t0);
  } else {
    // Newton's method kept inside a shrinking bracket, bisecting where a step would leave it.
    double lo = 0, hi = 1;
    s = (t - t0) / (t1 - t0);
    for (int i = 0; i < 60; ++i) {
      const double x = cubic(t0, ot, it, t1, s) - t;
      if (x == 0) break;
      (x < 0 ? lo : hi) = s;
      const double u = 1 - s;
      const double slope = 3 * (u * u * (ot - t0) + 2 * u * s * (it - ot) + s * s * (t1 - it));
      double next = slope > 0 ? s - x / slope : lo - 1;
      if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
      const bool converged = std::abs(next - s) <= 1e-15;
      s = next;
      if (converged) break;
    }
  }
  return cubic(v0, ov, iv, v1, s);
}

void Curve::evaluate(double t, std::span<double> out) const {
  const ptrdiff_t k = locate(t);
  // A B-spline passes near its end keys, not through them: before and after it holds its own
  // ends, so that it does not jump.
  if (keys() > 1 && (k < 0 || static_cast<size_t>(k) + 1 >= keys())) {
    const size_t span = k < 0 ? 0 : keys() - 2;
    if (spans_[span] == SpanKind::kBSpline) {
      const double end = times_[k < 0 ? 0 : keys() - 1];
      for (size_t c = 0; c < width_; ++c) out[c] = spline(span, c, end);
      return;
    }
  }
  if (k < 0 || static_cast<size_t>(k) + 1 >= keys()) {
    std::span<const double> v = key(k < 0 ? 0 : keys() - 1);
    std::copy(v.begin(), v.end(), out.begin());
    return;
  }
  const size_t i = static_cast<size_t>(k);
  std::span<const double> a = key(i), b = key(i + 1);
  switch (spans_[i]) {
    case SpanKind::kStep:
      std::copy(a.begin(), a.end(), out.begin());
      return;
    case SpanKind::kLinear: {
      const double f = (t - times_[i]) / (times_[i + 1] - times_[i]);
      for (size_t c = 0; c < width_; ++c) out[c] = a[c] + f * (b[c] - a[c]);
      return;
    }
    case SpanKind::kBezier:
      for (size_t c = 0; c < width_; ++c) out[c] = bezier(i, c, t);
      return;
    case SpanKind::kHermite:
    case SpanKind::kCardinal:
    case SpanKind::kBSpline:
      for (size_t c = 0; c < width_; ++c) out[c] = spline(i, c, t);
      return;
  }
}

// The COLLADA 1.4.1 specification's curves other than BEZIER, each with s running linearly in
// time across the span:
// - HERMITE: from key k with the slope of its out_tangent to key k + 1 with that of its
//   in_tangent (slopes per unit of s);
// - CARDINAL: HERMITE with the slopes Catmull-Rom's (tension 0) half differences of the keys
//   either side; its tangents, if given, are not read;
// - BSPLINE: the uniform cubic B-spline the keys control, which passes near them, not through.
// At the first and last key the missing neighbour is the key itself; a BSPLINE curve holds its
// own ends before its first key and after its last.
double Curve::spline(size_t k, size_t c, double t) const {
  const double s = (t - times_[k]) / (times_[k + 1] - times_[k]);
  const size_t last = keys() - 1;
  auto value = [&](size_t i) { return values_[i * width_ + c]; };
  const double p0 = value(k), p1 = value(k + 1);
  const double before = value(k == 0 ? 0 : k - 1), after = value(std::min(k + 2, last));
  if (spans_[k] == SpanKind::kBSpline) {
    const double u = 1 - s;
    return (u * u * u * before + (3 * s * s * s - 6 * s * s + 4) * p0 +
            (-3 * s * s * s + 3 * s * s + 3 * s + 1) * p1 + s * s * s * after) /
           6;
  }
  double m0, m1;
  if (spans_[k] == SpanKind::kHermite) {
    m0 = out_[k * tangent_width_ + c];
    m1 = in_[(k + 1) * tangent_width_ + c];
  } else {
    m0 = (p1 - before) / 2;
    m1 = (after - p0) / 2;
  }
  // Hermite's cubic as a Bezier one: control values a third of a slope from each end.
  return cubic(p0, p0 + m0 / 3, p1 - m1 / 3, p1, s);
}

bool add_key_times(const Curve& curve, bool blends, std::vector<double>& times,
                   std::set<double>* jumps) {
  bool curved = false;
  for (size_t k = 0; k < curve.keys(); ++k) {
    const double t0 = curve.time(k);
    times.push_back(t0);
    if (k + 1 == curve.keys() || !blends) continue;
    const double t1 = curve.time(k + 1);
    if (curve.span(k) == SpanKind::kStep) {
      const double before = float32_step_before(t1);
      if (before > t0) times.push_back(before);
      if (jumps != nullptr) jumps->insert(t1);
    } else if (curve.span(k) != SpanKind::kLinear) {
      curved = true;
      for (double q : {0.25, 0.5, 0.75}) times.push_back(t0 + q * (t1 - t0));
    }
  }
  return curved;
}

}  // namespace px
