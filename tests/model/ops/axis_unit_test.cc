// The axis and unit correction (polyxios/ops/axis_unit.h, issue 15 point 13): Z-up and X-up scenes
// turn to Y-up and scale to metres, as a new root or baked, with the same world-space result, and
// the baked animation keys, skins, cameras and transform elements stay exact.
#include "polyxios/ops/axis_unit.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <numbers>

#include "polyxios/scene/animation.h"
#include "polyxios/scene/polydata.h"
#include "polyxios/scene/transform_elements.h"
#include "polyxios/scene/trs.h"

namespace px {
namespace {

template <class T>
Column column(Scene& scene, std::vector<T> values, size_t cols) {
  std::span<T> out = scene.arena->allocate<T>(values.size());
  std::copy(values.begin(), values.end(), out.begin());
  return Column::of<T>(out, cols);
}

// One triangle, its normals and tangents, under a node spelled as COLLADA transform elements.
Scene triangle_scene(std::string_view up_axis, double meter) {
  Scene scene;
  Mesh mesh;
  mesh.points = column<float>(scene, {0, 0, 1, 1, 0, 0, 0, 2, 0}, 3);
  mesh.point_data.push_back({"normals", column<float>(scene, {0, 0, 1, 0, 0, 1, 0, 0, 1}, 3)});
  mesh.point_data.push_back(
      {"tangents", column<float>(scene, {1, 0, 0, -1, 1, 0, 0, -1, 1, 0, 0, -1}, 4)});
  mesh.point_data.push_back({"texcoords", column<float>(scene, {0, 0, 1, 0, 0, 1}, 2)});
  std::span<CellType> types = scene.arena->allocate<CellType>(1);
  types[0] = CellType::kTriangle;
  std::span<uint32_t> offsets = scene.arena->allocate<uint32_t>(2);
  offsets[1] = 3;
  std::span<uint32_t> connectivity = scene.arena->allocate<uint32_t>(3);
  connectivity[1] = 1;
  connectivity[2] = 2;
  mesh.cell_types = types;
  mesh.offsets = offsets;
  mesh.connectivity = connectivity;
  scene.meshes.push_back(std::move(mesh));
  Node node;
  node.name = "triangle";
  node.mesh = 0;
  node.transforms = {{"translate", "t", {1, 2, 3}},
                     {"rotate", "r", {0, 0, 1, 30}},
                     {"scale", "s", {1, 2, 4}},
                     {"lookat", "l", {1, 2, 3, 0, 0, 0, 0, 0, 1}},
                     {"matrix", "m", {1, 0, 0, 5, 0, 1, 0, 6, 0, 0, 1, 7, 0, 0, 0, 1}}};
  node.matrix = compose_elements(node.transforms);
  scene.nodes.push_back(std::move(node));
  scene.scenes = {{0}};
  scene.asset.set(AssetField::kUpAxis, std::string(up_axis));
  scene.asset.set_unit(AssetUnit{"cm", meter});
  return scene;
}

AxisUnitTarget to_y_up_meters(bool bake) {
  AxisUnitTarget target;
  target.up_axis = UpAxis::kY;
  target.meters = true;
  target.bake = bake;
  return target;
}

// The scene flattened into world space: its points and normals.
std::vector<double> world_values(const Scene& scene, std::string_view name) {
  PolyData flat = to_polydata(scene);
  const Column& c = name == "points" ? flat.mesh.points : flat.mesh.find_point_data(name)->column;
  std::vector<double> out;
  for (size_t r = 0; r < c.rows; ++r) {
    for (size_t k = 0; k < 3; ++k) out.push_back(c.get(r, k));
  }
  return out;
}

void expect_near(const std::vector<double>& a, const std::vector<double>& b, double tolerance) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tolerance) << "value " << i;
}

