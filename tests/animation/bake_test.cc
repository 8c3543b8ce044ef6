// COLLADA channels rebuilt as glTF translation / rotation / scale (spec gltf.md, "Animated
// nodes..."), and glTF's own channels kept: polyxios/ops/animation_bake.h, each rule on a small
// scene.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "polyxios/ops/animation_bake.h"
#include "polyxios/ops/key_times.h"
#include "polyxios/ops/node_rebuild.h"
#include "tests/animation/animation_test_util.h"

namespace px::animation_testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

struct Baked {
  Scene scene;
  BakedAnimations baked;
  int count(std::string_view code) const {
    int n = 0;
    for (const BakeNote& note : baked.notes) n += note.code == code;
    return n;
  }
  std::string notes() const {
    std::string out;
    for (const BakeNote& note : baked.notes) out += note.code + ": " + note.message + "\n";
    return out;
  }
  // The sampler of a node path in animation a.
  const BakedSampler* sampler(size_t a, int node, std::string_view path) const {
    for (const BakedChannel& c : baked.animations.at(a).channels) {
      if (c.node == node && target_path_name(c.path) == path)
        return &baked.animations[a].samplers[c.sampler];
    }
    return nullptr;
  }
};

Baked bake(std::string_view text) {
  ReadResult r = read_text(text);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  Baked out{std::move(*r.scene), {}};
  out.baked = bake_animations(out.scene);
  return out;
}

Eigen::Quaterniond rotation_key(const BakedSampler& s, size_t k) {
  const double* q = &s.values[4 * k];
  return Eigen::Quaterniond(q[3], q[0], q[1], q[2]);
}

double degrees(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b) {
  return Eigen::AngleAxisd(a.conjugate() * b).angle() * 180 / std::numbers::pi;
}

constexpr std::string_view kNode =
    "<node id=\"n\"><translate sid=\"t\">1 2 3</translate><rotate sid=\"r\">0 0 1 0</rotate>"
    "<scale sid=\"s\">1 1 1</scale></node>";

TEST(AnimationBake, ChannelsAreRebuiltAsTheNodesTranslationRotationAndScaleAtTheUnionOfKeys) {
  Baked b =
      bake(animated_document(kNode, cat("<animation id=\"a\">", sampler("x", {"0 2", "0 10"}),
                                        sampler("y", {"1 2", "5 6"}),
                                        "<channel source=\"#x\" target=\"n/t.X\"/>"
                                        "<channel source=\"#y\" target=\"n/s.Y\"/></animation>")));
  ASSERT_EQ(b.baked.animations.size(), 1u) << b.notes();
  ASSERT_EQ(b.baked.animations[0].channels.size(), 3u);
  const BakedSampler* t = b.sampler(0, 0, "translation");
  const BakedSampler* r = b.sampler(0, 0, "rotation");
  const BakedSampler* s = b.sampler(0, 0, "scale");
  ASSERT_TRUE(t && r && s);
  EXPECT_THAT(t->times, ElementsAre(0, 1, 2));
  EXPECT_EQ(t->interpolation, "LINEAR");
  EXPECT_THAT(t->values, ElementsAre(0, 2, 3, 5, 2, 3, 10, 2, 3));
  EXPECT_THAT(s->values, ElementsAre(1, 5, 1, 1, 5, 1, 1, 6, 1));
  EXPECT_THAT(r->values, ElementsAre(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1));
  EXPECT_TRUE(b.baked.animated[0]);
  EXPECT_TRUE(b.baked.notes.empty()) << b.notes();
}

TEST(AnimationBake, EveryChannelSteppingComesOutStep) {
  Baked b =
      bake(animated_document(kNode, animation("a", "n/t", {"0 1", "0 0 0 5 5 5", 3, "STEP STEP"})));
  ASSERT_EQ(b.baked.animations.size(), 1u);
  const BakedSampler* t = b.sampler(0, 0, "translation");
  EXPECT_EQ(t->interpolation, "STEP");
  EXPECT_THAT(t->times, ElementsAre(0, 1));
}

