// Tests of model/ops/matrix_bake.cc: glTF channels baked into one node's matrix keys (spec
// collada.md, "Writing": W30, W31).
#include "polyxios/ops/matrix_bake.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <deque>
#include <numbers>

#include "polyxios/ops/key_times.h"
#include "polyxios/scene/trs.h"

namespace px {
namespace {

bool noted(const BakeNotes& notes, std::string_view code) {
  for (const BakeNote& n : notes) {
    if (n.code == code) return true;
  }
  return false;
}

Eigen::Matrix4d key_matrix(const MatrixKeys& keys, size_t k) {
  Eigen::Matrix4d m;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) m(r, c) = keys.values[16 * k + 4 * r + c];
  }
  return m;
}

Eigen::Quaterniond about_z(double degrees) {
  return Eigen::Quaterniond(
      Eigen::AngleAxisd(degrees * std::numbers::pi / 180, Eigen::Vector3d::UnitZ()));
}

// Samplers of float32 columns, kept alive by the fixture.
class MatrixBakeTest : public ::testing::Test {
 protected:
  const AnimationSampler* sampler(std::vector<float> times, std::vector<float> values, size_t width,
                                  std::string interpolation) {
    const std::vector<float>& t = floats_.emplace_back(std::move(times));
    const std::vector<float>& v = floats_.emplace_back(std::move(values));
    AnimationSampler& s = samplers_.emplace_back();
    s.times = Column::of<float>(t, 1);
    s.values = Column::of<float>(v, width);
    s.interpolation = std::move(interpolation);
    return &s;
  }
  void add(std::string_view path, std::vector<float> times, std::vector<float> values,
           std::string interpolation = "LINEAR") {
    const size_t width = path == "rotation" ? 4 : 3;
    channels_.push_back({target_path_named(path),
                         sampler(std::move(times), std::move(values), width, interpolation)});
  }
  std::optional<MatrixKeys> bake(const Eigen::Matrix4d& rest = Eigen::Matrix4d::Identity()) {
    return bake_matrix_keys(rest, channels_, "node 0", budget_, notes_);
  }

  std::deque<std::vector<float>> floats_;
  std::deque<std::vector<double>> doubles_;
  std::deque<AnimationSampler> samplers_;
  std::vector<MatrixBakeChannel> channels_;
  SplitBudget budget_;
  BakeNotes notes_;
};

// W30: keys at the channels' key times, the rest rotation and scale where no channel animates
// them, the matrix row by row.
TEST_F(MatrixBakeTest, KeysAtTheChannelsTimesWithTheRestWhereNoChannelAnimates) {
  Trs rest;
  rest.rotation = about_z(10);
  rest.scale = Eigen::Vector3d(2, 2, 2);
  add("translation", {0, 1, 2}, {0, 0, 0, 1, 2, 3, 4, 5, 6});
  std::optional<MatrixKeys> keys = bake(compose(rest));
  ASSERT_TRUE(keys);
  EXPECT_FALSE(keys->step);
  EXPECT_EQ(keys->times, (std::vector<double>{0, 1, 2}));
  ASSERT_EQ(keys->values.size(), 48u);
  Trs at1 = rest;
  at1.translation = Eigen::Vector3d(1, 2, 3);
  EXPECT_TRUE(key_matrix(*keys, 1).isApprox(compose(at1), 1e-12));
  EXPECT_DOUBLE_EQ(keys->values[16 + 3], 1);  // row 0, column 3: the x translation
  EXPECT_TRUE(notes_.empty());
}