TEST(AxisCorrection, ZUpAndXUpTurnToYUp) {
  AxisCorrection z(UpAxis::kZ, UpAxis::kY, 1);
  EXPECT_EQ(z.point({0, 0, 1}), Eigen::Vector3d(0, 1, 0));
  EXPECT_EQ(z.point({0, 1, 0}), Eigen::Vector3d(0, 0, -1));
  AxisCorrection x(UpAxis::kX, UpAxis::kY, 1);
  EXPECT_EQ(x.point({1, 0, 0}), Eigen::Vector3d(0, 1, 0));
  EXPECT_EQ(x.point({0, 1, 0}), Eigen::Vector3d(-1, 0, 0));
  // Proper rotations, and the way back undoes the way there.
  for (UpAxis from : {UpAxis::kX, UpAxis::kY, UpAxis::kZ}) {
    for (UpAxis to : {UpAxis::kX, UpAxis::kY, UpAxis::kZ}) {
      AxisCorrection there(from, to, 2), back(to, from, 0.5);
      EXPECT_EQ(there.rotation().determinant(), 1);
      EXPECT_TRUE((back.matrix() * there.matrix()).isIdentity(0));
    }
  }
  EXPECT_TRUE(AxisCorrection(UpAxis::kZ, UpAxis::kZ, 1).identity());
}

TEST(AxisCorrection, ConjugateMatchesTheMatrixProduct) {
  AxisCorrection c(UpAxis::kZ, UpAxis::kY, 0.01);
  Eigen::Matrix4d m;
  m << 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0, 0, 1;
  EXPECT_TRUE(c.conjugate(m).isApprox(c.matrix() * m * c.matrix().inverse(), 1e-15));
}

TEST(AxisCorrection, AxesAreNamedByCOLLADAsSpellingOrAUsersLetter) {
  EXPECT_EQ(up_axis_named("Z_UP"), UpAxis::kZ);
  EXPECT_EQ(up_axis_named("z_up"), std::nullopt);
  EXPECT_EQ(up_axis_letter("x"), UpAxis::kX);
  EXPECT_EQ(up_axis_letter("Y"), UpAxis::kY);
  EXPECT_EQ(up_axis_letter("z"), UpAxis::kZ);
  EXPECT_EQ(up_axis_letter("w"), std::nullopt);
  EXPECT_EQ(up_axis_letter("yy"), std::nullopt);
  EXPECT_EQ(up_axis_letter(""), std::nullopt);
}

TEST(AxisUnit, ZUpVertexEndsOnYInBothModes) {
  for (bool bake : {false, true}) {
    Scene scene = triangle_scene("Z_UP", 1);
    scene.nodes[0].extras.clear();  // no transform: the vertex's world position is its own
    scene.nodes[0].matrix.setIdentity();
    AxisUnitTarget target;
    target.up_axis = UpAxis::kY;
    target.bake = bake;
    BakeNotes notes;
    convert_axis_unit(scene, target, notes);
    EXPECT_TRUE(notes.empty());
    std::vector<double> points = world_values(scene, "points");
    EXPECT_NEAR(points[0], 0, 1e-12);
    EXPECT_NEAR(points[1], 1, 1e-12) << "bake " << bake;
    EXPECT_NEAR(points[2], 0, 1e-12);
    std::vector<double> normals = world_values(scene, "normals");
    EXPECT_NEAR(normals[1], 1, 1e-12);
    EXPECT_EQ(scene.nodes.size(), bake ? 1u : 2u);
  }
}

TEST(AxisUnit, XUpVertexEndsOnY) {
  Scene scene = triangle_scene("X_UP", 1);
  scene.nodes[0].extras.clear();
  scene.nodes[0].matrix.setIdentity();
  BakeNotes notes;
  convert_axis_unit(scene, to_y_up_meters(true), notes);
  std::vector<double> points = world_values(scene, "points");
  // The second vertex, (1, 0, 0) up in X_UP, is up in Y_UP.
  EXPECT_NEAR(points[3], 0, 1e-12);
  EXPECT_NEAR(points[4], 1, 1e-12);
}

