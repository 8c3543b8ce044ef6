// A COLLADA sampler as a function of time (polyxios/ops/animation_curve.h): LINEAR, STEP and BEZIER
// in the three tangent layouts of spec gltf.md.
#include <gtest/gtest.h>

#include <vector>

#include "polyxios/ops/animation_curve.h"
#include "polyxios/scene/scene.h"

namespace px {
namespace {

class CurveTest : public ::testing::Test {
 protected:
  Column column(const std::vector<double>& v, size_t cols) {
    std::span<double> data = scene_.arena->allocate<double>(v.size());
    std::copy(v.begin(), v.end(), data.begin());
    return Column::of<double>(data, cols);
  }
  AnimationSampler sampler(const std::vector<double>& times, const std::vector<double>& values,
                           size_t width, std::vector<std::string> interpolations) {
    AnimationSampler s;
    s.times = column(times, 1);
    s.values = column(values, width);
    s.interpolation = interpolations.front();
    if (interpolations.size() > 1) s.interpolations = std::move(interpolations);
    return s;
  }
  static Curve make(const AnimationSampler& s) {
    std::variant<Curve, std::string> c = Curve::make(s);
    EXPECT_TRUE(std::holds_alternative<Curve>(c)) << std::get<std::string>(c);
    return std::get<Curve>(std::move(c));
  }
  static double at(const Curve& c, double t, size_t component = 0) {
    std::vector<double> out(c.width());
    c.evaluate(t, out);
    return out[component];
  }

