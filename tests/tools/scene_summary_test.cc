#include "tools/scene_summary.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "polyxios/scene/animation.h"

namespace px {
namespace {

// A mesh of the given points (x, y, z each) and cells, its arrays in the scene's arena.
Mesh make_mesh(Scene& scene, const std::vector<double>& xyz,
               const std::vector<std::pair<CellType, std::vector<uint32_t>>>& cells) {
  Mesh mesh;
  std::span<double> p = scene.arena->allocate<double>(xyz.size());
  std::copy(xyz.begin(), xyz.end(), p.begin());
  mesh.points = Column::of<double>(p, 3);
  std::span<CellType> types = scene.arena->allocate<CellType>(cells.size());
  std::span<uint32_t> offsets = scene.arena->allocate<uint32_t>(cells.size() + 1);
  std::vector<uint32_t> corners;
  for (size_t c = 0; c < cells.size(); ++c) {
    types[c] = cells[c].first;
    corners.insert(corners.end(), cells[c].second.begin(), cells[c].second.end());
    offsets[c + 1] = static_cast<uint32_t>(corners.size());
  }
  std::span<uint32_t> connectivity = scene.arena->allocate<uint32_t>(corners.size());
  std::copy(corners.begin(), corners.end(), connectivity.begin());
  mesh.cell_types = types;
  mesh.offsets = offsets;
  mesh.connectivity = connectivity;
  return mesh;
}

// The unit square's corners (0..1 in x and y, z = 0) as two triangles.
Mesh unit_square(Scene& scene) {
  return make_mesh(scene, {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0},
                   {{CellType::kTriangle, {0, 1, 2}}, {CellType::kTriangle, {0, 2, 3}}});
}

Node node_showing(int mesh, const Eigen::Matrix4d& matrix = Eigen::Matrix4d::Identity()) {
  Node node;
  node.mesh = mesh;
  node.matrix = matrix;
  return node;
}

Eigen::Matrix4d translation(double x, double y, double z) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.block<3, 1>(0, 3) = Eigen::Vector3d(x, y, z);
  return m;
}

// A turn of `degrees` about z.
Eigen::Matrix4d turn_about_z(double degrees) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() =
      Eigen::AngleAxisd(degrees * std::numbers::pi / 180, Eigen::Vector3d::UnitZ())
          .toRotationMatrix();
  return m;
}

void expect_box(const Bounds& b, std::array<double, 3> min, std::array<double, 3> max) {
  ASSERT_FALSE(b.empty());
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(b.min[k], min[k], 1e-12) << "min " << k;
    EXPECT_NEAR(b.max[k], max[k], 1e-12) << "max " << k;
  }
}

TEST(SceneSummary, CountsCellsOfEveryKind) {
  Scene scene;
  scene.meshes.push_back(make_mesh(scene, std::vector<double>(6 * 3, 0),
                                   {{CellType::kTriangle, {0, 1, 2}},
                                    {CellType::kQuad, {0, 1, 2, 3}},
                                    {CellType::kTriangleStrip, {0, 1, 2, 3, 4}},
                                    {CellType::kPolyLine, {0, 1, 2}},
                                    {CellType::kLine, {4, 5}},
                                    {CellType::kVertex, {5}}}));
  scene.materials.resize(2);
  scene.nodes.resize(3);
  scene.scenes = {{0}};
  SceneSummary s = summarize_scene(scene);
  EXPECT_EQ(s.stats.meshes, 1);
  EXPECT_EQ(s.stats.vertices, 6);
  EXPECT_EQ(s.stats.triangles, 1 + 2 + 3);
  EXPECT_EQ(s.stats.lines, 2 + 1);
  EXPECT_EQ(s.stats.materials, 2);
  EXPECT_EQ(s.stats.nodes, 3);
  EXPECT_EQ(s.stats.scenes, 1);
  ASSERT_EQ(s.meshes.size(), 1u);
  EXPECT_EQ(s.meshes[0].counts.cells, 6);
  EXPECT_EQ(s.meshes[0].counts.triangles, 6);
  EXPECT_EQ(s.meshes[0].instances, 0);  // no node shows it
  EXPECT_TRUE(s.bounds.empty());
}

