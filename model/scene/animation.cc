#include "polyxios/scene/animation.h"

#include <cmath>
#include <limits>

namespace px {

bool is_playable_window(double start, double end) {
  return std::isfinite(start) && std::isfinite(end) && start <= end &&
         end - start <= std::numeric_limits<float>::max();
}

}  // namespace px
