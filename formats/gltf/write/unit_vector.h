// Scaling a 3-vector to unit length without overflowing or underflowing on the way.
#pragma once

#include <algorithm>
#include <cmath>

namespace px::gltf {

// Scales (x, y, z) to unit length; false when it has no direction (zero, NaN or Inf).
inline bool normalize(double& x, double& y, double& z) {
  // Dividing by the largest component first keeps huge and tiny vectors from over/underflowing.
  double m = std::max({std::abs(x), std::abs(y), std::abs(z)});
  if (!(m > 0) || !std::isfinite(m)) return false;
  x /= m;
  y /= m;
  z /= m;
  double length = std::sqrt(x * x + y * y + z * z);
  x /= length;
  y /= length;
  z /= length;
  return true;
}

}  // namespace px::gltf
