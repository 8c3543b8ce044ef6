// A polygon's best-fit plane (Newell's normal) and its corners projected onto it, so that a
// polygon in 3-D is triangulated, or its holes bridged, in 2-D.
#pragma once

#include <array>
#include <span>
#include <vector>

namespace px {

using Point3 = std::array<double, 3>;

struct Point2 {
  double x = 0;
  double y = 0;
};

// Newell's normal of the ring: twice its area along the normal of its best-fit plane, pointing
// the side from which the ring runs counter-clockwise. Zero for a ring with no area.
Point3 newell_normal(std::span<const Point3> ring);

// True when the ring encloses an area worth projecting: `normal` (its Newell normal) is finite
// and longer than a rounding error of the ring's extent squared.
bool has_area(std::span<const Point3> ring, const Point3& normal);

// The points in a frame (u, v) of the plane normal to `normal` (non-zero), with u x v along the
// normal: a ring counter-clockwise about the normal is counter-clockwise, of positive area, in 2-D.
void project_to_plane(std::span<const Point3> points, const Point3& normal,
                      std::vector<Point2>* out);

// Twice the signed area of the triangle (a, b, c): positive when it turns left.
inline double cross(const Point2& a, const Point2& b, const Point2& c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Twice the signed area of the 2-D ring (the shoelace formula).
double signed_area2(std::span<const Point2> ring);

}  // namespace px
