// An axis-aligned box of finite points: a mesh's (what `polyxios info` reports, what the Python
// module's PolyData.bounds returns), or a scene's in world space.
#pragma once

#include <array>
#include <limits>

#include "polyxios/scene/column.h"

namespace px {

// Empty until a point is added.
struct Bounds {
  std::array<double, 3> min{std::numeric_limits<double>::infinity(),
                            std::numeric_limits<double>::infinity(),
                            std::numeric_limits<double>::infinity()};
  std::array<double, 3> max{-std::numeric_limits<double>::infinity(),
                            -std::numeric_limits<double>::infinity(),
                            -std::numeric_limits<double>::infinity()};

  bool empty() const { return !(min[0] <= max[0]); }
  // A point with a coordinate that is NaN or infinite is left out.
  void add(double x, double y, double z);
  void add(const Bounds& other);
};

// The box of the points' first three columns (empty for points of fewer).
Bounds point_bounds(const Column& points);

}  // namespace px