TEST(AnimationBake, AStepBesideBlendingChannelsGetsAKeyOneFloat32StepBeforeEachStep) {
  Baked b = bake(
      animated_document(kNode, cat(animation("a", "n/t.X", {"0 1 2", "0 5 7", 1, "STEP STEP STEP"}),
                                   animation("b", "n/t.Y", {"0 2", "0 2"}))));
  const BakedSampler* t = b.sampler(0, 0, "translation");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->interpolation, "LINEAR");
  ASSERT_THAT(t->times, ElementsAre(0, float32_step_before(1), 1, float32_step_before(2), 2));
  EXPECT_EQ(t->values[3], 0);  // X still 0 just before it steps
  EXPECT_EQ(t->values[6], 5);
  EXPECT_EQ(t->values[9], 5);
  EXPECT_EQ(t->values[12], 7);
}

TEST(AnimationBake, BezierSpansAreSampledAlongTheirCurve) {
  // The specification's 1-D form: a rise from 0 to 10 eased at both ends.
  Baked b = bake(animated_document(
      kNode, animation("a", "n/t.X", {"0 1", "0 10", 1, "BEZIER BEZIER", "0 10", "0 10", 1})));
  const BakedSampler* t = b.sampler(0, 0, "translation");
  ASSERT_TRUE(t);
  ASSERT_GE(t->times.size(), 5u);
  // Four samples per span at least: its quarters are keys.
  for (double q : {0.25, 0.5, 0.75}) {
    auto it = std::find(t->times.begin(), t->times.end(), q);
    ASSERT_NE(it, t->times.end()) << q;
    const size_t k = it - t->times.begin();
    const double u = 1 - q;
    EXPECT_NEAR(t->values[3 * k], 3 * u * q * q * 10 + q * q * q * 10, 1e-9) << q;
  }
}

TEST(AnimationBake, BlendingSpansAreSplitUntilTheTranslationStraysAThousandthOfItsRangeAtMost) {
  // A <rotate> before a <translate> swings the translation on an arc of radius 10.
  std::string node =
      "<node id=\"n\"><rotate sid=\"r\">0 0 1 0</rotate><translate sid=\"t\">10 0 0</translate>"
      "</node>";
  Baked b = bake(animated_document(node, animation("a", "n/r.ANGLE", {"0 1", "0 90"})));
  const BakedSampler* t = b.sampler(0, 0, "translation");
  ASSERT_TRUE(t);
  EXPECT_GT(t->times.size(), 8u);
  const double range = 10;
  for (size_t k = 0; k + 1 < t->times.size(); ++k) {
    const double mid = 0.5 * (t->times[k] + t->times[k + 1]);
    const double angle = mid * std::numbers::pi / 2;
    const Eigen::Vector2d truth(10 * std::cos(angle), 10 * std::sin(angle));
    const Eigen::Vector2d line(0.5 * (t->values[3 * k] + t->values[3 * k + 3]),
                               0.5 * (t->values[3 * k + 1] + t->values[3 * k + 4]));
    EXPECT_LE((truth - line).cwiseAbs().maxCoeff(), range / 1000) << k;
  }
}

TEST(AnimationBake, ASpanTurningMoreThan15DegreesIsSplitUntilNoneDoes) {
  Baked b = bake(animated_document(kNode, animation("a", "n/r.ANGLE", {"0 1", "0 360"})));
  const BakedSampler* r = b.sampler(0, 0, "rotation");
  ASSERT_TRUE(r);
  const size_t keys = r->times.size();
  ASSERT_GE(keys, 25u);
  for (size_t k = 0; k + 1 < keys; ++k) {
    EXPECT_LE(degrees(rotation_key(*r, k), rotation_key(*r, k + 1)), 15 + 1e-9) << k;
    // Neighbouring keys share a hemisphere, so a slerp takes the short way.
    EXPECT_GE(rotation_key(*r, k).dot(rotation_key(*r, k + 1)), 0);
  }
  EXPECT_NEAR(degrees(rotation_key(*r, 0), rotation_key(*r, keys - 1)), 0, 1e-6);
}

TEST(AnimationBake, SplittingStopsAfterEightRoundsWithAWarning) {
  Baked b = bake(animated_document(kNode, animation("a", "n/r.ANGLE", {"0 1", "0 360000"})));
  EXPECT_EQ(b.count("gltf.write.animation-split-rounds"), 1) << b.notes();
  EXPECT_LE(b.sampler(0, 0, "rotation")->times.size(), 257u);
}

