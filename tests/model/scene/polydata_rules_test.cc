// spec/gltf.md's rules for to_polydata() (rows G2 and G10 of tests/SPEC_COVERAGE.md); the TRS
// decomposition's (G40) are in trs_test.cc.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <numbers>
#include <vector>

#include "polyxios/scene/polydata.h"

namespace px {
namespace {

template <class T>
Column column_of(Scene& scene, const std::vector<T>& values, size_t cols) {
  std::span<T> out = scene.arena->allocate<T>(values.size());
  std::copy(values.begin(), values.end(), out.begin());
  return Column::of<T>(std::span<const T>(out), cols);
}

// A mesh of `triangles` triangles over 3 * triangles points spread along x, one material each.
Mesh mesh_of(Scene& scene, size_t triangles, int32_t material) {
  Mesh mesh;
  std::vector<float> xyz;
  for (size_t i = 0; i < 3 * triangles; ++i) {
    xyz.insert(xyz.end(), {static_cast<float>(i), 0, 0});
  }
  mesh.points = column_of(scene, xyz, 3);
  std::vector<CellType> types(triangles, CellType::kTriangle);
  std::vector<uint32_t> offsets, connectivity;
  for (size_t i = 0; i <= triangles; ++i) offsets.push_back(static_cast<uint32_t>(3 * i));
  for (size_t i = 0; i < 3 * triangles; ++i) connectivity.push_back(static_cast<uint32_t>(i));
  std::span<CellType> t = scene.arena->allocate<CellType>(types.size());
  std::copy(types.begin(), types.end(), t.begin());
  mesh.cell_types = t;
  std::span<uint32_t> o = scene.arena->allocate<uint32_t>(offsets.size());
  std::copy(offsets.begin(), offsets.end(), o.begin());
  mesh.offsets = o;
  std::span<uint32_t> c = scene.arena->allocate<uint32_t>(connectivity.size());
  std::copy(connectivity.begin(), connectivity.end(), c.begin());
  mesh.connectivity = c;
  mesh.cell_data.push_back(
      NamedColumn{"material", column_of(scene, std::vector<int32_t>(triangles, material), 1)});
  return mesh;
}

// G2: every mesh the nodes show is merged into one, each under its node's world transform (the
// parent's times the node's own).
TEST(PolyDataRules, EveryShownMeshIsMergedUnderItsNodesWorldTransform) {
  Scene scene;
  scene.meshes.push_back(mesh_of(scene, 1, 0));
  scene.meshes.push_back(mesh_of(scene, 2, 1));
  Node root, child, other;
  root.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(0, 10, 0);
  root.children = {1};
  child.mesh = 1;
  child.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(0, 0, 5);
  child.matrix(0, 0) = 2;
  other.mesh = 0;
  other.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(-1, 0, 0);
  scene.nodes = {root, child, other};
  scene.scenes = {{0, 2}};
  PolyData flat = to_polydata(scene);
  const Mesh& m = flat.mesh;
  ASSERT_EQ(m.num_points(), 9u);
  ASSERT_EQ(m.num_cells(), 3u);
  // Mesh 1 under root * child: x doubled, then (0, 10, 5) added.
  EXPECT_DOUBLE_EQ(m.points.get(0, 0), 0);
  EXPECT_DOUBLE_EQ(m.points.get(5, 0), 10);
  EXPECT_DOUBLE_EQ(m.points.get(5, 1), 10);
  EXPECT_DOUBLE_EQ(m.points.get(5, 2), 5);
  // Mesh 0 under its own node only.
  EXPECT_DOUBLE_EQ(m.points.get(6, 0), -1);
  EXPECT_DOUBLE_EQ(m.points.get(8, 0), 1);
  EXPECT_DOUBLE_EQ(m.points.get(8, 1), 0);
  std::vector<uint32_t> connectivity(m.connectivity.begin(), m.connectivity.end());
  EXPECT_EQ(connectivity, (std::vector<uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  std::vector<int32_t> materials(m.materials().begin(), m.materials().end());
  EXPECT_EQ(materials, (std::vector<int32_t>{1, 1, 0}));
  for (size_t c = 0; c < m.num_cells(); ++c) EXPECT_EQ(m.cell_types[c], CellType::kTriangle);
}

double length3(const Column& c, size_t row) {
  return std::sqrt(c.get(row, 0) * c.get(row, 0) + c.get(row, 1) * c.get(row, 1) +
                   c.get(row, 2) * c.get(row, 2));
}

// G10: points by the world matrix, normals by the inverse transpose of its 3x3 part, tangents by
// the 3x3 part itself, both renormalised (a tangent's w kept).
TEST(PolyDataRules, NormalsTakeTheInverseTransposeAndTangentsTheLinearPartBothRenormalised) {
  Scene scene;
  Mesh mesh = mesh_of(scene, 1, 0);
  const float r = static_cast<float>(std::numbers::sqrt2 / 2);
  mesh.point_data.push_back(
      NamedColumn{"normals", column_of<float>(scene, {r, r, 0, r, r, 0, 0, 0, 1}, 3)});
  mesh.point_data.push_back(
      NamedColumn{"tangents", column_of<float>(scene, {r, r, 0, -1, r, r, 0, 1, 0, 0, 2, 1}, 4)});
  scene.meshes.push_back(std::move(mesh));
  Node parent, node;
  parent.matrix.block<3, 1>(0, 3) = Eigen::Vector3d(1, 2, 3);
  parent.children = {1};
  node.mesh = 0;
  node.matrix.topLeftCorner<3, 3>() = Eigen::Vector3d(1, 4, 1).asDiagonal();  // stretch along y
  scene.nodes = {parent, node};
  scene.scenes = {{0}};
  PolyData flat = to_polydata(scene);
  const Mesh& m = flat.mesh;
  // Point (1, 0, 0) -> (1, 0, 0) stretched, then moved by (1, 2, 3).
  EXPECT_DOUBLE_EQ(m.points.get(1, 0), 2);
  EXPECT_DOUBLE_EQ(m.points.get(1, 1), 2);
  EXPECT_DOUBLE_EQ(m.points.get(1, 2), 3);
  // A normal (1, 1, 0) takes diag(1, 1/4, 1): (1, 0.25, 0) once renormalised.
  const Column& normals = m.find_point_data("normals")->column;
  const double n = std::sqrt(1 + 0.0625);
  EXPECT_NEAR(normals.get(0, 0), 1 / n, 1e-6);
  EXPECT_NEAR(normals.get(0, 1), 0.25 / n, 1e-6);
  EXPECT_NEAR(normals.get(0, 2), 0, 1e-6);
  EXPECT_NEAR(normals.get(2, 2), 1, 1e-6);
  // A tangent (1, 1, 0) takes diag(1, 4, 1): (1, 4, 0) once renormalised; w stays.
  const Column& tangents = m.find_point_data("tangents")->column;
  ASSERT_EQ(tangents.cols, 4u);
  const double t = std::sqrt(17.0);
  EXPECT_NEAR(tangents.get(0, 0), 1 / t, 1e-6);
  EXPECT_NEAR(tangents.get(0, 1), 4 / t, 1e-6);
  EXPECT_EQ(tangents.get(0, 3), -1);
  EXPECT_EQ(tangents.get(1, 3), 1);
  EXPECT_NEAR(tangents.get(2, 2), 1, 1e-6);  // (0, 0, 2) renormalised too
  for (size_t v = 0; v < 3; ++v) {
    EXPECT_NEAR(length3(normals, v), 1, 1e-6) << v;
    EXPECT_NEAR(length3(tangents, v), 1, 1e-6) << v;
  }
}

}  // namespace
}  // namespace px
