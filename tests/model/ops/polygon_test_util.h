// Areas and orientations of triangulated polygons, for the triangulation and hole tests.
#pragma once

#include <cmath>
#include <span>
#include <vector>

#include "polyxios/ops/polygon_plane.h"

namespace px::testing {

inline Point3 sub(const Point3& a, const Point3& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
inline Point3 cross3(const Point3& a, const Point3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double dot3(const Point3& a, const Point3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
inline double norm3(const Point3& a) { return std::sqrt(dot3(a, a)); }

// The area a ring encloses (half its Newell normal's length).
inline double ring_area(std::span<const Point3> ring) { return norm3(newell_normal(ring)) / 2; }

// The triangles' twice-areas along `normal` (unit or not): positive where a triangle turns as
// the polygon does.
inline std::vector<double> turned_areas(std::span<const Point3> corners,
                                        const std::vector<uint32_t>& triangles,
                                        const Point3& normal) {
  std::vector<double> out;
  const double length = norm3(normal);
  for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
    const Point3 &a = corners[triangles[t]], &b = corners[triangles[t + 1]],
                 &c = corners[triangles[t + 2]];
    out.push_back(dot3(cross3(sub(b, a), sub(c, a)), normal) / length);
  }
  return out;
}

// The sum of the triangles' unsigned areas: the area they cover, overlaps counted twice.
inline double covered_area(std::span<const Point3> corners,
                           const std::vector<uint32_t>& triangles) {
  double sum = 0;
  for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
    const Point3 &a = corners[triangles[t]], &b = corners[triangles[t + 1]],
                 &c = corners[triangles[t + 2]];
    sum += norm3(cross3(sub(b, a), sub(c, a))) / 2;
  }
  return sum;
}

// 2-D points on the plane z = 0.
inline std::vector<Point3> flat_ring(std::initializer_list<std::pair<double, double>> xy) {
  std::vector<Point3> out;
  for (auto [x, y] : xy) out.push_back({x, y, 0});
  return out;
}

}  // namespace px::testing