TEST(AnimationBake, KeysSplitsAddAreCappedPerWriteWithAWarning) {
  AnimationSampler s;
  Scene scene;
  std::span<double> times = scene.arena->allocate<double>(2);
  std::span<double> values = scene.arena->allocate<double>(2);
  times[1] = 1;
  values[1] = 3600;
  s.times = Column::of<double>(times, 1);
  s.values = Column::of<double>(values, 1);
  s.interpolation = "LINEAR";
  Curve curve = std::get<Curve>(Curve::make(s));
  std::vector<TransformElement> elements{{"rotate", "r", {0, 0, 1, 0}}};
  std::vector<NodeChannel> channels{{0, {3}, &curve}};
  SplitBudget budget;
  budget.remaining = 5;
  BakeNotes notes;
  std::optional<RebuiltNode> node =
      rebuild_node(elements, channels, std::nullopt, "node 0", budget, notes);
  ASSERT_TRUE(node);
  EXPECT_EQ(node->times.size(), 7u);
  EXPECT_EQ(budget.remaining, 0u);
  ASSERT_FALSE(notes.empty());
  EXPECT_EQ(notes[0].code, "gltf.write.animation-split-cap");
}

// The cap itself: a channel of 1100 spans each turning 3600 degrees asks for 255 keys per span
// (eight rounds of halving down to 14.1 degrees), 280,500 in all; the write adds 262,144 and no
// more, and says so once.
TEST(AnimationBake, KeysSplitsAddStopAtTheCapOf262144PerWrite) {
  constexpr int kSpans = 1100;
  std::string times, angles;
  for (int k = 0; k <= kSpans; ++k) {
    times += cat(k, " ");
    angles += cat(3600 * k, " ");
  }
  Baked b = bake(animated_document(kNode, animation("a", "n/r.ANGLE", {times, angles})));
  const BakedSampler* r = b.sampler(0, 0, "rotation");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->times.size(), kSpans + 1 + 262144u);
  EXPECT_EQ(b.count("gltf.write.animation-split-cap"), 1) << b.notes();
  EXPECT_EQ(SplitBudget().remaining, 262144u);
}

TEST(AnimationBake, ChannelsTheRebuildCannotFollowAreSkippedWithAWarning) {
  std::string nodes =
      std::string(kNode) + "<node id=\"m\"><translate sid=\"t\">0 0 0</translate></node>";
  Baked b = bake(animated_document(
      nodes, cat(animation("hermite", "n/t.X", {"0 1", "0 1", 1, "HERMITE HERMITE"}),
                 animation("bezier", "n/s.X", {"0 1", "0 1", 1, "BEZIER BEZIER"}),
                 animation("member", "n/t.ANGLE", {"0 1", "0 1"}),
                 animation("ok", "m/t.X", {"0 1", "0 1"}))));
  EXPECT_EQ(b.count("gltf.write.animation-channel-skipped"), 3) << b.notes();
  EXPECT_THAT(b.notes(), HasSubstr("HERMITE sampler lacks in_tangents"));
  EXPECT_THAT(b.notes(), HasSubstr("BEZIER sampler lacks in_tangents"));
  EXPECT_THAT(b.notes(), HasSubstr("names no part"));
  EXPECT_FALSE(b.baked.animated[0]);
  EXPECT_TRUE(b.baked.animated[1]);
}

// The value of a baked LINEAR sampler's component c at time t.
double baked_at(const BakedSampler& s, double t, size_t c) {
  auto it = std::upper_bound(s.times.begin(), s.times.end(), t);
  if (it == s.times.begin()) return s.values[c];
  const size_t k = static_cast<size_t>(it - s.times.begin()) - 1;
  if (k + 1 >= s.times.size()) return s.values[k * s.width + c];
  const double f = (t - s.times[k]) / (s.times[k + 1] - s.times[k]);
  return s.values[k * s.width + c] +
         f * (s.values[(k + 1) * s.width + c] - s.values[k * s.width + c]);
}