  Scene scene_;
};

TEST_F(CurveTest, LinearAndStepKeysHoldTheirEndsOutsideTheKeys) {
  Curve c = make(sampler({1, 2, 3}, {10, 20, 40}, 1, {"LINEAR", "STEP", "LINEAR"}));
  EXPECT_EQ(at(c, 0), 10);
  EXPECT_EQ(at(c, 1.5), 15);
  EXPECT_EQ(at(c, 2.9), 20);  // key 1 steps to key 2
  EXPECT_EQ(at(c, 3), 40);
  EXPECT_EQ(at(c, 9), 40);
  EXPECT_TRUE(c.blends());
  EXPECT_FALSE(make(sampler({1, 2}, {1, 2}, 1, {"STEP"})).blends());
}

TEST_F(CurveTest, BezierTangentOfOneValuePerComponentIsTheControlValueAThirdIntoTheSpan) {
  AnimationSampler s = sampler({0, 3}, {0, 0}, 1, {"BEZIER"});
  s.out_tangents = column({3, 0}, 1);
  s.in_tangents = column({0, 3}, 1);
  Curve c = make(s);
  // Control points (1, 3) and (2, 3): the time runs linearly, the value is the cubic's.
  EXPECT_NEAR(at(c, 1.5), 0.75 * 3, 1e-12);
}

TEST_F(CurveTest, TheThreeTangentLayoutsOfOneCurveAgree) {
  // Two components; control points at times 0.25 and 0.5 of a span from 0 to 1.
  AnimationSampler pairs = sampler({0, 1}, {0, 0, 1, 2}, 2, {"BEZIER"});
  pairs.out_tangents = column({0.25, 1, 0.25, 2, 0, 0, 0, 0}, 4);
  pairs.in_tangents = column({0, 0, 0, 0, 0.5, 1, 0.5, 2}, 4);
  AnimationSampler time_first = sampler({0, 1}, {0, 0, 1, 2}, 2, {"BEZIER"});
  time_first.out_tangents = column({0.25, 1, 2, 0, 0, 0}, 3);
  time_first.in_tangents = column({0, 0, 0, 0.5, 1, 2}, 3);
  Curve a = make(pairs), b = make(time_first);
  for (double t : {0.1, 0.3, 0.5, 0.9}) {
    EXPECT_NEAR(at(a, t, 0), at(b, t, 0), 1e-12) << t;
    EXPECT_NEAR(at(a, t, 1), at(b, t, 1), 1e-12) << t;
    EXPECT_NEAR(at(a, t, 1), 2 * at(a, t, 0), 1e-12) << t;
  }
  // At the span's middle the time cubic has run past half way: the value is the cubic's there.
  double lo = 0, hi = 1;
  auto cubic = [](double p0, double p1, double p2, double p3, double s) {
    double u = 1 - s;
    return u * u * u * p0 + 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s * p3;
  };
  for (int i = 0; i < 100; ++i)
    (cubic(0, 0.25, 0.5, 1, (lo + hi) / 2) < 0.5 ? lo : hi) = (lo + hi) / 2;
  EXPECT_NEAR(at(a, 0.5, 0), cubic(0, 1, 1, 1, lo), 1e-9);
}

TEST_F(CurveTest, HermiteKeysRunFromEachKeyWithTheSlopesOfTheirTangents) {
  AnimationSampler s = sampler({0, 2}, {0, 1}, 1, {"HERMITE"});
  s.out_tangents = column({3, 0}, 1);
  s.in_tangents = column({0, -3}, 1);
  Curve c = make(s);
  // Slopes per unit of the span's parameter: control values 0, 1, 2, 1 of the Bezier form.
  EXPECT_NEAR(at(c, 1), 1.25, 1e-12);
  EXPECT_NEAR(at(c, 0.5), 27.0 / 64 + 9.0 / 64 * 2 + 1.0 / 64, 1e-12);
  EXPECT_EQ(at(c, 2), 1);
  // A HERMITE tangent is a slope per component; a width other than the key's is refused.
  AnimationSampler wide = sampler({0, 1}, {0, 1}, 1, {"HERMITE"});
  wide.out_tangents = wide.in_tangents = column({0, 0, 1, 1}, 2);
  EXPECT_NE(std::get<std::string>(Curve::make(wide)).find("HERMITE tangents hold 2"),
            std::string::npos);
}

TEST_F(CurveTest, CardinalKeysAreCatmullRomAndBSplineKeysControlTheCurve) {
  Curve cardinal = make(sampler({0, 1, 2, 3}, {0, 4, -2, 1}, 1, {"CARDINAL"}));
  EXPECT_EQ(at(cardinal, 1), 4);  // through its keys
  // Span 1 -> 2: slopes (-2 - 0) / 2 = -1 and (1 - 4) / 2 = -1.5; control values 4 - 1/3, -2 + 0.5.
  EXPECT_NEAR(at(cardinal, 1.5), (4 + 3 * (4 - 1.0 / 3) + 3 * (-1.5) - 2) / 8, 1e-12);
  // At the ends the missing neighbour is the key itself: span 0 -> 1 starts with slope 2.
  EXPECT_NEAR(at(cardinal, 0.5), (0 + 3 * (2.0 / 3) + 3 * (4 + 1.0 / 3) + 4) / 8, 1e-12);
  Curve bspline = make(sampler({0, 1, 2, 3}, {0, 4, -2, 1}, 1, {"BSPLINE"}));
  EXPECT_NEAR(at(bspline, 1), (0 + 4 * 4 - 2) / 6.0, 1e-12);
  EXPECT_NEAR(at(bspline, 2), (4 + 4 * -2 + 1) / 6.0, 1e-12);
  EXPECT_NEAR(at(bspline, 1.5), (0 + 23 * 4 + 23 * -2 + 1) / 48.0, 1e-12);
  EXPECT_TRUE(bspline.blends());
}

TEST_F(CurveTest, SamplersGltfCannotFollowAreRefusedWithTheirReason) {
  auto reason = [](const AnimationSampler& s) {
    std::variant<Curve, std::string> c = Curve::make(s);
    return std::holds_alternative<std::string>(c) ? std::get<std::string>(c) : std::string();
  };
  EXPECT_NE(reason(sampler({0, 1}, {0, 1}, 1, {"HERMITE"})).find("HERMITE"), std::string::npos);
  EXPECT_NE(reason(sampler({0, 1}, {0, 1}, 1, {"BEZIER"})).find("tangents"), std::string::npos);
  EXPECT_NE(reason(sampler({1, 1}, {0, 1}, 1, {"LINEAR"})).find("increase"), std::string::npos);
  EXPECT_NE(reason(sampler({}, {}, 1, {"LINEAR"})).find("no key"), std::string::npos);
  EXPECT_NE(reason(sampler({0, 1}, {0, std::nan("")}, 1, {"LINEAR"})).find("finite"),
            std::string::npos);
  EXPECT_NE(reason(sampler({0, 1e300}, {0, 1}, 1, {"LINEAR"})).find("float32"), std::string::npos);
  AnimationSampler odd = sampler({0, 1}, {0, 0, 1, 1}, 2, {"BEZIER"});
  odd.in_tangents = column({0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 5);
  odd.out_tangents = *odd.in_tangents;
  EXPECT_NE(reason(odd).find("5 values"), std::string::npos);
}

}  // namespace
}  // namespace px