// W30: rotations are slerped, and a span turning more than 15 degrees is split until none does.
TEST_F(MatrixBakeTest, ARotationTurningFarIsSlerpedAndSplitUnder15Degrees) {
  const Eigen::Quaterniond q = about_z(90);
  add("rotation", {0, 1}, {0, 0, 0, 1, float(q.x()), float(q.y()), float(q.z()), float(q.w())});
  std::optional<MatrixKeys> keys = bake();
  ASSERT_TRUE(keys);
  ASSERT_GE(keys->times.size(), 7u);
  EXPECT_EQ(keys->times.front(), 0);
  EXPECT_EQ(keys->times.back(), 1);
  for (size_t k = 0; k < keys->times.size(); ++k) {
    EXPECT_EQ(keys->times[k], static_cast<float>(keys->times[k]));  // float32 times
    const Trs trs = decompose(key_matrix(*keys, k)).trs;
    EXPECT_NEAR(rotation_angle(trs.rotation, about_z(90 * keys->times[k])), 0, 1e-5) << k;
    if (k > 0) {
      const Trs before = decompose(key_matrix(*keys, k - 1)).trs;
      // 15 degrees, give or take what float32 times leave.
      EXPECT_LE(rotation_angle(before.rotation, trs.rotation), 15 * std::numbers::pi / 180 + 1e-6);
    }
  }
}

// W30: a rotation that steps turns at its keys alone and is not split; every channel STEP makes
// the keys STEP, with no extra key.
TEST_F(MatrixBakeTest, EveryChannelSteppingGivesStepKeysAndAStepRotationIsNotSplit) {
  const Eigen::Quaterniond q = about_z(120);
  add("rotation", {0, 1}, {0, 0, 0, 1, float(q.x()), float(q.y()), float(q.z()), float(q.w())},
      "STEP");
  add("scale", {0, 2}, {1, 1, 1, 3, 3, 3}, "STEP");
  std::optional<MatrixKeys> keys = bake();
  ASSERT_TRUE(keys);
  EXPECT_TRUE(keys->step);
  EXPECT_EQ(keys->times, (std::vector<double>{0, 1, 2}));
}

// W30: a STEP channel among blending ones gets a key one float32 step before each of its steps,
// holding the value before the step.
TEST_F(MatrixBakeTest, AStepChannelAmongBlendingOnesGetsAKeyOneFloat32StepBeforeEachStep) {
  add("translation", {0, 1}, {0, 0, 0, 5, 0, 0}, "STEP");
  add("scale", {0, 1}, {1, 1, 1, 2, 2, 2});
  std::optional<MatrixKeys> keys = bake();
  ASSERT_TRUE(keys);
  EXPECT_FALSE(keys->step);
  ASSERT_EQ(keys->times.size(), 3u);
  EXPECT_EQ(keys->times[1], float32_step_before(1));
  EXPECT_EQ(key_matrix(*keys, 1)(0, 3), 0);  // still the value before the step
  EXPECT_EQ(key_matrix(*keys, 2)(0, 3), 5);
  EXPECT_NEAR(key_matrix(*keys, 1)(0, 0), 2, 1e-6);  // the scale blends on
}

// W30: a stepping rotation beside a blending translation turns at its step alone: a key before
// the step, no turn split.
TEST_F(MatrixBakeTest, AStepRotationAmongBlendingChannelsIsNotSplit) {
  const Eigen::Quaterniond q = about_z(120);
  add("rotation", {0, 1}, {0, 0, 0, 1, float(q.x()), float(q.y()), float(q.z()), float(q.w())},
      "STEP");
  add("translation", {0, 2}, {0, 0, 0, 2, 0, 0});
  std::optional<MatrixKeys> keys = bake();
  ASSERT_TRUE(keys);
  EXPECT_FALSE(keys->step);
  EXPECT_EQ(keys->times, (std::vector<double>{0, float32_step_before(1), 1, 2}));
  EXPECT_NEAR(rotation_angle(decompose(key_matrix(*keys, 1)).trs.rotation, about_z(0)), 0, 1e-7);
  EXPECT_NEAR(rotation_angle(decompose(key_matrix(*keys, 2)).trs.rotation, q), 0, 1e-6);
}

// W30: CUBICSPLINE follows glTF's Hermite spline, each span split in four.
TEST_F(MatrixBakeTest, ACubicSplineSpanIsSplitInFourAlongGltfsHermiteSpline) {
  // in-tangent, value, out-tangent per key: x from 0 to 1 with out-tangent 3 and in-tangent 0.
  add("translation", {0, 2}, {0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0}, "CUBICSPLINE");
  std::optional<MatrixKeys> keys = bake();
  ASSERT_TRUE(keys);
  EXPECT_EQ(keys->times, (std::vector<double>{0, 0.5, 1, 1.5, 2}));
  for (size_t k = 0; k < 5; ++k) {
    const double s = keys->times[k] / 2, s2 = s * s, s3 = s2 * s;
    const double x = (s3 - 2 * s2 + s) * 2 * 3 + (-2 * s3 + 3 * s2) * 1;
    EXPECT_NEAR(key_matrix(*keys, k)(0, 3), x, 1e-6) << k;
  }
}

