// Tests of the bake of glTF channels into COLLADA matrix keys on a COLLADA write (spec
// collada.md, "Writing": W30, W31; Known limitations: L5): a glTF-shaped scene written, its
// animation read back as one matrix channel per node, sampled against glTF's own animation.
#include "polyxios/ops/animation_bake.h"

#include <gmock/gmock.h>

#include <Eigen/Geometry>
#include <Eigen/SVD>
#include <numbers>

#include "polyxios/ops/key_times.h"
#include "polyxios/scene/trs.h"
#include "tests/formats/collada/write/animation_test_util.h"

namespace px::collada::testing {
namespace {

Eigen::Quaterniond about(const Eigen::Vector3d& axis, double degrees) {
  return Eigen::Quaterniond(Eigen::AngleAxisd(degrees * std::numbers::pi / 180, axis.normalized()));
}

std::vector<double> xyzw(const Eigen::Quaterniond& q) { return {q.x(), q.y(), q.z(), q.w()}; }

std::vector<double> join(std::vector<std::vector<double>> parts) {
  std::vector<double> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// glTF's meaning of a sampler, evaluated independently of model/: LINEAR (slerp for rotations),
// STEP, CUBICSPLINE's Hermite spline.
std::vector<double> gltf_at(const AnimationSampler& s, double t, bool rotation) {
  const size_t keys = s.times.rows, w = s.values.cols;
  const bool cubic = s.interpolation == "CUBICSPLINE";
  auto row = [&](size_t r) {
    std::vector<double> v(w);
    for (size_t c = 0; c < w; ++c) v[c] = s.values.get(r, c);
    return v;
  };
  auto value = [&](size_t k) { return row(cubic ? 3 * k + 1 : k); };
  auto unit = [&](std::vector<double> v) {
    if (rotation) {
      Eigen::Map<Eigen::Vector4d> q(v.data());
      q.normalize();
    }
    return v;
  };
  if (t <= s.times.get(0, 0)) return unit(value(0));
  if (t >= s.times.get(keys - 1, 0)) return unit(value(keys - 1));
  size_t k = 0;
  while (s.times.get(k + 1, 0) <= t) ++k;
  const double t0 = s.times.get(k, 0), dt = s.times.get(k + 1, 0) - t0, f = (t - t0) / dt;
  if (s.interpolation == "STEP") return unit(value(k));
  std::vector<double> a = value(k), b = value(k + 1), out(w);
  if (cubic) {
    std::vector<double> m0 = row(3 * k + 2), m1 = row(3 * k + 3);
    const double f2 = f * f, f3 = f2 * f;
    for (size_t c = 0; c < w; ++c) {
      out[c] = (2 * f3 - 3 * f2 + 1) * a[c] + (f3 - 2 * f2 + f) * dt * m0[c] +
               (-2 * f3 + 3 * f2) * b[c] + (f3 - f2) * dt * m1[c];
    }
    return unit(out);
  }
  if (rotation) {
    Eigen::Quaterniond qa(a[3], a[0], a[1], a[2]), qb(b[3], b[0], b[1], b[2]);
    if (qa.dot(qb) < 0) qb.coeffs() = -qb.coeffs();
    return xyzw(qa.normalized().slerp(f, qb.normalized()));
  }
  for (size_t c = 0; c < w; ++c) out[c] = a[c] + f * (b[c] - a[c]);
  return out;
}

// The node's matrix under glTF's channels of the animation at time t.
Eigen::Matrix4d gltf_matrix(const Animation& a, int node, const Eigen::Matrix4d& rest, double t) {
  Eigen::Matrix3d l = rest.topLeftCorner<3, 3>();
  Eigen::Vector3d translation = rest.topRightCorner<3, 1>(), scale = l.colwise().norm();
  Eigen::Quaterniond rotation(Eigen::Matrix3d(l * scale.cwiseInverse().asDiagonal()));
  for (const AnimationChannel& c : a.channels) {
    if (c.target.node != node) continue;
    const std::vector<double> v = gltf_at(*a.samplers[c.sampler], t, c.target.path_name() == "rotation");
    if (c.target.path_name() == "translation") translation = {v[0], v[1], v[2]};
    if (c.target.path_name() == "scale") scale = {v[0], v[1], v[2]};
    if (c.target.path_name() == "rotation") rotation = Eigen::Quaterniond(v[3], v[0], v[1], v[2]);
  }
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() = rotation.normalized().toRotationMatrix() * scale.asDiagonal();
  m.topRightCorner<3, 1>() = translation;
  return m;
}

// Key k of a COLLADA matrix channel read back: the <matrix>'s values, row by row.
Eigen::Matrix4d key_matrix(const AnimationSampler& s, size_t k) {
  Eigen::Matrix4d m;
  for (int i = 0; i < 16; ++i) m(i / 4, i % 4) = s.values.get(k, i);
  return m;
}

// The channel blended element by element as COLLADA does (LINEAR) or held (STEP).
Eigen::Matrix4d collada_matrix(const AnimationSampler& s, double t) {
  auto key = [&](size_t k) { return key_matrix(s, k); };
  const size_t keys = s.times.rows;
  if (t <= s.times.get(0, 0)) return key(0);
  if (t >= s.times.get(keys - 1, 0)) return key(keys - 1);
  size_t k = 0;
  while (s.times.get(k + 1, 0) <= t) ++k;
  if (s.interpolation_at(k) == "STEP") return key(k);
  const double f = (t - s.times.get(k, 0)) / (s.times.get(k + 1, 0) - s.times.get(k, 0));
  return key(k) + f * (key(k + 1) - key(k));
}

Eigen::Matrix3d polar(const Eigen::Matrix3d& m) {
  Eigen::JacobiSVD<Eigen::Matrix3d> svd(m, Eigen::ComputeFullU | Eigen::ComputeFullV);
  return svd.matrixU() * svd.matrixV().transpose();
}

struct Errors {
  double translation = 0, degrees = 0, scale = 0;
};

Errors compare(const Eigen::Matrix4d& a, const Eigen::Matrix4d& b) {
  Errors e;
  e.translation = (a.topRightCorner<3, 1>() - b.topRightCorner<3, 1>()).cwiseAbs().maxCoeff();
  Eigen::Matrix3d r = polar(a.topLeftCorner<3, 3>()).transpose() * polar(b.topLeftCorner<3, 3>());
  e.degrees = Eigen::AngleAxisd(r).angle() * 180 / std::numbers::pi;
  e.scale = (a.topLeftCorner<3, 3>().colwise().norm() - b.topLeftCorner<3, 3>().colwise().norm())
                .cwiseAbs()
                .maxCoeff();
  return e;
}

Eigen::Matrix4d rest_matrix() {
  Trs rest;
  rest.translation = {1, 2, 3};
  rest.rotation = about({0, 1, 0}, 20);
  rest.scale = {2, 2, 2};
  return compose(rest);
}

Scene gltf_scene(size_t nodes = 1) {
  Scene scene;
  scene.nodes.resize(nodes);
  for (Node& n : scene.nodes) n.matrix = rest_matrix();
  scene.scenes.push_back({});
  for (size_t n = 0; n < nodes; ++n) scene.scenes[0].push_back(static_cast<int>(n));
  return scene;
}

struct BakeRoundTrip {
  AnimationPlanned planned;
  ReadResult read;
  std::vector<Animation> back;
};

BakeRoundTrip write_matrix_nodes(const Scene& scene) {
  std::vector<NodePlan> nodes;
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    nodes.push_back(matrix_node(cat("n", n), scene.nodes[n].matrix));
  }
  BakeRoundTrip out;
  out.planned = plan_and_write(scene, std::move(nodes));
  out.back = read_back(out.planned, &out.read);
  return out;
}

// W30: translation, rotation and scale channels of one node become one channel of matrix keys on
// node/transform, at every channel's key times, a STEP channel among blending ones keyed one
// float32 step before each step; sampled through the span as COLLADA blends it, the node follows
// glTF's animation, the 15 degree splits keeping a turning node's size.
TEST(AnimationBakeOnWrite, GltfChannelsBecomeOneMatrixChannelThatFollowsGltfsAnimation) {
  Scene scene = gltf_scene();
  AnimationBuilder b{scene, {}};
  b.animation.name = "turn";
  b.sampler({0, 1, 2}, {0, 0, 0, 1, 2, 3, -1, 0, 4}, 3);
  b.channel(0, "translation");
  b.sampler({0, 1.5}, join({xyzw(about({0, 1, 1}, 0)), xyzw(about({0, 1, 1}, 120))}), 4);
  b.channel(0, "rotation");
  b.sampler({0, 0.5, 2}, {1, 1, 1, 2, 1, 1, 1, 3, 1}, 3, "STEP");
  b.channel(0, "scale");
  set_animations(scene, {b.animation});
  BakeRoundTrip rt = write_matrix_nodes(scene);
  EXPECT_EQ(rt.planned.diagnostics.warning_count(), 0);
  ASSERT_EQ(rt.back.size(), 1u);
  EXPECT_EQ(rt.back[0].name, "turn");
  ASSERT_EQ(rt.back[0].channels.size(), 1u);
  const AnimationChannel& c = rt.back[0].channels[0];
  EXPECT_EQ(c.target.path_name(), "matrix");
  EXPECT_EQ(c.target.sid, "transform");
  EXPECT_EQ(c.target.member, "");
  const AnimationSampler& s = *rt.back[0].samplers[c.sampler];
  EXPECT_EQ(s.interpolation, "LINEAR");
  EXPECT_TRUE(s.interpolations.empty());
  ASSERT_EQ(s.values.cols, 16u);
  // Times as float32, as they were written.
  std::vector<float> times;
  for (double t : column_values(s.times)) times.push_back(static_cast<float>(t));
  for (double t : {0.0, 0.5, 1.0, 1.5, 2.0, float32_step_before(0.5), float32_step_before(2)}) {
    EXPECT_THAT(times, ::testing::Contains(static_cast<float>(t))) << t;
  }
  // 120 degrees in 1.5 s, in spans of at most 15 degrees.
  for (size_t k = 1; k < s.times.rows; ++k) {
    const Errors e =
        compare(collada_matrix(s, s.times.get(k - 1, 0)), collada_matrix(s, s.times.get(k, 0)));
    EXPECT_LE(e.degrees, 15 + 1e-3) << k;
  }
  EXPECT_GE(times.size(), 8u + 4u);
  const Animation original = scene.animations[0];
  Errors worst;
  for (double t = -0.1; t <= 2.2; t += 0.005) {
    if (std::abs(t - 0.5) < 1e-6 || std::abs(t - 2) < 1e-6) continue;  // the steps themselves
    const Errors e = compare(gltf_matrix(original, 0, rest_matrix(), t), collada_matrix(s, t));
    worst.translation = std::max(worst.translation, e.translation);
    worst.degrees = std::max(worst.degrees, e.degrees);
    worst.scale = std::max(worst.scale, e.scale);
  }
  EXPECT_LT(worst.translation, 1e-5);
  EXPECT_LT(worst.degrees, 0.5);  // the animation-fidelity tolerance
  // The shrink of a matrix blended across 15 degrees: 1 - cos(7.5 degrees) of scale 3 at most.
  EXPECT_LT(worst.scale, 3 * (1 - std::cos(7.5 * std::numbers::pi / 180)));
  // At the keys (float32 times, as written) the values are glTF's own.
  for (size_t k = 0; k < s.times.rows; ++k) {
    const float t = static_cast<float>(s.times.get(k, 0));
    const Errors e = compare(gltf_matrix(original, 0, rest_matrix(), t), key_matrix(s, k));
    EXPECT_LT(e.translation + e.degrees + e.scale, 1e-9) << t;
  }
}

// W30: CUBICSPLINE follows glTF's Hermite spline, each span in four keys; the rest translation,
// rotation and scale stand where no channel animates.
TEST(AnimationBakeOnWrite, CubicSplineKeysFollowTheHermiteSplineFourPerSpan) {
  Scene scene = gltf_scene();
  AnimationBuilder b{scene, {}};
  b.sampler({0, 2}, join({{0, 0, 0}, {0, 0, 0}, {1, 0, 0}, {0, 0, 0}, {4, 0, 2}, {0, 0, 0}}), 3,
            "CUBICSPLINE");
  b.channel(0, "translation");
  set_animations(scene, {b.animation});
  BakeRoundTrip rt = write_matrix_nodes(scene);
  ASSERT_EQ(rt.back.size(), 1u);
  const AnimationSampler& s = *rt.back[0].samplers[rt.back[0].channels[0].sampler];
  EXPECT_THAT(column_values(s.times), ::testing::ElementsAre(0, 0.5, 1, 1.5, 2));  // exact
  const Animation original = scene.animations[0];
  for (size_t k = 0; k < 5; ++k) {
    const double t = s.times.get(k, 0);
    const Errors e = compare(gltf_matrix(original, 0, rest_matrix(), t), key_matrix(s, k));
    EXPECT_LT(e.translation + e.degrees + e.scale, 1e-9) << t;
  }
}

// W30, L5: when every channel steps the sampler does too, with no extra key; each node of an
// animation gets its own channel.
TEST(AnimationBakeOnWrite, EveryChannelSteppingGivesAStepSamplerPerNode) {
  Scene scene = gltf_scene(2);
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 0, 0, 1, 1, 1}, 3, "STEP");
  b.channel(0, "translation");
  b.sampler({0, 2}, join({xyzw(about({1, 0, 0}, 0)), xyzw(about({1, 0, 0}, 170))}), 4, "STEP");
  b.channel(0, "rotation");
  b.channel(1, "rotation");
  set_animations(scene, {b.animation});
  BakeRoundTrip rt = write_matrix_nodes(scene);
  ASSERT_EQ(rt.back.size(), 1u);
  ASSERT_EQ(rt.back[0].channels.size(), 2u);
  for (const AnimationChannel& c : rt.back[0].channels) {
    const AnimationSampler& s = *rt.back[0].samplers[c.sampler];
    EXPECT_EQ(s.interpolation, "STEP");
    EXPECT_EQ(s.times.rows, c.target.node == 0 ? 3u : 2u);
  }
}