TEST(AxisUnit, CentimetresScaleByAHundredth) {
  Scene scene = triangle_scene("Y_UP", 0.01);
  std::vector<double> before = world_values(scene, "points");
  AxisUnitTarget target;
  target.meters = true;
  target.bake = true;
  BakeNotes notes;
  convert_axis_unit(scene, target, notes);
  std::vector<double> after = world_values(scene, "points");
  for (double& v : before) v *= 0.01;
  expect_near(after, before, 1e-7);
}

TEST(AxisUnit, RootAndBakedAgreeInWorldSpace) {
  for (std::string_view axis : {"X_UP", "Y_UP", "Z_UP"}) {
    Scene original = triangle_scene(axis, 0.0254);
    Scene root = triangle_scene(axis, 0.0254);
    Scene baked = triangle_scene(axis, 0.0254);
    BakeNotes notes;
    convert_axis_unit(root, to_y_up_meters(false), notes);
    convert_axis_unit(baked, to_y_up_meters(true), notes);
    EXPECT_TRUE(notes.empty());
    // The root mode is C times the original, by construction of its new root.
    const AxisCorrection c(*up_axis_named(axis), UpAxis::kY, 0.0254);
    std::vector<double> want = world_values(original, "points");
    for (size_t v = 0; v < want.size(); v += 3) {
      Eigen::Vector3d p = c.point({want[v], want[v + 1], want[v + 2]});
      for (int k = 0; k < 3; ++k) want[v + k] = p[k];
    }
    expect_near(world_values(root, "points"), want, 1e-6);
    expect_near(world_values(baked, "points"), want, 1e-6);
    std::vector<double> normals = world_values(baked, "normals");
    expect_near(normals, world_values(root, "normals"), 1e-6);
    for (size_t v = 0; v < normals.size(); v += 3) {
      EXPECT_NEAR(Eigen::Vector3d(normals[v], normals[v + 1], normals[v + 2]).norm(), 1, 1e-6);
    }
    // The baked node still composes from its elements, the lookat followed by a turn.
    const Node& node = baked.nodes[0];
    ASSERT_TRUE(well_formed(node.transforms));
    EXPECT_TRUE(compose_elements(node.transforms).isApprox(node.matrix, 1e-12)) << axis;
    // Tangents turn, their w stays.
    const Column& tangents = baked.meshes[0].find_point_data("tangents")->column;
    const Eigen::Vector3d t = c.direction({1, 0, 0});
    for (int k = 0; k < 3; ++k) EXPECT_EQ(tangents.get(0, k), t[k]);
    EXPECT_EQ(tangents.get(0, 3), -1);
  }
}

TEST(AxisUnit, TheAssetRecordNamesTheTarget) {
  Scene scene = triangle_scene("Z_UP", 0.01);
  BakeNotes notes;
  convert_axis_unit(scene, to_y_up_meters(false), notes);
  EXPECT_EQ(scene.asset.up_axis, "Y_UP");
  EXPECT_EQ(scene.asset.unit->meter, 1);
  EXPECT_EQ(scene.asset.unit->name, "meter");
}

// A node's local matrix at key k of an animation's channel c: the channel's values set into its
// element (COLLADA), or its TRS path (glTF).
Eigen::Matrix4d local_at_key(const Scene& scene, size_t c, size_t k) {
  const Animation a = scene.animations[0];
  const AnimationChannel& channel = a.channels[c];
  const AnimationSampler& sampler = *a.samplers[channel.sampler];
  const Node& node = scene.nodes[channel.target.node];
  if (!channel.target.sid) {
    Trs trs = decompose(node.matrix).trs;
    const Column& v = sampler.values;
    if (channel.target.path_name() == "translation")
      trs.translation = {v.get(k, 0), v.get(k, 1), v.get(k, 2)};
    if (channel.target.path_name() == "scale") trs.scale = {v.get(k, 0), v.get(k, 1), v.get(k, 2)};
    if (channel.target.path_name() == "rotation") {
      trs.rotation = Eigen::Quaterniond(v.get(k, 3), v.get(k, 0), v.get(k, 1), v.get(k, 2));
    }
    return compose(trs);
  }
  std::vector<TransformElement> elements = node.transforms;
  for (TransformElement& e : elements) {
    if (e.sid != *channel.target.sid) continue;
    std::vector<int> indices = *member_indices(e.kind, channel.target.member);
    for (size_t i = 0; i < indices.size(); ++i) e.values[indices[i]] = sampler.values.get(k, i);
  }
  return compose_elements(elements);
}