// Beyond the spec (issue 15 point 4): HERMITE, CARDINAL and BSPLINE channels, which it drops, are
// sampled into LINEAR keys within the bake's error bound (half a thousandth of the motion's
// extent).
TEST(AnimationBake, HermiteCardinalAndBSplineChannelsAreSampledWithinTheBakesBound) {
  // Translation X by HERMITE (slopes 3 out of key 0, -3 into key 1: it overshoots 1), Y by
  // CARDINAL and Z by BSPLINE over four keys.
  Baked b = bake(animated_document(
      kNode,
      cat(animation("a", "n/t.X", {"0 1", "0 1", 1, "HERMITE HERMITE", "0 -3", "3 0", 1}),
          animation("b", "n/t.Y",
                    {"0 1 2 3", "0 4 -2 1", 1, "CARDINAL CARDINAL CARDINAL CARDINAL"}),
          animation("c", "n/t.Z", {"0 1 2 3", "0 4 -2 1", 1, "BSPLINE BSPLINE BSPLINE BSPLINE"}))));
  EXPECT_EQ(b.count("gltf.write.animation-channel-skipped"), 0) << b.notes();
  // One glTF animation: the node's three channels rebuilt as one translation.
  ASSERT_EQ(b.baked.animations.size(), 1u);
  auto hermite = [](double s) {
    const double u = 1 - s;
    return 3 * u * u * s * 1 + 3 * u * s * s * 2 + s * s * s;  // control values 0, 1, 2, 1
  };
  const double p[] = {0, 4, -2, 1};
  auto key = [&](int i) { return p[std::clamp(i, 0, 3)]; };
  auto cardinal = [&](double t) {
    const int k = std::min(static_cast<int>(t), 2);
    const double s = t - k, u = 1 - s;
    const double m0 = (key(k + 1) - key(k - 1)) / 2, m1 = (key(k + 2) - key(k)) / 2;
    return u * u * u * key(k) + 3 * u * u * s * (key(k) + m0 / 3) +
           3 * u * s * s * (key(k + 1) - m1 / 3) + s * s * s * key(k + 1);
  };
  auto bspline = [&](double t) {
    const int k = std::min(static_cast<int>(t), 2);
    const double s = t - k, u = 1 - s;
    return (u * u * u * key(k - 1) + (3 * s * s * s - 6 * s * s + 4) * key(k) +
            (-3 * s * s * s + 3 * s * s + 3 * s + 1) * key(k + 1) + s * s * s * key(k + 2)) /
           6;
  };
  const BakedSampler* x = b.sampler(0, 0, "translation");
  ASSERT_TRUE(x);
  const BakedSampler* y = x;
  const BakedSampler* z = x;
  EXPECT_GT(x->times.size(), 4u);  // sampled, not the two keys
  double worst_x = 0, worst_y = 0, worst_z = 0;
  for (int i = 0; i <= 3000; ++i) {
    const double t = i / 1000.0;
    worst_x = std::max(worst_x, std::abs(baked_at(*x, t, 0) - hermite(std::min(t, 1.0))));
    worst_y = std::max(worst_y, std::abs(baked_at(*y, t, 1) - cardinal(t)));
    worst_z = std::max(worst_z, std::abs(baked_at(*z, t, 2) - bspline(t)));
  }
  // Past its last key a B-spline holds its own end, not the key.
  for (double t : {3.0, 3.5}) EXPECT_NEAR(baked_at(*z, t, 2), bspline(3), 1e-9);
  // The bound is of the whole translation's extent, Y's -2.x to 4.x here; checked at the middle
  // of each span, so allow twice it between.
  const double bound = 2 * 0.5e-3 * 6;
  EXPECT_LT(worst_x, bound);
  EXPECT_LT(worst_y, bound);
  EXPECT_LT(worst_z, bound);
  EXPECT_NEAR(baked_at(*x, 0.5, 0), 1.25, 2e-3);  // the overshoot kept
  EXPECT_NEAR(baked_at(*y, 1, 1), 4, 1e-9);       // a cardinal spline passes through its keys
  EXPECT_NEAR(baked_at(*z, 1, 2), (0 + 16 - 2) / 6.0, 1e-9);  // a B-spline near them
}

TEST(AnimationBake, ANodeEditedAfterReadingOrSpellingNoSuchElementIsNotRebuilt) {
  ReadResult r = read_text(animated_document(kNode, cat(animation("a", "n/t.X", {"0 1", "0 1"}),
                                                        animation("b", "n/t.Y", {"0 1", "0 1"}))));
  ASSERT_TRUE(r.scene.ok());
  Scene& scene = *r.scene;
  scene.nodes[0].matrix(0, 3) += 0.5;
  BakedAnimations baked = bake_animations(scene);
  EXPECT_TRUE(baked.animations.empty());
  ASSERT_FALSE(baked.notes.empty());
  EXPECT_THAT(baked.notes[0].message, HasSubstr("no longer composes"));
  // Six significant digits: rounding is not an edit.
  scene.nodes[0].matrix(0, 3) -= 0.5 - 1e-9;
  EXPECT_EQ(bake_animations(scene).animations.size(), 1u);
  // A channel whose sid no element of its kind holds.
  scene.nodes[0].transforms[0].sid = "other";
  EXPECT_THAT(bake_animations(scene).notes.at(0).message, HasSubstr("spells no <translate>"));
}

