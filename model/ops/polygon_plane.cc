#include "polyxios/ops/polygon_plane.h"

#include <algorithm>
#include <cmath>

namespace px {

Point3 newell_normal(std::span<const Point3> ring) {
  Point3 n{0, 0, 0};
  const size_t count = ring.size();
  for (size_t i = 0; i < count; ++i) {
    const Point3& a = ring[i];
    const Point3& b = ring[i + 1 == count ? 0 : i + 1];
    n[0] += (a[1] - b[1]) * (a[2] + b[2]);
    n[1] += (a[2] - b[2]) * (a[0] + b[0]);
    n[2] += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return n;
}

bool has_area(std::span<const Point3> ring, const Point3& normal) {
  if (ring.empty()) return false;
  Point3 low = ring[0], high = ring[0];
  for (const Point3& p : ring) {
    for (int k = 0; k < 3; ++k) {
      low[k] = std::min(low[k], p[k]);
      high[k] = std::max(high[k], p[k]);
    }
  }
  double extent2 = 0, length2 = 0;
  for (int k = 0; k < 3; ++k) {
    extent2 += (high[k] - low[k]) * (high[k] - low[k]);
    length2 += normal[k] * normal[k];
  }
  if (!std::isfinite(extent2) || !std::isfinite(length2)) return false;
  // |normal| is twice the area; the area of a ring whose corners are rounded to float32 is only
  // known to about 1e-7 of its extent squared.
  return std::sqrt(length2) > 1e-9 * extent2;
}

void project_to_plane(std::span<const Point3> points, const Point3& normal,
                      std::vector<Point2>* out) {
  const double length =
      std::sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
  const Point3 n{normal[0] / length, normal[1] / length, normal[2] / length};
  // u: the coordinate axis least along n, made perpendicular to it; v = n x u.
  int axis = 0;
  for (int k = 1; k < 3; ++k) {
    if (std::abs(n[k]) < std::abs(n[axis])) axis = k;
  }
  Point3 u{0, 0, 0};
  u[axis] = 1;
  const double along = n[axis];
  for (int k = 0; k < 3; ++k) u[k] -= along * n[k];
  const double u_length = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  for (double& c : u) c /= u_length;
  const Point3 v{n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]};
  // Relative to the first point, so that a polygon far from the origin keeps its precision.
  out->resize(points.size());
  if (points.empty()) return;
  const Point3 origin = points[0];
  for (size_t i = 0; i < points.size(); ++i) {
    const Point3 p{points[i][0] - origin[0], points[i][1] - origin[1], points[i][2] - origin[2]};
    (*out)[i] =
        Point2{p[0] * u[0] + p[1] * u[1] + p[2] * u[2], p[0] * v[0] + p[1] * v[1] + p[2] * v[2]};
  }
}

double signed_area2(std::span<const Point2> ring) {
  double sum = 0;
  const size_t count = ring.size();
  for (size_t i = 0; i < count; ++i) {
    const Point2& a = ring[i];
    const Point2& b = ring[i + 1 == count ? 0 : i + 1];
    sum += a.x * b.y - b.x * a.y;
  }
  return sum;
}

}  // namespace px