TEST(SceneSummary, MeshNamesAttributesAndMaterialsUsed) {
  Scene scene;
  Mesh mesh = unit_square(scene);
  set_value(mesh.global_attrs, "mesh_name", Value("square"));
  std::span<float> normals = scene.arena->allocate<float>(12);
  mesh.point_data.push_back({"normals", Column::of<float>(normals, 3)});
  mesh.point_data.push_back({"texcoords", Column::of<float>(normals.first(8), 2)});
  std::span<int32_t> material = scene.arena->allocate<int32_t>(2);
  material[0] = 3;
  material[1] = -1;
  mesh.cell_data.push_back({"material", Column::of<int32_t>(material, 1)});
  scene.meshes.push_back(std::move(mesh));
  scene.meshes.push_back(unit_square(scene));
  SceneSummary s = summarize_scene(scene);
  EXPECT_EQ(s.meshes[0].name, "square");
  EXPECT_EQ(s.meshes[0].attributes, (std::vector<std::string>{"normals", "texcoords"}));
  EXPECT_EQ(s.meshes[0].materials, std::vector<int>{3});
  EXPECT_FALSE(s.meshes[1].name.has_value());
  EXPECT_TRUE(s.meshes[1].materials.empty());
  expect_box(s.meshes[0].bounds, {0, 0, 0}, {1, 1, 0});
}

TEST(SceneSummary, WorldBoundsTransformEachInstanceThroughItsParents) {
  Scene scene;
  scene.meshes.push_back(unit_square(scene));
  // The root moves everything by 10 in x; its child turns the square 90 degrees about z and
  // lifts it by 2, so the child's copy spans x 9..10, y 0..1, z 2.
  Node root = node_showing(0, translation(10, 0, 0));
  root.children = {1};
  scene.nodes = {root, node_showing(0, translation(0, 0, 2) * turn_about_z(90))};
  scene.scenes = {{0}};
  SceneSummary s = summarize_scene(scene);
  EXPECT_EQ(s.meshes[0].instances, 2);
  expect_box(s.meshes[0].bounds, {0, 0, 0}, {1, 1, 0});  // local, once
  expect_box(s.bounds, {9, 0, 0}, {11, 1, 2});
  EXPECT_TRUE(s.bounds_exact);
}

TEST(SceneSummary, WorldBoundsAreExactUnderARotation) {
  Scene scene;
  scene.meshes.push_back(unit_square(scene));
  scene.nodes = {node_showing(0, turn_about_z(45))};
  scene.scenes = {{0}};
  SceneSummary s = summarize_scene(scene);
  const double h = std::sqrt(0.5);
  // The square turned 45 degrees: a diamond from x -h to h, y 0 to 2h; its local box turned
  // would reach further.
  expect_box(s.bounds, {-h, 0, 0}, {h, 2 * h, 0});
  EXPECT_TRUE(s.bounds_exact);
}

TEST(SceneSummary, PastThePointBudgetARotatedInstanceAddsItsTurnedBox) {
  Scene scene;
  // A right triangle: its local box's corner (1, 1) is no point of it.
  scene.meshes.push_back(
      make_mesh(scene, {0, 0, 0, 1, 0, 0, 0, 1, 0}, {{CellType::kTriangle, {0, 1, 2}}}));
  scene.nodes = {node_showing(0, turn_about_z(45)), node_showing(0, translation(5, 0, 0))};
  scene.scenes = {{0, 1}};
  const double h = std::sqrt(0.5);
  SceneSummary exact = summarize_scene(scene);
  expect_box(exact.bounds, {-h, 0, 0}, {6, 1, 0});
  EXPECT_TRUE(exact.bounds_exact);
  // The turned triangle reaches y = h; its turned box reaches (1, 1) turned, y = 2h.
  scene.nodes[1].matrix = translation(0, 0, 0);
  exact = summarize_scene(scene);
  expect_box(exact.bounds, {-h, 0, 0}, {1, 1, 0});
  SceneSummary boxed = summarize_scene(scene, 0);
  expect_box(boxed.bounds, {-h, 0, 0}, {1, 2 * h, 0});
  EXPECT_FALSE(boxed.bounds_exact);

  // A translated and scaled instance is exact whatever the budget.
  Eigen::Matrix4d scaled = translation(5, 0, 0);
  scaled(0, 0) = -2;
  scene.nodes = {node_showing(0, scaled)};
  scene.scenes = {{0}};
  SceneSummary moved = summarize_scene(scene, 0);
  expect_box(moved.bounds, {3, 0, 0}, {5, 1, 0});
  EXPECT_TRUE(moved.bounds_exact);
}