TEST(AnimationBake, AnEarlierChannelOfTheAnimationSettingTheSameValuesWins) {
  Baked b = bake(
      animated_document(kNode, cat("<animation id=\"a\">", sampler("s1", {"0 1", "0 0 0 1 1 1", 3}),
                                   sampler("s2", {"0 1", "7 8"}),
                                   "<channel source=\"#s1\" target=\"n/t\"/>"
                                   "<channel source=\"#s2\" target=\"n/t.Y\"/></animation>")));
  EXPECT_EQ(b.count("gltf.write.animation-channel-skipped"), 1);
  EXPECT_THAT(b.notes(), HasSubstr("an earlier channel of the animation sets the same values"));
  EXPECT_THAT(b.sampler(0, 0, "translation")->values, ElementsAre(0, 0, 0, 1, 1, 1));
}

TEST(AnimationBake, ANodesChannelsInSeveralAnimationsAreRebuiltTogetherInTheFirst) {
  Baked b = bake(animated_document(kNode, cat(animation("first", "n/t.X", {"0 1", "0 1"}),
                                              animation("second", "n/t.Y", {"0 2", "0 2"}))));
  ASSERT_EQ(b.baked.animations.size(), 1u);
  EXPECT_EQ(b.baked.animations[0].name, "first");
  EXPECT_THAT(b.sampler(0, 0, "translation")->values, ElementsAre(0, 0, 3, 1, 1, 3, 1, 2, 3));
  EXPECT_EQ(b.count("gltf.write.animation-empty"), 1);
}

TEST(AnimationBake, AnimationsAnimatingTheSameValuesSplitIntoClips) {
  std::string nodes =
      std::string(kNode) + "<node id=\"m\"><translate sid=\"t\">0 0 0</translate></node>";
  Baked b = bake(animated_document(nodes, cat(animation("walk", "n/t.X", {"0 1", "0 1"}),
                                              animation("wave", "m/t.X", {"0 1", "0 1"}),
                                              animation("run", "n/t.X", {"0 1", "0 5"}))));
  ASSERT_EQ(b.baked.animations.size(), 2u) << b.notes();
  EXPECT_EQ(b.baked.animations[0].name, "walk");
  EXPECT_EQ(b.baked.animations[1].name, "run");
  EXPECT_TRUE(b.sampler(0, 0, "translation") && b.sampler(0, 1, "translation"));
  EXPECT_TRUE(b.sampler(1, 0, "translation") && !b.sampler(1, 1, "translation"));
  EXPECT_EQ(b.count("gltf.write.animation-clip-rest"), 0);
  // "jump" animates n's scale, which only it does: "walk" holds that scale at rest.
  b = bake(animated_document(kNode, cat(animation("walk", "n/t.X", {"0 1", "0 1"}),
                                        animation("run", "n/t.X", {"0 1", "0 5"}),
                                        animation("jump", "n/s.Y", {"0 1", "1 2"}))));
  ASSERT_EQ(b.baked.animations.size(), 2u);
  EXPECT_EQ(b.count("gltf.write.animation-clip-rest"), 1) << b.notes();
  EXPECT_THAT(b.notes(), HasSubstr("animation 'run' holds at rest"));
}

TEST(AnimationBake, KeyTimesFloat32WouldCollapseAreNudged) {
  std::vector<double> times{0, 1, 1 + 1e-12, 2};
  ASSERT_TRUE(same_float32(times[1], times[2]));
  EXPECT_TRUE(nudge_times(times));
  EXPECT_LT(static_cast<float>(times[1]), static_cast<float>(times[2]));
  EXPECT_EQ(times[2], 1);
  EXPECT_EQ(times[1], float32_step_before(1));
  // Down would make the first negative: up instead, to the least float32 above 0, which 1e-50
  // (0 in float32) is not.
  std::vector<double> early{0, 1e-50, 1};
  ASSERT_TRUE(same_float32(early[0], early[1]));
  EXPECT_TRUE(nudge_times(early));
  EXPECT_EQ(early[0], 0);
  EXPECT_EQ(early[1], std::nextafter(0.0f, 1.0f));
  EXPECT_LT(static_cast<float>(early[0]), static_cast<float>(early[1]));
  EXPECT_LT(static_cast<float>(early[1]), 1.0f);
}

