#include "polyxios/ops/polygon_holes.h"

#include <gtest/gtest.h>

#include "polyxios/ops/triangulate.h"
#include "tests/model/ops/polygon_test_util.h"

namespace px {
namespace {

using testing::covered_area;
using testing::flat_ring;
using testing::turned_areas;

std::vector<Point3> join(std::initializer_list<std::vector<Point3>> rings,
                         std::vector<size_t>* sizes) {
  std::vector<Point3> out;
  for (const auto& ring : rings) {
    out.insert(out.end(), ring.begin(), ring.end());
    sizes->push_back(ring.size());
  }
  return out;
}

// The bridged ring triangulated: its area, every triangle turning as the outer ring does.
double clipped_area(std::span<const Point3> corners, const BridgedRing& bridged) {
  std::vector<Point3> ring;
  for (uint32_t i : bridged.ring) ring.push_back(corners[i]);
  Triangulator triangulator(ring.size());
  std::vector<uint32_t> triangles;
  EXPECT_EQ(triangulator.triangulate(ring, &triangles), Triangulation::kEars);
  EXPECT_EQ(triangles.size(), 3 * (ring.size() - 2));
  const Point3 normal = newell_normal(corners.first(bridged.ring.empty() ? 0 : 4));
  for (double a : turned_areas(ring, triangles, normal)) EXPECT_GE(a, 0);
  return covered_area(ring, triangles);
}

const std::vector<Point3> kSquare = flat_ring({{0, 0}, {4, 0}, {4, 4}, {0, 4}});

TEST(PolygonHolesTest, OneHoleIsBridgedAndItsAreaLeftOut) {
  for (bool clockwise : {false, true}) {
    std::vector<size_t> sizes;
    auto hole = clockwise ? flat_ring({{1, 1}, {1, 3}, {3, 3}, {3, 1}})
                          : flat_ring({{1, 1}, {3, 1}, {3, 3}, {1, 3}});
    const auto corners = join({kSquare, hole}, &sizes);
    BridgedRing bridged = bridge_holes(corners, sizes);
    EXPECT_TRUE(bridged.dropped.empty());
    ASSERT_EQ(bridged.ring.size(), 4u + 4 + 2);
    // The outer ring comes first, in its order.
    EXPECT_EQ(std::vector<uint32_t>(bridged.ring.begin(), bridged.ring.begin() + 1),
              std::vector<uint32_t>{0});
    EXPECT_NEAR(clipped_area(corners, bridged), 16 - 4, 1e-9);
  }
}

TEST(PolygonHolesTest, SeveralHolesOnATiltedPlane) {
  std::vector<size_t> sizes;
  const auto flat =
      join({flat_ring({{0, 0}, {10, 0}, {10, 4}, {0, 4}}),
            flat_ring({{6, 1}, {8, 1}, {8, 3}, {6, 3}}), flat_ring({{1, 1}, {2, 1}, {1.5, 3}}),
            flat_ring({{3, 1}, {5, 1}, {5, 2}, {4, 2}, {4, 3}, {3, 3}})},
           &sizes);
  std::vector<Point3> corners;
  for (const Point3& p : flat) corners.push_back({p[0], p[1] * 0.6, p[1] * 0.8 + 3});
  BridgedRing bridged = bridge_holes(corners, sizes);
  EXPECT_TRUE(bridged.dropped.empty());
  EXPECT_EQ(bridged.ring.size(), 4u + (4 + 2) + (3 + 2) + (6 + 2));
  EXPECT_NEAR(clipped_area(corners, bridged), 40 - 4 - 1 - 3, 1e-9);
  EXPECT_EQ(bridge_holes(corners, sizes).ring, bridged.ring);
}

TEST(PolygonHolesTest, HolesThatCannotBeKeptAreDroppedWithTheirReason) {
  std::vector<size_t> sizes;
  const auto corners =
      join({kSquare, flat_ring({{1, 1}, {2, 2}}), flat_ring({{1, 1}, {2, 2}, {3, 3}}),
            flat_ring({{5, 1}, {6, 1}, {6, 2}}), flat_ring({{1, 1}, {2, 1}, {2, 2}})},
           &sizes);
  BridgedRing bridged = bridge_holes(corners, sizes);
  EXPECT_EQ(bridged.dropped, (std::vector<HoleDrop>{HoleDrop::kTooFewCorners, HoleDrop::kNoArea,
                                                    HoleDrop::kOutside}));
  EXPECT_EQ(bridged.ring.size(), 4u + 3 + 2);
  EXPECT_NEAR(clipped_area(corners, bridged), 16 - 0.5, 1e-9);
}

TEST(PolygonHolesTest, AnOuterRingWithoutAreaKeepsNoHole) {
  std::vector<size_t> sizes;
  const auto corners =
      join({flat_ring({{0, 0}, {1, 0}, {2, 0}}), flat_ring({{1, 1}, {2, 1}, {2, 2}})}, &sizes);
  BridgedRing bridged = bridge_holes(corners, sizes);
  EXPECT_EQ(bridged.ring, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(bridged.dropped, std::vector<HoleDrop>{HoleDrop::kNoArea});
}

TEST(PolygonHolesTest, NoHolesLeavesTheOuterRing) {
  const size_t sizes[] = {4};
  EXPECT_EQ(bridge_holes(kSquare, sizes).ring, (std::vector<uint32_t>{0, 1, 2, 3}));
}

}  // namespace
}  // namespace px