TEST(AxisUnit, BakedAnimationKeysFollow) {
  Scene scene = triangle_scene("Z_UP", 0.01);
  Node gltf_node;  // a glTF node animated by translation, rotation and scale
  gltf_node.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(1, 2, 3);
  scene.nodes.push_back(gltf_node);
  scene.scenes = {{0, 1}};
  Column times = column<float>(scene, {0, 1}, 1);
  auto sampler = [&](std::vector<float> values, size_t width, std::string interpolation) {
    AnimationSampler s;
    s.times = times;
    s.values = column<float>(scene, values, width);
    s.interpolation = std::move(interpolation);
    return std::optional<AnimationSampler>(std::move(s));
  };
  auto channel = [](int sampler, int node, std::string path, std::string sid, std::string member) {
    AnimationChannel c;
    c.sampler = sampler;
    c.target.node = node;
    c.target.path = target_path_named(path);
    if (!sid.empty()) c.target.sid = std::move(sid);
    c.target.member = std::move(member);
    return c;
  };
  const float half = static_cast<float>(std::sqrt(0.5));
  std::vector<AnimationChannel> channels{
      channel(0, 0, "translation", "t", "Y"), channel(1, 0, "translation", "t", ""),
      channel(2, 0, "rotation", "r", "ANGLE"), channel(3, 0, "rotation", "r", "X"),
      channel(4, 0, "scale", "s", "Z"), channel(5, 0, "matrix", "m", "(3)(2)"),
      channel(6, 0, "matrix", "m", "(1)"), channel(7, 0, "lookat", "l", ""),
      channel(8, 1, "translation", "", ""), channel(9, 1, "rotation", "", ""),
      channel(10, 1, "scale", "", ""),
      // A sampler shared by channels whose values move differently is copied.
      channel(0, 0, "translation", "t", "X")};
  std::vector<std::optional<AnimationSampler>> samplers{
      sampler({0, 5}, 1, "LINEAR"),
      sampler({1, 2, 3, 4, 5, 6}, 3, "LINEAR"),
      sampler({10, 80}, 1, "LINEAR"),
      sampler({0.5f, 1}, 1, "STEP"),
      sampler({2, 3}, 1, "LINEAR"),
      sampler({7, 9}, 1, "LINEAR"),
      sampler({0, 1, 0, 0, 0, 2, 0, 0}, 4, "LINEAR"),
      sampler({1, 2, 3, 0, 0, 0, 0, 0, 1, 4, 5, 6, 0, 0, 0, 0, 0, 1}, 9, "LINEAR"),
      sampler({1, 2, 3, 4, 5, 6}, 3, "LINEAR"),
      sampler({0, 0, 0, 1, half, 0, 0, half}, 4, "LINEAR"),
      sampler({1, 2, 3, 3, 2, 1}, 3, "STEP")};
  Animation walk;
  walk.name = "walk";
  walk.channels = channels;
  walk.samplers = samplers;
  scene.animations = {walk};
  Scene baked = std::move(scene);
  const size_t count = channels.size();
  std::vector<Eigen::Matrix4d> before;
  for (size_t c = 0; c < count; ++c) {
    for (size_t k = 0; k < 2; ++k) before.push_back(local_at_key(baked, c, k));
  }
  BakeNotes notes;
  convert_axis_unit(baked, to_y_up_meters(true), notes);
  EXPECT_TRUE(notes.empty());
  const AxisCorrection c(UpAxis::kZ, UpAxis::kY, 0.01);
  for (size_t ch = 0; ch < count; ++ch) {
    for (size_t k = 0; k < 2; ++k) {
      EXPECT_TRUE(local_at_key(baked, ch, k).isApprox(c.conjugate(before[ch * 2 + k]), 1e-6))
          << "channel " << ch << " key " << k;
    }
  }
  const Animation a = baked.animations[0];
  EXPECT_EQ(a.channels[0].target.member, "Z");  // Z_UP's Y is Y_UP's -Z
  EXPECT_EQ(a.samplers[a.channels[0].sampler]->values.get(1, 0), -0.05f);
  EXPECT_EQ(a.channels[3].target.member, "X");
  EXPECT_EQ(a.channels[4].target.member, "Y");
  EXPECT_EQ(a.channels[5].target.member, "(3)(1)");
  EXPECT_EQ(a.samplers.size(), samplers.size() + 1);
}

