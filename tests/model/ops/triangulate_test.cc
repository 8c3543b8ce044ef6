#include "polyxios/ops/triangulate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "tests/model/ops/polygon_test_util.h"

namespace px {
namespace {

using testing::covered_area;
using testing::flat_ring;
using testing::ring_area;
using testing::turned_areas;

struct Result {
  Triangulation outcome;
  std::vector<uint32_t> triangles;
};

Result triangulate(std::span<const Point3> corners) {
  Triangulator triangulator(corners.size());
  Result r;
  r.outcome = triangulator.triangulate(corners, &r.triangles);
  return r;
}

std::vector<uint32_t> fan(size_t n) {
  std::vector<uint32_t> out;
  fan_triangles(n, &out);
  return out;
}

// n - 2 triangles of corners of the polygon, every one turning as the polygon does (none
// inverted), covering exactly the polygon's area.
void expect_exact_cover(std::span<const Point3> corners, const Result& r, double area) {
  ASSERT_EQ(r.triangles.size(), 3 * (corners.size() - 2));
  for (uint32_t i : r.triangles) EXPECT_LT(i, corners.size());
  const Point3 normal = newell_normal(corners);
  for (double a : turned_areas(corners, r.triangles, normal)) EXPECT_GE(a, 0);
  EXPECT_NEAR(covered_area(corners, r.triangles), area, 1e-9 * std::max(1.0, area));
}

TEST(TriangulateTest, ConvexPolygonsKeepTheFan) {
  std::vector<Point3> hexagon;
  for (int k = 0; k < 6; ++k) {
    const double angle = k * std::numbers::pi / 3;
    hexagon.push_back({std::cos(angle), std::sin(angle), 0});
  }
  const std::vector<std::vector<Point3>> convex = {
      flat_ring({{0, 0}, {1, 0}, {1, 1}, {0, 1}}),
      hexagon,
      // A corner half-way along an edge, and one repeated: still convex.
      flat_ring({{0, 0}, {1, 0}, {2, 0}, {2, 2}, {2, 2}, {0, 2}}),
      // Clockwise seen from +z: convex about its own normal.
      flat_ring({{0, 0}, {0, 1}, {1, 1}, {1, 0}}),
  };
  for (const auto& polygon : convex) {
    Result r = triangulate(polygon);
    EXPECT_EQ(r.outcome, Triangulation::kFan);
    EXPECT_EQ(r.triangles, fan(polygon.size()));
  }
  Result triangle = triangulate(flat_ring({{0, 0}, {1, 0}, {0, 1}}));
  EXPECT_EQ(triangle.outcome, Triangulation::kFan);
  EXPECT_EQ(triangle.triangles, (std::vector<uint32_t>{0, 1, 2}));
}

TEST(TriangulateTest, LShapeFromItsReflexSideIsClipped) {
  // The fan from (2, 1) would reach outside the L: (2, 1), (1, 2), (0, 2) is not inside.
  const auto l = flat_ring({{2, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 0}, {2, 0}});
  EXPECT_GT(covered_area(l, fan(l.size())), ring_area(l) + 0.1);
  Result r = triangulate(l);
  EXPECT_EQ(r.outcome, Triangulation::kEars);
  expect_exact_cover(l, r, 3);
}

TEST(TriangulateTest, StarAndCombAreCoveredExactly) {
  std::vector<Point3> star;
  for (int k = 0; k < 10; ++k) {
    const double angle = k * std::numbers::pi / 5, radius = k % 2 == 0 ? 1 : 0.4;
    star.push_back({radius * std::cos(angle), radius * std::sin(angle), 0});
  }
  Result s = triangulate(star);
  EXPECT_EQ(s.outcome, Triangulation::kEars);
  expect_exact_cover(star, s, ring_area(star));

  std::vector<Point3> comb = flat_ring({{0, 0}, {10, 0}});
  for (int tooth = 4; tooth >= 0; --tooth) {
    const double x = 2.0 * tooth;
    comb.push_back({x + 2, 5, 0});
    comb.push_back({x + 1, 5, 0});
    comb.push_back({x + 1, 1, 0});
    comb.push_back({x, 1, 0});
  }
  Result c = triangulate(comb);
  EXPECT_EQ(c.outcome, Triangulation::kEars);
  expect_exact_cover(comb, c, ring_area(comb));
}

TEST(TriangulateTest, TiltedPolygonIsClippedOnItsPlane) {
  // The L on a plane tilted about two axes, far from the origin.
  const auto l = flat_ring({{2, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 0}, {2, 0}});
  std::vector<Point3> tilted;
  for (const Point3& p : l) {
    tilted.push_back({1000 + p[0] * 0.6, -500 + p[0] * 0.8 * 0.5 + p[1] * 0.7,
                      7 + p[0] * 0.8 * 0.8 - p[1] * 0.7});
  }
  Result r = triangulate(tilted);
  EXPECT_EQ(r.outcome, Triangulation::kEars);
  expect_exact_cover(tilted, r, ring_area(tilted));
}

TEST(TriangulateTest, CollinearAndRepeatedCornersOfAConcaveRing) {
  // The L with corners along its edges and one corner given twice.
  const auto l =
      flat_ring({{2, 1}, {1.5, 1}, {1, 1}, {1, 2}, {1, 2}, {0, 2}, {0, 1}, {0, 0}, {1, 0}, {2, 0}});
  Result r = triangulate(l);
  EXPECT_EQ(r.outcome, Triangulation::kEars);
  expect_exact_cover(l, r, 3);
}

TEST(TriangulateTest, AKeyholeRingClipsAroundItsHole) {
  // A 4 x 4 square with a 2 x 2 hole, bridged from (0, 0) to the hole's (1, 1) and back.
  const auto keyhole =
      flat_ring({{0, 0}, {1, 1}, {1, 3}, {3, 3}, {3, 1}, {1, 1}, {0, 0}, {4, 0}, {4, 4}, {0, 4}});
  Result r = triangulate(keyhole);
  EXPECT_EQ(r.outcome, Triangulation::kEars);
  expect_exact_cover(keyhole, r, 12);
}

TEST(TriangulateTest, RingsWithoutAreaFallBackToTheFan) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<std::vector<Point3>> flat = {
      flat_ring({{0, 0}, {1, 0}, {2, 0}, {3, 0}}),
      flat_ring({{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}}),
      // The symmetric bow-tie: its two lobes cancel.
      flat_ring({{0, 0}, {2, 2}, {2, 0}, {0, 2}}),
      flat_ring({{0, 0}, {1, 0}, {nan, 1}, {0, 1}}),
  };
  for (const auto& ring : flat) {
    Result r = triangulate(ring);
    EXPECT_EQ(r.outcome, Triangulation::kNoArea);
    EXPECT_EQ(r.triangles, fan(ring.size()));
  }
}

TEST(TriangulateTest, SelfIntersectingRingsFallBackToTheFan) {
  std::vector<Point3> pentagram;
  for (int k = 0; k < 5; ++k) {
    const double angle = k * 4 * std::numbers::pi / 5;
    pentagram.push_back({std::cos(angle), std::sin(angle), 0});
  }
  const std::vector<std::vector<Point3>> crossing = {
      flat_ring({{0, 0}, {2, 2}, {2, 0}, {0, 4}}),  // a bow-tie with unequal lobes
      pentagram,
      // A square with a concave notch whose last edge crosses the first.
      flat_ring({{0, 0}, {4, 0}, {4, 4}, {2, 1}, {0, 4}, {3, -1}}),
  };
  for (const auto& ring : crossing) {
    Result r = triangulate(ring);
    EXPECT_EQ(r.outcome, Triangulation::kSelfIntersecting);
    EXPECT_EQ(r.triangles, fan(ring.size()));
  }
}

TEST(TriangulateTest, HugeConcavePolygonFallsBackWithinTheBudget) {
  // A comb of 25000 teeth: 100000 corners, whose edge test alone would be 5e9 pairs.
  std::vector<Point3> comb = flat_ring({{0, 0}, {50000, 0}});
  for (int tooth = 24999; tooth >= 0; --tooth) {
    const double x = 2.0 * tooth;
    for (auto [dx, y] : {std::pair{2.0, 5.0}, {1.0, 5.0}, {1.0, 1.0}, {0.0, 1.0}}) {
      comb.push_back({x + dx, y, 0});
    }
  }
  Triangulator triangulator(comb.size());
  std::vector<uint32_t> triangles;
  EXPECT_EQ(triangulator.triangulate(comb, &triangles), Triangulation::kOverBudget);
  EXPECT_EQ(triangles, fan(comb.size()));
  EXPECT_EQ(triangulator.budget(), 0);
  // The budget spent, a later concave polygon falls back too; a convex one keeps its fan.
  const auto l = flat_ring({{2, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 0}, {2, 0}});
  EXPECT_EQ(triangulator.triangulate(l, &triangles), Triangulation::kOverBudget);
  const auto square = flat_ring({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  EXPECT_EQ(triangulator.triangulate(square, &triangles), Triangulation::kFan);
}

TEST(TriangulateTest, ModerateConcavePolygonsFitTheBudget) {
  // A comb of 500 teeth (2002 corners) is clipped, the same way twice.
  std::vector<Point3> comb = flat_ring({{0, 0}, {1000, 0}});
  for (int tooth = 499; tooth >= 0; --tooth) {
    const double x = 2.0 * tooth;
    for (auto [dx, y] : {std::pair{2.0, 5.0}, {1.0, 5.0}, {1.0, 1.0}, {0.0, 1.0}}) {
      comb.push_back({x + dx, y, 0});
    }
  }
  Result first = triangulate(comb);
  EXPECT_EQ(first.outcome, Triangulation::kEars);
  expect_exact_cover(comb, first, ring_area(comb));
  EXPECT_EQ(triangulate(comb).triangles, first.triangles);
}

TEST(TriangulateTest, FewerThanThreeCornersGiveNoTriangle) {
  for (size_t n = 0; n < 3; ++n) {
    std::vector<Point3> corners(n, Point3{0, 0, 0});
    EXPECT_TRUE(triangulate(corners).triangles.empty());
  }
}

}  // namespace
}  // namespace px
