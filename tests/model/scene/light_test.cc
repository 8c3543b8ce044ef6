// polyxios/scene/light.h: read_light (a value's shape, then its check) and check_light (the check
// of a typed Light), which agree word for word with read_light of the value light_value makes.
#include "polyxios/scene/light.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace px {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Light make(LightType type, std::array<double, 3> color, double intensity) {
  Light l;
  l.type = type;
  l.color = color;
  l.intensity = intensity;
  return l;
}

// Two reads agree: the same fault, the same fixes in the same order, the same light.
void expect_same(const LightRead& a, const LightRead& b) {
  EXPECT_EQ(a.fault, b.fault);
  EXPECT_EQ(a.fault_rule, b.fault_rule);
  EXPECT_EQ(a.fixes, b.fixes);
  EXPECT_EQ(a.fix_rules, b.fix_rules);
  ASSERT_EQ(a.light.has_value(), b.light.has_value());
  if (!a.light) return;
  // A checked light holds no NaN.
  EXPECT_EQ(a.light->name, b.light->name);
  EXPECT_EQ(a.light->type, b.light->type);
  EXPECT_EQ(a.light->color, b.light->color);
  EXPECT_EQ(a.light->intensity, b.light->intensity);
  EXPECT_EQ(a.light->range, b.light->range);
  EXPECT_EQ(a.light->inner_cone, b.light->inner_cone);
  EXPECT_EQ(a.light->outer_cone, b.light->outer_cone);
  EXPECT_EQ(a.light->extras.is_null(), b.light->extras.is_null());
}

TEST(LightCheck, ACheckedLightIsReadLightOfItsValue) {
  std::vector<Light> lights;
  lights.push_back(make(LightType::kPoint, {1, 0.5, 0}, 2));
  lights.push_back(make(LightType::kPoint, {2, -1, kNan}, 1));     // clamped
  lights.push_back(make(LightType::kDirectional, {1, 1, 1}, -1));  // no light
  lights.push_back(make(LightType::kSpot, {1, 1, 1}, kInf));       // no light
  Light ranged = make(LightType::kPoint, {1, 1, 1}, 1);
  for (double range : {5.0, -5.0, 0.0, kInf, kNan}) {
    ranged.range = range;
    lights.push_back(ranged);
  }
  Light sun = make(LightType::kDirectional, {1, 1, 1}, 1);
  sun.range = 4;  // dropped: not positional
  lights.push_back(sun);
  Light spot = make(LightType::kSpot, {1, 1, 1}, 1);
  for (auto [inner, outer] :
       {std::pair{0.1, 0.7}, std::pair{0.9, 0.5}, std::pair{0.0, 3.0}, std::pair{-1.0, 0.5},
        std::pair{0.2, 0.0}, std::pair{kNan, kNan}, std::pair{0.3, kInf}}) {
    spot.inner_cone = inner;
    spot.outer_cone = outer;
    lights.push_back(spot);
  }
  Light named = make(LightType::kAmbient, {0.2, 0.2, 0.2}, 1);
  named.name = "fill";
  named.extras = Value(ValueMap{{"k", Value(1)}});
  lights.push_back(named);
  for (size_t i = 0; i < lights.size(); ++i) {
    SCOPED_TRACE(i);
    const Light& light = lights[i];
    expect_same(check_light(light), read_light(light_value(light)));
  }
}