// Every vertex of node n's mesh deformed by its skin: joint world * inverse bind * bind shape.
std::vector<Eigen::Vector3d> deform(const Scene& scene, size_t n) {
  const Skin& skin = scene.skins[0];
  auto matrix = [](const Column& c, size_t row) {
    Eigen::Matrix4d m;
    for (int k = 0; k < 16; ++k) m(k / 4, k % 4) = c.get(row, k);
    return m;
  };
  const Column& ibm = *skin.inverse_bind_matrices;
  const Eigen::Matrix4d bsm = matrix(*skin.bind_shape_matrix, 0);
  const std::vector<Eigen::Matrix4d> world = world_matrices(scene);
  const Mesh& mesh = scene.meshes[scene.nodes[n].mesh];
  const Column& j = mesh.find_point_data("joints")->column;
  const Column& w = mesh.find_point_data("weights")->column;
  std::vector<Eigen::Vector3d> out;
  for (size_t v = 0; v < mesh.num_points(); ++v) {
    Eigen::Vector4d p(mesh.points.get(v, 0), mesh.points.get(v, 1), mesh.points.get(v, 2), 1);
    Eigen::Vector4d sum = Eigen::Vector4d::Zero();
    for (int k = 0; k < 2; ++k) {
      const size_t joint = static_cast<size_t>(j.get(v, k));
      sum += w.get(v, k) * (world[skin.joints[joint]] * matrix(ibm, joint) * bsm * p);
    }
    out.push_back(sum.head<3>());
  }
  return out;
}