TEST(SceneSummary, OnlyTheDefaultSceneIsShown) {
  Scene scene;
  scene.meshes.push_back(unit_square(scene));
  scene.nodes = {node_showing(0), node_showing(0, translation(100, 0, 0))};
  scene.scenes = {{0}, {1}};
  scene.default_scene = 1;
  SceneSummary s = summarize_scene(scene);
  EXPECT_EQ(s.default_scene, 1);
  EXPECT_EQ(s.meshes[0].instances, 1);
  expect_box(s.bounds, {100, 0, 0}, {101, 1, 0});

  scene.default_scene = -1;  // none: every scene, as to_polydata shows them
  s = summarize_scene(scene);
  EXPECT_FALSE(s.default_scene.has_value());
  EXPECT_EQ(s.meshes[0].instances, 2);
  expect_box(s.bounds, {0, 0, 0}, {101, 1, 0});

  scene.default_scene = 7;  // names no scene: nothing is shown
  s = summarize_scene(scene);
  EXPECT_FALSE(s.default_scene.has_value());
  EXPECT_TRUE(s.bounds.empty());
}

TEST(SceneSummary, CyclesAndDeepChainsEndWithoutRecursion) {
  Scene scene;
  scene.meshes.push_back(unit_square(scene));
  // A chain of 200000 nodes, each one up from its parent, the last listing the first again,
  // and a node listing itself.
  const int depth = 200000;
  scene.nodes.resize(depth);
  for (int i = 0; i < depth; ++i) {
    scene.nodes[i].matrix = translation(0, 0, 1);
    scene.nodes[i].children = {i + 1 < depth ? i + 1 : 0, i};
  }
  scene.nodes[depth - 1].mesh = 0;
  scene.scenes = {{0, 0}};
  SceneSummary s = summarize_scene(scene);
  EXPECT_EQ(s.meshes[0].instances, 1);
  expect_box(s.bounds, {0, 0, depth}, {1, 1, depth});
}

TEST(SceneSummary, NonFinitePointsAreLeftOutOfTheBounds) {
  Scene scene;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  scene.meshes.push_back(
      make_mesh(scene, {nan, 0, 0, 1, 2, 3, 0, inf, 0, -1, 0, 0}, {{CellType::kVertex, {0}}}));
  scene.nodes = {node_showing(0)};
  scene.scenes = {{0}};
  SceneSummary s = summarize_scene(scene);
  expect_box(s.meshes[0].bounds, {-1, 0, 0}, {1, 2, 3});
  expect_box(s.bounds, {-1, 0, 0}, {1, 2, 3});

  // Every point non-finite: no bounds at all.
  Scene empty;
  empty.meshes.push_back(make_mesh(empty, {nan, nan, nan}, {{CellType::kVertex, {0}}}));
  empty.nodes = {node_showing(0)};
  empty.scenes = {{0}};
  EXPECT_TRUE(summarize_scene(empty).bounds.empty());
}

TEST(SceneSummary, CamerasAndLightsAreCountedOnNodes) {
  Scene scene;
  scene.nodes.resize(4);
  scene.cameras.resize(1);
  scene.lights.resize(1);
  scene.nodes[0].unresolved_camera = "cam";  // an id no camera has: still counted
  scene.nodes[1].light = 0;
  scene.nodes[2].camera = 0;
  SceneSummary s = summarize_scene(scene);
  EXPECT_EQ(s.cameras, 2);
  EXPECT_EQ(s.lights, 1);
}

