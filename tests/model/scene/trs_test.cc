// G40 of tests/SPEC_COVERAGE.md: the TRS decomposition an animated node's export uses needs no
// optional dependency. This binary (trs_tests) is built from model/scene/trs.cc and this file
// alone, linked to Eigen (a hard dependency) and GoogleTest, not to px_model or Abseil: should
// trs.cc come to need anything else, it stops linking.
#include "polyxios/scene/trs.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

namespace px {
namespace {

// A composed TRS decomposes back, and a mirroring matrix carries its reflection as a negative x
// scale.
TEST(TrsDecomposition, NeedsOnlyEigen) {
  Trs trs;
  trs.translation = Eigen::Vector3d(1, -2, 3);
  trs.rotation = Eigen::Quaterniond(Eigen::AngleAxisd(0.5, Eigen::Vector3d(1, 2, 2).normalized()));
  trs.scale = Eigen::Vector3d(2, 3, 0.5);
  Decomposition d = decompose(compose(trs));
  EXPECT_FALSE(d.lost_shear);
  EXPECT_TRUE(d.trs.translation.isApprox(trs.translation, 1e-12));
  EXPECT_TRUE(d.trs.scale.isApprox(trs.scale, 1e-12));
  EXPECT_LT(rotation_angle(d.trs.rotation, trs.rotation), 1e-9);

  Eigen::Matrix4d mirror = compose(trs);
  mirror.col(0) = -mirror.col(0);
  mirror(3, 0) = 0;
  Decomposition m = decompose(mirror);
  EXPECT_FALSE(m.lost_shear);
  EXPECT_LT(m.trs.scale.x(), 0);
  EXPECT_TRUE(compose(m.trs).isApprox(mirror, 1e-12));

  Eigen::Matrix4d shear = Eigen::Matrix4d::Identity();
  shear(0, 1) = 0.5;
  EXPECT_TRUE(decompose(shear).lost_shear);
}

}  // namespace
}  // namespace px
