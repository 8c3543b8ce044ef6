#include "polyxios/scene/polydata.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <numbers>

namespace px {
namespace {

// One triangle with normals, shown by a root and by its child.
Scene two_instances() {
  Scene scene;
  Mesh mesh;
  std::span<float> p = scene.arena->allocate<float>(9);
  float points[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  std::copy(points, points + 9, p.begin());
  std::span<float> n = scene.arena->allocate<float>(9);
  for (int v = 0; v < 3; ++v) n[v * 3 + 2] = 1;
  mesh.points = Column::of<float>(p, 3);
  mesh.point_data.push_back(NamedColumn{"normals", Column::of<float>(n, 3)});
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
  Node root, child;
  root.mesh = 0;
  root.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(10, 0, 0);
  root.children = {1};
  child.mesh = 0;
  // A quarter turn about x and a non-uniform scale: normals need the inverse transpose.
  Eigen::Matrix3d linear =
      Eigen::AngleAxisd(std::numbers::pi / 2, Eigen::Vector3d::UnitX()).toRotationMatrix() *
      Eigen::Vector3d(1, 1, 4).asDiagonal();
  child.matrix.topLeftCorner<3, 3>() = linear;
  scene.nodes = {root, child};
  scene.scenes = {{0}};
  return scene;
}

TEST(ToPolyData, AppliesWorldTransformsToPointsAndNormals) {
  Scene scene = two_instances();
  PolyData flat = to_polydata(scene);
  const Mesh& m = flat.mesh;
  ASSERT_EQ(m.num_points(), 6u);
  ASSERT_EQ(m.num_cells(), 2u);
  EXPECT_EQ(m.points.get(1, 0), 11);  // the root's copy, translated
  // The child's copy: (0,1,0) turned a quarter about x lands on z, after the root's translation.
  EXPECT_NEAR(m.points.get(5, 0), 10, 1e-6);
  EXPECT_NEAR(m.points.get(5, 2), 1, 1e-6);
  const Column& normals = m.find_point_data("normals")->column;
  EXPECT_NEAR(normals.get(3, 1), -1, 1e-6);  // (0,0,1) turned to (0,-1,0), still unit length
  EXPECT_NEAR(normals.get(3, 2), 0, 1e-6);
  EXPECT_EQ(std::vector<uint32_t>(m.connectivity.begin(), m.connectivity.end()),
            (std::vector<uint32_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(m.materials()[1], -1);
}

TEST(ToPolyData, KeepsOnlyColumnsEveryMeshHas) {
  Scene scene = two_instances();
  Mesh bare;
  bare.points = scene.meshes[0].points;
  bare.cell_types = scene.meshes[0].cell_types;
  bare.offsets = scene.meshes[0].offsets;
  bare.connectivity = scene.meshes[0].connectivity;
  scene.meshes.push_back(std::move(bare));
  scene.nodes[1].mesh = 1;
  PolyData flat = to_polydata(scene);
  EXPECT_EQ(flat.mesh.find_point_data("normals"), nullptr);
  EXPECT_EQ(flat.mesh.num_points(), 6u);
}

Node translated(double x, double y, double z, std::vector<int> children = {}) {
  Node node;
  node.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(x, y, z);
  node.children = std::move(children);
  return node;
}

Eigen::Vector3d translation(const Eigen::Matrix4d& m) { return m.block<3, 1>(0, 3); }

TEST(WorldMatrices, NodesNoSceneReachesAreComposedUpTheirOwnParents) {
  Scene scene;
  // Node 0 shown; 1 and 2 a tree no scene shows; 3 and 4 a ring no scene shows, walked from 3.
  scene.nodes = {translated(1, 0, 0), translated(0, 2, 0, {2}), translated(0, 0, 3),
                 translated(10, 0, 0, {4}), translated(0, 20, 0, {3})};
  scene.scenes = {{0}};
  const std::vector<Eigen::Matrix4d> world = world_matrices(scene);
  ASSERT_EQ(world.size(), 5u);
  EXPECT_EQ(translation(world[0]), Eigen::Vector3d(1, 0, 0));
  EXPECT_EQ(translation(world[1]), Eigen::Vector3d(0, 2, 0));
  EXPECT_EQ(translation(world[2]), Eigen::Vector3d(0, 2, 3));
  EXPECT_EQ(translation(world[3]), Eigen::Vector3d(10, 0, 0));
  EXPECT_EQ(translation(world[4]), Eigen::Vector3d(10, 20, 0));
}

TEST(WorldMatrices, ANodeReachedTwiceKeepsTheWorldOfTheLastRootsTree) {
  Scene scene;
  scene.nodes = {translated(1, 0, 0, {2}), translated(0, 1, 0, {2}), translated(0, 0, 1)};
  scene.scenes = {{0}, {1}};
  EXPECT_EQ(translation(world_matrices(scene)[2]), Eigen::Vector3d(0, 1, 1));
}

}  // namespace
}  // namespace px