// L5: the matrix keys come back out of the glTF bake as translation, rotation and scale keys of
// the node, at the same key times, holding glTF's values there.
TEST(AnimationBakeOnWrite, AGltfAnimationComesBackAsTranslationRotationAndScaleKeys) {
  Scene scene = gltf_scene();
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, join({xyzw(about({0, 0, 1}, 10)), xyzw(about({0, 0, 1}, 40))}), 4);
  b.channel(0, "rotation");
  set_animations(scene, {b.animation});
  BakeRoundTrip rt = write_matrix_nodes(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  BakedAnimations gltf = bake_animations(*rt.read.scene);
  ASSERT_EQ(gltf.animations.size(), 1u);
  const BakedAnimation& a = gltf.animations[0];
  ASSERT_EQ(a.channels.size(), 3u);  // translation, rotation and scale
  const BakedSampler& rotation = a.samplers[a.channels[1].sampler];
  EXPECT_EQ(a.channels[1].path, TargetPath::kRotation);
  EXPECT_EQ(rotation.interpolation, "LINEAR");
  EXPECT_THAT(rotation.times, ::testing::ElementsAre(0, 0.5, 1));  // 30 degrees: split in two
  for (size_t k = 0; k < rotation.times.size(); ++k) {
    const Eigen::Quaterniond q(rotation.values[4 * k + 3], rotation.values[4 * k],
                               rotation.values[4 * k + 1], rotation.values[4 * k + 2]);
    EXPECT_NEAR(rotation_angle(q, about({0, 0, 1}, 10 + 30 * rotation.times[k])), 0, 1e-6);
  }
}

