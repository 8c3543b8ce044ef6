// Node matrices: kept when glTF can decompose them, else written as translation / rotation /
// scale.
#include "formats/gltf/write/node_transform.h"

#include <Eigen/Geometry>

#include "gtest/gtest.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

Eigen::Matrix4d trs(const Eigen::Vector3d& t, const Eigen::Quaterniond& r,
                    const Eigen::Vector3d& s) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() = r.toRotationMatrix() * s.asDiagonal();
  m.topRightCorner<3, 1>() = t;
  return m;
}

const Eigen::Quaterniond kTurn(Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()));

TEST(NodeTransform, DecomposableMatricesStayMatrices) {
  for (const Eigen::Vector3d& s :
       {Eigen::Vector3d(1, 1, 1), Eigen::Vector3d(2, 3, 0.5), Eigen::Vector3d(-1, 2, 2)}) {
    NodeTransform t = node_transform(trs({1, -2, 300}, kTurn, s));
    EXPECT_TRUE(t.as_matrix) << s.transpose();
    EXPECT_FALSE(t.lost_shear);
  }
}

TEST(NodeTransform, ShearIsLostWithTheRestKept) {
  Eigen::Matrix4d m = trs({4, 5, 6}, Eigen::Quaterniond::Identity(), {1, 1, 1});
  m(0, 1) = 0.5;
  NodeTransform t = node_transform(m);
  EXPECT_FALSE(t.as_matrix);
  EXPECT_TRUE(t.lost_shear);
  EXPECT_EQ(t.translation, Eigen::Vector3d(4, 5, 6));
}

TEST(NodeTransform, ProjectionIsLost) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m(3, 2) = -1;
  NodeTransform t = node_transform(m);
  EXPECT_FALSE(t.as_matrix);
  EXPECT_TRUE(t.lost_shear);
}

TEST(NodeTransform, ZeroScaleGoesOutAsTrsWithoutLoss) {
  NodeTransform t = node_transform(trs({0, 1, 0}, kTurn, {2, 0, 1}));
  EXPECT_FALSE(t.as_matrix);
  EXPECT_FALSE(t.lost_shear);
  EXPECT_TRUE(t.scale.isApprox(Eigen::Vector3d(2, 0, 1)));
  EXPECT_TRUE(t.rotation.isApprox(kTurn) ||
              t.rotation.isApprox(Eigen::Quaterniond(-kTurn.coeffs())));
}

TEST(NodeTransform, WrittenAsTrsInTheDocument) {
  Scene scene = triangle_scene();
  scene.nodes[0].matrix(0, 1) = 0.5;
  scene.nodes[0].matrix(1, 3) = 2;
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& node = p.doc["nodes"][0];
  EXPECT_FALSE(node.HasMember("matrix"));
  EXPECT_EQ(node["translation"][1].GetDouble(), 2);
  EXPECT_EQ(node["rotation"].Size(), 4u);
  EXPECT_EQ(node["scale"].Size(), 3u);
  EXPECT_EQ(diagnostics.count("gltf.write.matrix-shear-lost"), 1);
}

}  // namespace
}  // namespace px::gltf::testing
