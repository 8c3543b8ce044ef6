#include "formats/collada/read/parameter_values.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "formats/collada/read/cameras.h"
#include "formats/collada/shininess.h"

namespace px::collada {
namespace {

void assign(std::span<double> terms, int c, std::span<const double> v) {
  if (c >= 0) {
    if (static_cast<size_t>(c) < terms.size()) terms[c] = v[0];
  } else {
    std::copy_n(v.begin(), std::min(v.size(), terms.size()), terms.begin());
  }
}

}  // namespace

void BaseColor::set(Parameter p, int c, std::span<const double> v) {
  if (p == Parameter::kDiffuse) assign(diffuse, c, v);
  if (p == Parameter::kTransparent) assign(transparent, c, v);
  if (p == Parameter::kTransparency) terms.factor = std::isfinite(v[0]) ? v[0] : std::nan("");
}

void BaseColor::emit(std::vector<std::vector<double>>& rows) {
  terms.diffuse_alpha = std::isfinite(diffuse[3]) ? diffuse[3] : 1;
  if (terms.transparent) terms.transparent = transparent;
  bool exception;
  const double alpha = effect_alpha(terms, &exception);
  lowest_alpha = std::min(lowest_alpha, alpha);
  rows[0].insert(rows[0].end(), {diffuse[0], diffuse[1], diffuse[2], alpha});
}

void ColorRgb::set(Parameter, int c, std::span<const double> v) { assign(rgba, c, v); }

void ColorRgb::emit(std::vector<std::vector<double>>& rows) {
  rows[0].insert(rows[0].end(), rgba.begin(), rgba.begin() + 3);
}

void Roughness::set(Parameter, int, std::span<const double> v) { shininess = v[0]; }

void Roughness::emit(std::vector<std::vector<double>>& rows) {
  const bool valid = std::isfinite(shininess) && shininess >= 0;
  rows[0].push_back(valid ? roughness_from_shininess(shininess) : 1);
}

void LightColor::set(Parameter, int c, std::span<const double> v) { assign(terms.color, c, v); }

void LightColor::emit(std::vector<std::vector<double>>& rows) {
  const Light light = light_from_collada(terms, {});
  rows[0].insert(rows[0].end(), light.color.begin(), light.color.end());
  rows[1].push_back(light.intensity);
}

void SpotCone::set(Parameter p, int, std::span<const double> v) {
  if (p == Parameter::kFalloffAngle) {
    terms.falloff_angle = v[0] > 0 ? v[0] : std::numeric_limits<double>::min();
  } else {
    terms.falloff_exponent = v[0];
  }
}

void SpotCone::emit(std::vector<std::vector<double>>& rows) {
  const Light light = light_from_collada(terms, {});
  rows[0].push_back(light.outer_cone);
  rows[1].push_back(light.inner_cone);
}

void Optics::set(Parameter p, int, std::span<const double> v) {
  switch (p) {
    case Parameter::kXfov:
      xfov = v[0];
      break;
    case Parameter::kYfov:
      yfov = v[0];
      break;
    case Parameter::kXmag:
      xmag = v[0];
      break;
    case Parameter::kYmag:
      ymag = v[0];
      break;
    default:
      aspect = v[0];
  }
}

void Optics::emit(std::vector<std::vector<double>>& rows) {
  // A key's ratio that is not positive counts as none, as read_cameras refuses it.
  const std::optional<double> ratio = aspect && *aspect > 0 ? aspect : std::nullopt;
  if (perspective) {
    rows[0].push_back(vertical_fov(xfov, yfov, ratio).value_or(0));
    rows[1].push_back(perspective_aspect(xfov, yfov, ratio).value_or(0));
  } else {
    const auto [x, y] = magnifications(xmag, ymag, ratio);
    rows[0].push_back(x);
    rows[1].push_back(y);
  }
}

void CameraPlane::set(Parameter, int, std::span<const double> v) { value = v[0]; }

void CameraPlane::emit(std::vector<std::vector<double>>& rows) { rows[0].push_back(value); }

}  // namespace px::collada