// W31: a channel to bake that is malformed or animates a path of the node a second time is
// dropped with a warning, the node's other channels baked; a baked channel whose keys come out not
// finite is dropped with a warning; a rest matrix's shear is lost with a warning.
TEST(AnimationBakeOnWrite, MalformedChannelsToBakeAreDroppedWithAWarning) {
  Scene scene = gltf_scene(3);
  scene.nodes[2].matrix(0, 1) = 0.5;  // a shear
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 0, 0, 1, 1, 1}, 3);
  b.channel(0, "translation");
  b.channel(0, "translation");  // a second time
  b.channel(0, "rotation");     // three values per key
  b.channel(2, "scale");
  b.sampler({0, 1e300}, {0, 0, 0, 1, 1, 1}, 3, "LINEAR", true);
  b.channel(1, "scale");  // a time float32 cannot hold
  set_animations(scene, {b.animation});
  BakeRoundTrip rt = write_matrix_nodes(scene);
  const Diagnostics& d = rt.planned.diagnostics;
  EXPECT_EQ(d.count("collada.write.animation-bake-channel-dropped"), 2);
  EXPECT_EQ(d.count("collada.write.animation-bake-not-finite"), 1);
  EXPECT_EQ(d.count("collada.write.animation-shear-lost"), 1);
  ASSERT_EQ(rt.back.size(), 1u);
  ASSERT_EQ(rt.back[0].channels.size(), 2u);
  EXPECT_EQ(rt.back[0].channels[0].target.node, 0);
  EXPECT_EQ(rt.back[0].channels[1].target.node, 2);
}

}  // namespace
}  // namespace px::collada::testing