TEST(AnimationBake, KeyTimesBeforeZeroAreCutWithAWarning) {
  Baked b = bake(animated_document(kNode, animation("a", "n/t.X", {"-1 1", "0 2"})));
  const BakedSampler* t = b.sampler(0, 0, "translation");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->times.front(), 0);
  EXPECT_EQ(t->values.front(), 1);
  EXPECT_EQ(b.count("gltf.write.animation-negative-time"), 1);
}

TEST(AnimationBake, AWholeMatrixAloneKeepsItsKeysAndAMirrorIsANegativeXScale) {
  std::string node =
      "<node id=\"n\"><matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>";
  // A quarter turn about z, then the same mirrored in x.
  std::string keys = "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1  0 -1 0 0 1 0 0 0 0 0 1 0 0 0 0 1";
  Baked b = bake(animated_document(node, animation("a", "n/m", {"0 1", keys, 16})));
  const BakedSampler* r = b.sampler(0, 0, "rotation");
  ASSERT_TRUE(r);
  EXPECT_THAT(r->times, ElementsAre(0, 1));  // 90 degrees in one span: a matrix alone is not split
  std::string mirrored = "-1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1  -1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1";
  b = bake(animated_document(node, animation("a", "n/m", {"0 1", mirrored, 16})));
  EXPECT_THAT(b.sampler(0, 0, "scale")->values, ElementsAre(-1, 1, 1, -1, 1, 1));
}

TEST(AnimationBake, ALinearWholeMatrixBesideOtherElementsBlendsAsItsDecomposedKeys) {
  std::string node =
      "<node id=\"n\"><translate sid=\"t\">0 0 0</translate>"
      "<matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>";
  std::string keys = "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1  0 -1 0 0 1 0 0 0 0 0 1 0 0 0 0 1";
  Baked b = bake(animated_document(node, animation("a", "n/m", {"0 1", keys, 16})));
  const BakedSampler* s = b.sampler(0, 0, "scale");
  ASSERT_TRUE(s);
  // Element by element the node would shrink to 0.71 at the middle; decomposed, it keeps size 1.
  for (double v : s->values) EXPECT_NEAR(std::abs(v), 1, 1e-9);
  // A BEZIER one is followed element by element, so its shrink is kept.
  b = bake(animated_document(
      node, animation("a", "n/m", {"0 1", keys, 16, "BEZIER BEZIER", keys, keys, 16})));
  s = b.sampler(0, 0, "scale");
  ASSERT_TRUE(s);
  EXPECT_LT(*std::min_element(s->values.begin(), s->values.end()), 0.9);
}

TEST(AnimationBake, KeysChangingHandednessWarn) {
  Baked b = bake(animated_document(kNode, animation("a", "n/s.X", {"0 1", "1 -1"})));
  EXPECT_EQ(b.count("gltf.write.animation-handedness"), 1) << b.notes();
}

TEST(AnimationBake, AShearIsLostWithAWarningAndValuesFloat32CannotHoldDropTheNode) {
  std::string node =
      "<node id=\"n\"><matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>";
  Baked b = bake(animated_document(node, animation("a", "n/m(1)(0)", {"0 1", "0 1"})));
  EXPECT_EQ(b.count("gltf.write.animation-shear-lost"), 1) << b.notes();
  b = bake(animated_document(kNode, animation("a", "n/t.X", {"0 1", "0 1e300"})));
  EXPECT_EQ(b.count("gltf.write.animation-not-rebuilt"), 1) << b.notes();
  EXPECT_TRUE(b.baked.animations.empty());
}

TEST(AnimationBake, MatrixMembersAreColumnThenRow) {
  std::string node =
      "<node id=\"n\"><matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>";
  Baked b =
      bake(animated_document(node, cat(animation("a", "n/m(3)(1)", {"0 1", "0 4"}),
                                       animation("b", "n/m(3)", {"0 1", "7 0 0 1  7 0 0 1", 4}))));
  ASSERT_EQ(b.baked.animations.size(), 2u) << b.notes();
  // (3)(1) is the cell of column 3, row 1: the y translation.
  const BakedSampler* t = b.sampler(0, 0, "translation");
  ASSERT_TRUE(t);
  EXPECT_THAT(t->values, ElementsAre(0, 0, 0, 0, 4, 0));
  // (3) is column 3: x, y, z and w. It sets the y "a" does, so it plays in a clip of its own.
  t = b.sampler(1, 0, "translation");
  ASSERT_TRUE(t);
  EXPECT_THAT(t->values, ElementsAre(7, 0, 0, 7, 0, 0));
}