// W30: a rest matrix holding a shear loses it, with a note.
TEST_F(MatrixBakeTest, ARestMatrixWithAShearLosesItWithANote) {
  Eigen::Matrix4d sheared = Eigen::Matrix4d::Identity();
  sheared(0, 1) = 0.5;
  add("translation", {0, 1}, {0, 0, 0, 1, 0, 0});
  ASSERT_TRUE(bake(sheared));
  EXPECT_TRUE(noted(notes_, "collada.write.animation-shear-lost"));
}

// W31: channels to bake of the wrong width, not finite, not increasing, a zero rotation or a
// path animated a second time are dropped with a note; the others bake.
TEST_F(MatrixBakeTest, MalformedChannelsToBakeAreDroppedWithANote) {
  add("translation", {0, 1}, {0, 0, 0, 1, 0, 0});
  channels_.push_back({TargetPath::kScale, sampler({0, 1}, {1, 1, 1, 1}, 2, "LINEAR")});  // 2 wide
  add("scale", {0, 1}, {1, 1, 1, NAN, 1, 1});  // not finite
  add("scale", {1, 0}, {1, 1, 1, 2, 2, 2});
  add("rotation", {0}, {0, 0, 0, 0});
  add("translation", {0, 3}, {0, 0, 0, 9, 9, 9});  // a second translation
  add("scale", {0, 1}, {1, 1, 1, 2, 2, 2}, "CUBIC");
  std::optional<MatrixKeys> keys = bake();
  ASSERT_TRUE(keys);
  EXPECT_EQ(keys->times, (std::vector<double>{0, 1}));
  EXPECT_EQ(key_matrix(*keys, 1)(0, 3), 1);
  EXPECT_EQ(key_matrix(*keys, 1)(0, 0), 1);
  size_t dropped = 0;
  for (const BakeNote& n : notes_)
    dropped += n.code == "collada.write.animation-bake-channel-dropped";
  EXPECT_EQ(dropped, 6u);
}

// W31: no channel left to bake gives no keys.
TEST_F(MatrixBakeTest, NoChannelLeftGivesNoKeys) {
  add("translation", {0, 0}, {0, 0, 0, 1, 0, 0});
  EXPECT_FALSE(bake());
  EXPECT_TRUE(noted(notes_, "collada.write.animation-bake-channel-dropped"));
}

// W31: keys that come out not finite (times or values too large to blend) drop the bake with a
// note: float64 keys whose Hermite blend overflows, or a time float32 cannot hold.
TEST_F(MatrixBakeTest, KeysThatComeOutNotFiniteDropTheBakeWithANote) {
  const std::vector<double>& t = doubles_.emplace_back(std::vector<double>{0, 1e30});
  const std::vector<double>& v = doubles_.emplace_back(
      std::vector<double>{0, 0, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0});
  AnimationSampler& s = samplers_.emplace_back();
  s.times = Column::of<double>(t, 1);
  s.values = Column::of<double>(v, 3);
  s.interpolation = "CUBICSPLINE";
  channels_.push_back({TargetPath::kTranslation, &s});
  EXPECT_FALSE(bake());
  EXPECT_TRUE(noted(notes_, "collada.write.animation-bake-not-finite"));

  notes_.clear();
  const std::vector<double>& late = doubles_.emplace_back(std::vector<double>{0, 1e39});
  s.times = Column::of<double>(late, 1);
  s.interpolation = "LINEAR";
  s.values = Column::of<double>(std::span<const double>(v).first(6), 3);
  EXPECT_FALSE(bake());
  EXPECT_TRUE(noted(notes_, "collada.write.animation-bake-not-finite"));
}

}  // namespace
}  // namespace px
