#include "polyxios/ops/key_times.h"

#include <cmath>
#include <limits>

namespace px {

double float32_step_before(double t) {
  return std::nextafter(static_cast<float>(t), -std::numeric_limits<float>::infinity());
}

bool same_float32(double t, double u) { return static_cast<float>(t) == static_cast<float>(u); }

bool nudge_times(std::vector<double>& times) {
  const size_t n = times.size();
  if (n == 0) return false;
  std::vector<float> f(n);
  for (size_t i = 0; i < n; ++i) f[i] = static_cast<float>(times[i]);
  std::vector<float> down = f;
  bool moved = false;
  for (size_t i = n - 1; i-- > 0;) {
    if (down[i] >= down[i + 1]) {
      down[i] = std::nextafter(down[i + 1], -std::numeric_limits<float>::infinity());
      moved = true;
    }
  }
  if (down[0] < 0 && f[0] >= 0) {
    for (size_t i = 1; i < n; ++i) {
      if (f[i] <= f[i - 1]) f[i] = std::nextafter(f[i - 1], std::numeric_limits<float>::infinity());
    }
    down = f;
  }
  for (size_t i = 0; i < n; ++i) times[i] = down[i];
  return moved;
}

}  // namespace px