TEST(LightCheck, FixesComeInTheirOrderAndAFaultLeavesNoLight) {
  Light l = make(LightType::kSpot, {2, 1, 1}, 1);
  l.range = -1;
  l.outer_cone = 3;
  l.inner_cone = 2;
  LightRead read = check_light(l);
  ASSERT_TRUE(read.light.has_value());
  EXPECT_EQ(read.fixes,
            (std::vector<std::string>{
                "its color is outside [0, 1]: clamped into it",
                "its range is not a positive number: dropped",
                "its outerConeAngle is outside (0, pi/2]: clamped into it",
                "its innerConeAngle is not a number in [0, outerConeAngle): 0 is taken"}));
  // Each fix with its rule: an inner angle that is a number in range is out of order.
  EXPECT_EQ(read.fix_rules,
            (std::vector<LightRule>{LightRule::kValueRange, LightRule::kValueRange,
                                    LightRule::kValueRange, LightRule::kConeOrder}));
  EXPECT_EQ(read.light->color, (std::array<double, 3>{1, 1, 1}));
  EXPECT_EQ(read.light->range, std::nullopt);
  EXPECT_DOUBLE_EQ(read.light->outer_cone, std::numbers::pi / 2);
  EXPECT_EQ(read.light->inner_cone, 0);
  l.intensity = -2;
  read = check_light(l);
  EXPECT_FALSE(read.light.has_value());
  EXPECT_EQ(read.fault, "its intensity is not a finite number of at least 0");
  EXPECT_EQ(read.fault_rule, LightRule::kValueRange);
}

TEST(LightCheck, ALightOtherThanASpotHasGltfsDefaultCone) {
  Light l = make(LightType::kPoint, {1, 1, 1}, 1);
  l.outer_cone = 0.2;
  l.inner_cone = 0.1;
  LightRead read = check_light(l);
  ASSERT_TRUE(read.light.has_value());
  EXPECT_TRUE(read.fixes.empty());
  EXPECT_EQ(read.light->outer_cone, Light().outer_cone);
  EXPECT_EQ(read.light->inner_cone, Light().inner_cone);
}

TEST(LightRead, AValuesShapeFaultsBeforeItsTerms) {
  EXPECT_EQ(read_light(Value(1)).fault, "it is not an object");
  EXPECT_EQ(read_light(Value(ValueMap{})).fault, "it has no type");
  EXPECT_EQ(read_light(Value(ValueMap{})).fault_rule, LightRule::kTypeMissing);
  EXPECT_EQ(read_light(Value(ValueMap{{"type", Value("area")}})).fault_rule,
            LightRule::kTypeUnknown);
  EXPECT_EQ(read_light(Value(ValueMap{{"type", Value("area")}})).fault,
            "its type 'area' is unknown");
  // The colour's shape before the intensity.
  LightRead read = read_light(Value(ValueMap{{"type", Value("point")},
                                             {"color", Value(ValueArray{Value(1), Value(1)})},
                                             {"intensity", Value(-1.0)}}));
  EXPECT_EQ(read.fault, "its color is not three numbers");
  // A term that is no number reads as one no check passes, with the words of a bad number.
  read = read_light(Value(ValueMap{{"type", Value("point")}, {"intensity", Value("bright")}}));
  EXPECT_EQ(read.fault, "its intensity is not a finite number of at least 0");
  read = read_light(Value(ValueMap{{"type", Value("spot")},
                                   {"range", Value("far")},
                                   {"spot", Value(ValueMap{{"outerConeAngle", Value("wide")},
                                                           {"innerConeAngle", Value("x")}})}}));
  ASSERT_TRUE(read.light.has_value());
  EXPECT_EQ(read.fixes,
            (std::vector<std::string>{
                "its range is not a positive number: dropped",
                "its outerConeAngle is not a number: pi/4 is taken",
                "its innerConeAngle is not a number in [0, outerConeAngle): 0 is taken"}));
  // An inner angle that is no number is out of range, not out of order.
  EXPECT_EQ(read.fix_rules.back(), LightRule::kValueRange);
}

TEST(LightRead, ASpotWithoutItsSpotObjectTakesTheDefaultConeWithAFix) {
  LightRead read = read_light(Value(ValueMap{{"type", Value("spot")}, {"range", Value(-1.0)}}));
  ASSERT_TRUE(read.light.has_value());
  EXPECT_EQ(read.fixes, (std::vector<std::string>{
                            "its range is not a positive number: dropped",
                            "a spot light without its spot object takes glTF's default cone"}));
  EXPECT_EQ(read.light->outer_cone, std::numbers::pi / 4);
  // A typed spot always has its cone: no such fix.
  EXPECT_TRUE(check_light(*read.light).fixes.empty());
}

}  // namespace
}  // namespace px