Scene skinned_scene() {
  Scene scene = triangle_scene("Z_UP", 0.01);
  Mesh& mesh = scene.meshes[0];
  mesh.point_data.push_back({"joints", column<int32_t>(scene, {0, 1, 0, 1, 1, 0}, 2)});
  mesh.point_data.push_back({"weights", column<float>(scene, {0.5, 0.5, 1, 0, 0.25, 0.75}, 2)});
  scene.nodes[0].extras.clear();
  scene.nodes[0].matrix.setIdentity();
  scene.nodes[0].skin = 0;
  Node hip, knee;
  hip.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(0, 0, 90);
  hip.children = {2};
  knee.matrix.topLeftCorner<3, 3>() =
      Eigen::AngleAxisd(0.4, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  knee.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(0, 5, -40);
  scene.nodes.push_back(hip);
  scene.nodes.push_back(knee);
  scene.scenes = {{0, 1}};
  Eigen::Matrix4d ibm0 = hip.matrix.inverse(), ibm1 = (hip.matrix * knee.matrix).inverse();
  ibm1(0, 3) += 3;  // not quite the rest pose: the skin deforms
  std::vector<double> ibm;
  for (const Eigen::Matrix4d* m : {&ibm0, &ibm1}) {
    for (int k = 0; k < 16; ++k) ibm.push_back((*m)(k / 4, k % 4));
  }
  std::vector<double> bsm = {1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1};
  Skin& skin = scene.skins.emplace_back();
  skin.joints = {1, 2};
  skin.inverse_bind_matrices = column<double>(scene, ibm, 16);
  skin.bind_shape_matrix = column<double>(scene, bsm, 16);
  return scene;
}

TEST(AxisUnit, ASkinDeformsAlikeInBothModes) {
  const Scene original = skinned_scene();
  const AxisCorrection c(UpAxis::kZ, UpAxis::kY, 0.01);
  std::vector<Eigen::Vector3d> want = deform(original, 0);
  for (Eigen::Vector3d& v : want) v = c.point(v);
  for (bool bake : {false, true}) {
    Scene scene = skinned_scene();
    BakeNotes notes;
    convert_axis_unit(scene, to_y_up_meters(bake), notes);
    std::vector<Eigen::Vector3d> got = deform(scene, 0);
    ASSERT_EQ(got.size(), want.size());
    for (size_t v = 0; v < got.size(); ++v) {
      EXPECT_TRUE(got[v].isApprox(want[v], 1e-6))
          << got[v].transpose() << " vs " << want[v].transpose() << "bake " << bake << " vertex "
          << v;
    }
    // The root mode leaves the childless skinned node a root (glTF ignores its transform).
    EXPECT_EQ(scene.scenes[0][0], 0);
  }
}

TEST(AxisUnit, ACameraLooksTheSameWayAndItsDistancesScale) {
  for (bool bake : {false, true}) {
    Scene scene = triangle_scene("Z_UP", 0.01);
    // As a glTF read gives it: Python shows its object, which scales with it.
    scene.cameras.push_back(camera_from_gltf(ValueMap{
        {"type", Value("perspective")},
        {"perspective",
         Value(ValueMap{{"yfov", Value(0.8)}, {"znear", Value(10.0)}, {"zfar", Value(1000.0)}})}}));
    scene.nodes[0].camera = 0;
    const Eigen::Matrix4d before = world_matrices(scene)[0];
    BakeNotes notes;
    convert_axis_unit(scene, to_y_up_meters(bake), notes);
    const std::vector<Eigen::Matrix4d> world = world_matrices(scene);
    size_t holder = 0;
    while (scene.nodes[holder].camera < 0) ++holder;
    const AxisCorrection c(UpAxis::kZ, UpAxis::kY, 0.01);
    const Eigen::Vector3d look = (world[holder].topLeftCorner<3, 3>() * -Eigen::Vector3d::UnitZ());
    const Eigen::Vector3d want =
        c.matrix().topLeftCorner<3, 3>() * before.topLeftCorner<3, 3>() * -Eigen::Vector3d::UnitZ();
    EXPECT_TRUE(look.normalized().isApprox(want.normalized(), 1e-9)) << "bake " << bake;
    EXPECT_TRUE(world[holder].col(3).isApprox(c.matrix() * before.col(3), 1e-9));
    EXPECT_EQ(holder != 0, bake);  // baked, a new child holds it
    const Camera& camera = scene.cameras[scene.nodes[holder].camera];
    // Baked, the distances scale; under the root, its scale carries them.
    EXPECT_DOUBLE_EQ(*camera.znear, bake ? 0.1 : 10.0);
    EXPECT_DOUBLE_EQ(*camera.zfar, bake ? 10.0 : 1000.0);
    EXPECT_DOUBLE_EQ(*camera.yfov, 0.8);
    const ValueMap& p = find_value(*camera.gltf_object, "perspective")->as_map();
    EXPECT_DOUBLE_EQ(find_value(p, "znear")->as_double(), bake ? 0.1 : 10.0);
  }
}

// Baked, a camera moves to a new child: a pointer channel naming its node as the camera's carrier
// (polyxios/scene/animation_pointer.h) names the child instead, so that a write still finds the
// camera.
TEST(AxisUnit, APointerChannelFollowsItsCameraToTheChildHoldingIt) {
  Scene scene = triangle_scene("Z_UP", 1);
  Camera& camera = scene.cameras.emplace_back();
  camera.yfov = 0.8;
  camera.znear = 0.1;
  scene.nodes[0].camera = 0;
  Animation animation;
  AnimationSampler& s = animation.samplers.emplace_back().emplace();
  const std::vector<double> keys{0, 1};
  s.times = Column::of<double>(std::span<const double>(scene.arena->copy<double>(keys)), 1);
  s.values = s.times;
  s.interpolation = "LINEAR";
  AnimationChannel& c = animation.channels.emplace_back();
  c.sampler = 0;
  c.target = {0, TargetPath::kPointer, "", std::nullopt, "", "/cameras/0/perspective/yfov"};
  scene.animations = {animation};
  BakeNotes notes;
  convert_axis_unit(scene, to_y_up_meters(true), notes);
  size_t holder = 0;
  while (scene.nodes[holder].camera < 0) ++holder;
  ASSERT_NE(holder, 0u);
  const std::vector<Animation> after = scene.animations;
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].channels[0].target.node, static_cast<int>(holder));
}

