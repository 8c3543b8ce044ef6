// One COLLADA sampler as a function of time: LINEAR, STEP, BEZIER, HERMITE, CARDINAL and BSPLINE
// keys (the last three as Curve::spline says), each key's
// interpolation running to the next key, the first key's value held before it and the last's
// after it.
//
// A BEZIER tangent is a control point, never a slope, spelled in one of three layouts, told apart
// by its width against the key's width w:
// - 2w values: a time and a value per component (X time, X value, Y time, ...), as the
//   OpenCOLLADA 3ds Max and Maya exporters write a whole element's and Blender reads it;
// - w + 1 values: one time, then a value per component, the COLLADA 1.4.1 specification's layout;
// - w values: the control point's value alone, a third of the way into the span, the
//   specification's 1-D form.
// For one-value keys the first two layouts are the same. Control times are clamped into their
// span, which keeps the curve a function of time.
#pragma once

#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "polyxios/scene/animation.h"

namespace px {

enum class SpanKind : uint8_t { kLinear, kStep, kBezier, kHermite, kCardinal, kBSpline };

class Curve {
 public:
  // The sampler as a curve, or why it cannot be followed: no key, times that are not finite
  // float32 numbers or do not increase, values or tangents that are not finite, an interpolation
  // COLLADA does not name, BEZIER or HERMITE keys without both tangents or with tangents of no
  // known layout (a HERMITE tangent is a value per component).
  static std::variant<Curve, std::string> make(const AnimationSampler& sampler);

  size_t keys() const { return times_.size(); }
  size_t width() const { return width_; }
  double time(size_t k) const { return times_[k]; }
  std::span<const double> key(size_t k) const { return {&values_[k * width_], width_}; }
  // The interpolation from key k to key k + 1.
  SpanKind span(size_t k) const { return spans_[k]; }
  // True when some span blends rather than steps.
  bool blends() const;
  // The last key at or before t, -1 before the first key.
  ptrdiff_t locate(double t) const;
  // The values at time t, width() of them.
  void evaluate(double t, std::span<double> out) const;

 private:
  enum class Layout : uint8_t { kPairs, kTimeFirst, kValues };
  double bezier(size_t k, size_t c, double t) const;
  double spline(size_t k, size_t c, double t) const;

  size_t width_ = 0;
  std::vector<double> times_;
  std::vector<double> values_;
  std::vector<SpanKind> spans_;  // one per key; the last key's is never used
  std::vector<double> in_, out_;
  size_t tangent_width_ = 0;
  Layout layout_ = Layout::kValues;
};

// Appends the key times that follow `curve` with glTF's LINEAR keys: its keys and, where the merged
// keys blend, a key one float32 step before each of its steps (holding the value before it) and
// three inside each cubic span (BEZIER, HERMITE, CARDINAL, BSPLINE). Returns whether it added
// keys inside a cubic span; each step's end time goes into `jumps` when given.
bool add_key_times(const Curve& curve, bool blends, std::vector<double>& times,
                   std::set<double>* jumps = nullptr);

}  // namespace px