// ---------------------------------------------------------------- glTF's own channels

struct NativeScene {
  Scene scene;
  Column column(const std::vector<double>& v, size_t cols) {
    std::span<double> data = scene.arena->allocate<double>(v.size());
    std::copy(v.begin(), v.end(), data.begin());
    return Column::of<double>(data, cols);
  }
  void add(std::string path, const std::vector<double>& times, const std::vector<double>& values,
           size_t width, std::string interpolation = "LINEAR", int node = 0,
           std::string pointer = "") {
    AnimationSampler s;
    s.times = column(times, 1);
    s.values = column(values, width);
    s.interpolation = std::move(interpolation);
    animation.samplers.push_back(s);
    AnimationChannel c;
    c.sampler = static_cast<int>(animation.samplers.size()) - 1;
    c.target.node = node;
    c.target.path = target_path_named(path);
    c.target.pointer = std::move(pointer);
    animation.channels.push_back(c);
  }
  BakedAnimations bake() {
    if (scene.nodes.empty()) scene.nodes.emplace_back();
    scene.animations = {animation};
    return bake_animations(scene);
  }
  Animation animation;
};

TEST(AnimationBake, GltfChannelsAreKeptAsTheyAre) {
  NativeScene n;
  n.animation.name = "spin";
  n.add("rotation", {0, 1}, {0, 0, 0, 1, 0, 0, 1, 0}, 4);
  n.add("translation", {0, 0.5, 1}, {0, 0, 0, 1, 1, 1, 2, 2, 2}, 3, "STEP");
  n.add("scale", {0, 1}, {1, 1, 1, 0, 0, 0, 2, 2, 2, 0, 0, 0, 1, 1, 1, 0, 0, 0}, 3, "CUBICSPLINE");
  BakedAnimations baked = n.bake();
  ASSERT_EQ(baked.animations.size(), 1u);
  const BakedAnimation& a = baked.animations[0];
  EXPECT_EQ(a.name, "spin");
  ASSERT_EQ(a.channels.size(), 3u);
  EXPECT_EQ(a.samplers[a.channels[0].sampler].values,
            std::vector<double>({0, 0, 0, 1, 0, 0, 1, 0}));
  EXPECT_EQ(a.samplers[a.channels[1].sampler].interpolation, "STEP");
  EXPECT_EQ(a.samplers[a.channels[2].sampler].values.size(), 18u);
  EXPECT_TRUE(baked.notes.empty());
  EXPECT_TRUE(baked.animated[0]);
}