// A light's range is a distance: baked, it scales with the unit, whether a node shows the light
// or not; its intensity does not change.
TEST(AxisUnit, ALightsRangeScalesWhenBaked) {
  for (bool bake : {false, true}) {
    Scene scene = triangle_scene("Z_UP", 0.01);
    Light point;
    point.intensity = 5;
    point.range = 200;
    scene.lights = {point, point};
    scene.lights[0].collada_id = "lamp";
    scene.nodes[0].light = 1;
    BakeNotes notes;
    convert_axis_unit(scene, to_y_up_meters(bake), notes);
    const double want = bake ? 2.0 : 200.0;
    EXPECT_DOUBLE_EQ(*scene.lights[0].range, want) << "bake " << bake;
    size_t holder = 0;
    while (scene.nodes[holder].light < 0) ++holder;
    const Light& shown = scene.lights[scene.nodes[holder].light];
    EXPECT_DOUBLE_EQ(*shown.range, want) << "bake " << bake;
    EXPECT_DOUBLE_EQ(shown.intensity, 5.0);
  }
}

// Baked, a node's camera and light move to one new child, which shows them in that order, and an
// id a COLLADA node names that no camera or light has moves with them.
TEST(AxisUnit, ACamerasAndALightsIdsNoneDefinesMoveToTheChildHoldingThem) {
  Scene scene = triangle_scene("Z_UP", 1);
  scene.nodes[0].unresolved_camera = "lens";
  scene.nodes[0].unresolved_light = "lamp";
  scene.nodes[0].light_first = true;
  BakeNotes notes;
  convert_axis_unit(scene, to_y_up_meters(true), notes);
  const Node& node = scene.nodes[0];
  EXPECT_EQ(node.unresolved_camera, std::nullopt);
  EXPECT_EQ(node.unresolved_light, std::nullopt);
  EXPECT_FALSE(node.light_first);
  ASSERT_FALSE(node.children.empty());
  const Node& holder = scene.nodes[node.children.back()];
  EXPECT_EQ(holder.unresolved_camera, "lens");
  EXPECT_EQ(holder.unresolved_light, "lamp");
  EXPECT_FALSE(holder.light_first);
}

TEST(AxisUnit, TwoScenesSharingARootWithDifferentSiblingsWrapEachRoot) {
  Scene scene = triangle_scene("Z_UP", 1);
  scene.nodes.push_back(Node{});
  scene.scenes = {{0, 1}, {0}};
  BakeNotes notes;
  convert_axis_unit(scene, to_y_up_meters(false), notes);
  ASSERT_EQ(scene.nodes.size(), 4u);
  EXPECT_EQ(scene.scenes[0], (std::vector<int>{2, 3}));
  EXPECT_EQ(scene.scenes[1], (std::vector<int>{2}));
  for (int n : {0, 1}) {
    EXPECT_TRUE(world_matrices(scene)[n].isApprox(
        AxisCorrection(UpAxis::kZ, UpAxis::kY, 1).matrix() * scene.nodes[n].matrix, 1e-12));
  }
}

}  // namespace
}  // namespace px