TEST(SceneSummary, MaterialsKeepShadingAlphaAndTextures) {
  Scene scene;
  Material& m = scene.materials.emplace_back();
  m.name = "paint";
  m.shading = Shading::kBlinn;
  m.alpha_mode = AlphaMode::kMask;
  m.alpha_cutoff = 0.25;
  m.double_sided = true;
  m.base_color_texture.texture = 0;
  m.normal_texture.texture = 2;
  scene.materials.emplace_back().name = "plain";
  SceneSummary s = summarize_scene(scene);
  ASSERT_EQ(s.materials.size(), 2u);
  EXPECT_EQ(s.materials[0].name, "paint");
  EXPECT_EQ(s.materials[0].shading, "blinn");
  EXPECT_EQ(s.materials[0].alpha_mode, AlphaMode::kMask);
  EXPECT_EQ(s.materials[0].alpha_cutoff, 0.25);
  EXPECT_TRUE(s.materials[0].double_sided);
  using Slot = std::pair<std::string_view, int>;
  EXPECT_EQ(s.materials[0].textures,
            (std::vector<Slot>{{"baseColorTexture", 0}, {"normalTexture", 2}}));
  EXPECT_FALSE(s.materials[1].shading.has_value());
  EXPECT_TRUE(s.materials[1].textures.empty());
}

TEST(SceneSummary, SkinsGiveTheirNamesAndJointCounts) {
  Scene scene;
  scene.skins.resize(3);
  scene.skins[0].name = "rig";
  scene.skins[0].joints = {0, 1, 2};
  scene.skins[1].joints = {4};
  SceneSummary s = summarize_scene(scene);
  ASSERT_EQ(s.skins.size(), 3u);
  EXPECT_EQ(s.skins[0].name, "rig");
  EXPECT_EQ(s.skins[0].joints, 3);
  EXPECT_FALSE(s.skins[1].name.has_value());
  EXPECT_EQ(s.skins[1].joints, 1);
  EXPECT_EQ(s.skins[2].joints, 0);
}

// A sampler of the given key times, one value each.
AnimationSampler sampler_at(Scene& scene, const std::vector<double>& times) {
  AnimationSampler sampler;
  std::span<double> t = scene.arena->allocate<double>(times.size());
  std::copy(times.begin(), times.end(), t.begin());
  sampler.times = Column::of<double>(t, 1);
  sampler.values = Column::of<double>(scene.arena->allocate<double>(times.size()), 1);
  sampler.interpolation = "LINEAR";
  return sampler;
}

TEST(SceneSummary, AnimationDurationSpansEverySamplersKeys) {
  Scene scene;
  scene.nodes.resize(1);
  Animation walk;
  walk.name = "walk";
  walk.samplers.push_back(sampler_at(scene, {0.5, 1, 2}));
  walk.samplers.push_back(sampler_at(scene, {0.25, std::numeric_limits<double>::quiet_NaN(), 1.5}));
  for (int s = 0; s < 2; ++s) {
    AnimationChannel& c = walk.channels.emplace_back();
    c.sampler = s;
    c.target.node = 0;
    c.target.path = s == 0 ? TargetPath::kTranslation : TargetPath::kScale;
  }
  Animation still;  // no samplers: no keys, no duration
  still.name = "still";
  scene.animations = {walk, still};
  SceneSummary s = summarize_scene(scene);
  ASSERT_EQ(s.animations.size(), 2u);
  const AnimationSummary& a = s.animations[0];
  EXPECT_EQ(a.name, "walk");
  EXPECT_EQ(a.channels, 2);
  EXPECT_EQ(a.samplers, 2);
  EXPECT_EQ(a.keys, 6);
  EXPECT_EQ(a.start, 0.25);  // the NaN key is left out
  EXPECT_EQ(a.end, 2);
  EXPECT_EQ(s.animations[1].name, "still");
  EXPECT_EQ(s.animations[1].channels, 0);
  EXPECT_FALSE(s.animations[1].start.has_value());
  EXPECT_FALSE(s.animations[1].end.has_value());
}

TEST(SceneSummary, AClipsDurationIsItsWindow) {
  Scene scene;
  scene.nodes.resize(1);
  Animation clip;
  clip.name = "run";
  clip.clip = ClipWindow{1, 2.5};
  clip.samplers.push_back(sampler_at(scene, {0, 4}));
  AnimationChannel& c = clip.channels.emplace_back();
  c.sampler = 0;
  c.target.node = 0;
  c.target.path = TargetPath::kTranslation;
  scene.animations = {clip};
  SceneSummary s = summarize_scene(scene);
  ASSERT_EQ(s.animations.size(), 1u);
  EXPECT_EQ(s.animations[0].keys, 2);
  EXPECT_EQ(s.animations[0].start, 1);
  EXPECT_EQ(s.animations[0].end, 2.5);
}

}  // namespace
}  // namespace px
