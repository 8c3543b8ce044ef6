#include "formats/collada/read/effect_alpha.h"

#include <algorithm>
#include <cmath>

namespace px::collada {
namespace {

double luminance(const std::array<double, 4>& c) {
  return c[0] * 0.212671 + c[1] * 0.715160 + c[2] * 0.072169;
}

}  // namespace

double effect_alpha(const TransparencyTerms& terms, bool* opaque_exception) {
  *opaque_exception = false;
  double alpha = terms.diffuse_alpha;
  if (!terms.transparent || !std::isfinite(terms.factor)) return alpha;
  const std::array<double, 4>& tc = *terms.transparent;
  const double factor = terms.factor;
  double a = 1;
  if (terms.mode == "A_ONE") {
    a = tc[3] * factor;
  } else if (terms.mode == "A_ZERO") {
    a = 1 - tc[3] * factor;
  } else if (terms.mode == "RGB_ZERO") {
    a = 1 - luminance(tc) * factor;
  } else {
    a = luminance(tc) * factor;
  }
  // SketchUp, Google Earth and Blender before 2.8 write A_ONE, white and 0 for opaque.
  const bool white = tc[0] == 1 && tc[1] == 1 && tc[2] == 1 && tc[3] == 1;
  if (terms.mode == "A_ONE" && white && factor == 0) {
    *opaque_exception = true;
    a = 1;
  }
  if (std::isfinite(a)) alpha *= std::clamp(a, 0.0, 1.0);
  return alpha;
}

}  // namespace px::collada