TEST(AnimationBake, GltfChannelsGltfCannotHoldAreSkippedWithAWarning) {
  NativeScene n;
  n.add("weights", {0, 1}, {0, 1}, 1);                               // no morph targets
  n.add("bogus", {0, 1}, {0, 1}, 1);                                 // unknown meaning
  n.add("translation", {0, 1}, {0, 0, 0, 1, 1, 1}, 3, "LINEAR", 5);  // no node 5
  n.add("translation", {}, {}, 3);                                   // no key
  n.add("translation", {1, 0}, {0, 0, 0, 1, 1, 1}, 3);               // times decrease
  n.add("translation", {-1, 0}, {0, 0, 0, 1, 1, 1}, 3);              // negative time
  n.add("translation", {0, 1}, {0, 0, 0, 1e39, 1, 1}, 3);            // not float32
  n.add("translation", {0, 1}, {0, 0, 0, NAN, 1, 1}, 3);             // NaN
  n.add("scale", {0, INFINITY}, {1, 1, 1, 2, 2, 2}, 3);              // Inf
  n.add("rotation", {0}, {0, 0, 0, 0}, 4);                           // zero length
  n.add("scale", {0}, {1, 1}, 2);                                    // not 3 wide
  n.add("translation", {0}, {0, 0, 0}, 3, "CUBICSPLINE");            // not 3 rows
  n.add("translation", {0}, {0, 0, 0}, 3, "BEZIER");                 // not glTF's
  n.add("translation", {0, 2}, {0, 0, 0, 4, 5, 6}, 3);               // the first one kept
  n.add("translation", {0}, {1, 1, 1}, 3);                           // the same path again
  n.add("scale", {0}, {1, 1, 1}, 3);
  n.animation.channels.back().sampler = 99;  // no such sampler
  BakedAnimations baked = n.bake();
  // Channel 13 alone is written, with its own keys.
  ASSERT_EQ(baked.animations.size(), 1u);
  ASSERT_EQ(baked.animations[0].channels.size(), 1u);
  const BakedChannel& kept = baked.animations[0].channels[0];
  EXPECT_EQ(kept.node, 0);
  EXPECT_EQ(kept.path, TargetPath::kTranslation);
  const BakedSampler& s = baked.animations[0].samplers[kept.sampler];
  EXPECT_THAT(s.times, ElementsAre(0, 2));
  EXPECT_THAT(s.values, ElementsAre(0, 0, 0, 4, 5, 6));
  EXPECT_EQ(s.interpolation, "LINEAR");
  // Every other channel is skipped with gltf.write.animation-channel-skipped naming it and why.
  const std::pair<int, std::string_view> skipped[] = {
      {0, "morph target weights"},
      {1, "means nothing in glTF"},
      {2, "node 5"},
      {3, "no key"},
      {4, "do not increase"},
      {5, "negative"},
      {6, "float32 cannot hold"},
      {7, "NaN, Inf"},
      {8, "NaN, Inf"},
      {9, "zero length"},
      {10, "not 3 per key"},
      {11, "in three rows"},
      {12, "\"BEZIER\" is not glTF's"},
      {14, "same node path"},
      {15, "not a well-formed sampler"},
  };
  ASSERT_EQ(baked.notes.size(), std::size(skipped));
  for (const auto& [channel, why] : skipped) {
    const std::string names = cat("channel ", channel, ": ");
    const auto note = std::find_if(baked.notes.begin(), baked.notes.end(), [&](const BakeNote& n) {
      return n.message.find(names) != std::string::npos;
    });
    ASSERT_NE(note, baked.notes.end()) << names;
    EXPECT_EQ(note->code, "gltf.write.animation-channel-skipped") << note->message;
    EXPECT_THAT(note->message, HasSubstr(why));
  }
}

TEST(AnimationBake, APointerChannelKeepsItsPointerAndAnAnimationWithNoChannelIsNotWritten) {
  NativeScene n;
  n.add("pointer", {0, 1}, {0, 1}, 1, "LINEAR", -1,
        "/materials/0/pbrMetallicRoughness/roughnessFactor");
  BakedAnimations baked = n.bake();
  ASSERT_EQ(baked.animations.size(), 1u);
  EXPECT_EQ(baked.animations[0].channels[0].pointer,
            "/materials/0/pbrMetallicRoughness/roughnessFactor");
  EXPECT_EQ(baked.animations[0].channels[0].node, -1);
  NativeScene empty;
  empty.add("weights", {0, 1}, {0, 1}, 1);
  baked = empty.bake();
  EXPECT_TRUE(baked.animations.empty());
  EXPECT_EQ(baked.notes.back().code, "gltf.write.animation-empty");
}

TEST(AnimationBake, AGltfChannelOnANodeSkipsTheColladaChannelsOfThatNodeInItsAnimation) {
  ReadResult r = read_text(animated_document(kNode, animation("a", "n/t.X", {"0 1", "0 1"})));
  ASSERT_TRUE(r.scene.ok());
  std::vector<Animation> animations = r.scene->animations;
  Animation& a = animations[0];
  a.samplers.push_back(a.samplers[0]);
  std::span<double> xyz = r.scene->arena->allocate<double>(6);
  a.samplers.back()->values = Column::of<double>(xyz, 3);
  a.channels.push_back({1, {0, TargetPath::kTranslation, "", std::nullopt, "", ""}, std::nullopt});
  r.scene->animations = {a};
  BakedAnimations baked = bake_animations(*r.scene);
  ASSERT_EQ(baked.animations.size(), 1u);
  ASSERT_EQ(baked.animations[0].channels.size(), 1u);
  EXPECT_EQ(baked.animations[0].channels[0].path, TargetPath::kTranslation);
  ASSERT_EQ(baked.notes.size(), 1u);
  EXPECT_EQ(baked.notes[0].code, "gltf.write.animation-node-skipped");
}

}  // namespace
}  // namespace px::animation_testing
