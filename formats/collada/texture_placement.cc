#include "formats/collada/texture_placement.h"

#include <cmath>
#include <numbers>

namespace px::collada {
namespace {

// v to a multiple of 2^-50, so that the rounding noise of a rotation and its inverse (an offset of
// 0 coming back as 6e-17) goes and a round trip spells the offsets it was given.
double tidy(double v) {
  return std::abs(v) < 1e6 ? std::ldexp(std::round(std::ldexp(v, 50)), -50) : v;
}

// Rccw(angle) (p - h) + h, h the texture's centre.
std::array<double, 2> rotate_about_centre(double angle, const std::array<double, 2>& p) {
  const double c = std::cos(angle), s = std::sin(angle);
  const double x = p[0] - 0.5, y = p[1] - 0.5;
  return {tidy(c * x - s * y + 0.5), tidy(s * x + c * y + 0.5)};
}

}  // namespace

TextureTransform transform_of(const MayaPlacement& maya) {
  TextureTransform t;
  t.scale = maya.repeat;
  if (maya.rotate_degrees == 0) {
    t.offset = maya.offset;
    return t;
  }
  const double a = maya.rotate_degrees * std::numbers::pi / 180;
  t.rotation = -a;
  t.offset = rotate_about_centre(a, maya.offset);
  return t;
}

MayaPlacement maya_placement_of(const TextureTransform& transform) {
  MayaPlacement maya;
  maya.repeat = transform.scale;
  if (transform.rotation == 0) {
    maya.offset = transform.offset;
    return maya;
  }
  maya.rotate_degrees = -transform.rotation * 180 / std::numbers::pi;
  maya.offset = rotate_about_centre(transform.rotation, transform.offset);
  return maya;
}

}  // namespace px::collada
