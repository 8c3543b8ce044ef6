#include "polyxios/scene/bounds.h"

#include <algorithm>
#include <cmath>

namespace px {

void Bounds::add(double x, double y, double z) {
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return;
  const double p[3] = {x, y, z};
  for (int k = 0; k < 3; ++k) {
    min[k] = std::min(min[k], p[k]);
    max[k] = std::max(max[k], p[k]);
  }
}

void Bounds::add(const Bounds& other) {
  if (other.empty()) return;
  add(other.min[0], other.min[1], other.min[2]);
  add(other.max[0], other.max[1], other.max[2]);
}

Bounds point_bounds(const Column& points) {
  Bounds bounds;
  if (points.cols < 3) return bounds;
  for (size_t v = 0; v < points.rows; ++v) {
    bounds.add(points.get(v, 0), points.get(v, 1), points.get(v, 2));
  }
  return bounds;
}

}  // namespace px
