#include "formats/collada/light_mapping.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>

namespace px::collada {
namespace {

constexpr double kMinFade = 1.0 / (1 << 20);
constexpr std::string_view kOriginals = "collada";

bool positional(LightType type) { return type == LightType::kPoint || type == LightType::kSpot; }

double attenuation_sum(const ColladaLightTerms& t) {
  return positional(t.type) ? t.constant + t.linear + t.quadratic : 1;
}

bool same(double a, double b) {
  return a == b || std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

// The glTF terms of two lights agree (to rounding).
bool same_light(const Light& a, const Light& b) {
  for (size_t i = 0; i < 3; ++i) {
    if (!same(a.color[i], b.color[i])) return false;
  }
  return a.type == b.type && same(a.intensity, b.intensity) &&
         a.range.has_value() == b.range.has_value() && (!a.range || same(*a.range, *b.range)) &&
         same(a.inner_cone, b.inner_cone) && same(a.outer_cone, b.outer_cone);
}

// A value a division and a multiplication made, to 15 significant digits: what a document spelled
// with up to 15 (any exporter's) comes back spelled the same, not a rounding step away.
double to_15_digits(double v) {
  if (!std::isfinite(v) || v == 0) return v;
  char text[32];
  auto written = std::to_chars(text, text + sizeof text, v, std::chars_format::general, 15);
  double out = v;
  std::from_chars(text, written.ptr, out);
  return out;
}

const ValueMap* originals_of(const Light& light) {
  if (!light.extras.is_map()) return nullptr;
  const Value* v = find_value(light.extras.as_map(), kOriginals);
  return v != nullptr && v->is_map() ? &v->as_map() : nullptr;
}

std::optional<double> original(const ValueMap* originals, std::string_view key) {
  const Value* v = originals == nullptr ? nullptr : find_value(*originals, key);
  if (v == nullptr || !v->is_number() || !std::isfinite(v->as_double())) return std::nullopt;
  return v->as_double();
}

// The glTF terms alone (no originals), as light_from_collada makes them.
Light gltf_terms(const ColladaLightTerms& t, const PolyxiosLightTerms& extra) {
  Light light;
  light.type = t.type;
  std::array<double, 3> rgb;
  for (size_t i = 0; i < 3; ++i) rgb[i] = std::max(t.color[i], 0.0);
  const double sum = attenuation_sum(t);
  const double largest = std::max({rgb[0], rgb[1], rgb[2]});
  const bool split_given = extra.intensity && *extra.intensity > 0 &&
                           largest / (sum * *extra.intensity) <= 1;
  if (split_given) {
    light.intensity = *extra.intensity;
    for (size_t i = 0; i < 3; ++i) light.color[i] = rgb[i] / (sum * light.intensity);
  } else {
    light.intensity = largest / sum;
    for (size_t i = 0; i < 3; ++i) light.color[i] = largest > 0 ? rgb[i] / largest : 0;
  }
  if (positional(t.type) && extra.range && *extra.range > 0) light.range = extra.range;
  if (t.type == LightType::kSpot) {
    light.outer_cone =
        std::min(t.falloff_angle * (std::numbers::pi / 360), std::numbers::pi / 2);
    light.inner_cone = light.outer_cone * (1 - std::clamp(t.falloff_exponent, kMinFade, 1.0));
  }
  return light;
}

// The COLLADA spelling of a light's glTF terms under the given attenuation.
ColladaLight derived_terms(const Light& light, double c, double l, double q) {
  ColladaLight out;
  ColladaLightTerms& t = out.terms;
  t.type = light.type;
  if (positional(light.type)) {
    t.constant = c;
    t.linear = l;
    t.quadratic = q;
  }
  const double scale = light.intensity * attenuation_sum(t);
  for (size_t i = 0; i < 3; ++i) t.color[i] = to_15_digits(light.color[i] * scale);
  if (light.type == LightType::kSpot) {
    t.falloff_angle = to_15_digits(light.outer_cone * (360 / std::numbers::pi));
    t.falloff_exponent = to_15_digits(1 - light.inner_cone / light.outer_cone);
  }
  const double largest = std::max({light.color[0], light.color[1], light.color[2]});
  if (largest != 1 && light.intensity > 0) out.extra.intensity = light.intensity;
  if (positional(light.type)) out.extra.range = light.range;
  return out;
}

}  // namespace

Light light_from_collada(const ColladaLightTerms& terms, const PolyxiosLightTerms& extra) {
  Light light = gltf_terms(terms, extra);
  // The originals the inverse would not spell back (to rounding).
  ValueMap originals;
  const bool attenuated = positional(terms.type) &&
                          (terms.constant != 0 || terms.linear != 0 || terms.quadratic != 1);
  if (attenuated) {
    originals.emplace_back("constant_attenuation", Value(terms.constant));
    originals.emplace_back("linear_attenuation", Value(terms.linear));
    originals.emplace_back("quadratic_attenuation", Value(terms.quadratic));
  }
  const ColladaLight back = derived_terms(light, terms.constant, terms.linear, terms.quadratic);
  if (!same(back.terms.color[0], terms.color[0]) || !same(back.terms.color[1], terms.color[1]) ||
      !same(back.terms.color[2], terms.color[2])) {
    originals.emplace_back(
        "color", Value(ValueArray{Value(terms.color[0]), Value(terms.color[1]),
                                  Value(terms.color[2])}));
  }
  if (terms.type == LightType::kSpot) {
    if (!same(back.terms.falloff_angle, terms.falloff_angle)) {
      originals.emplace_back("falloff_angle", Value(terms.falloff_angle));
    }
    if (!same(back.terms.falloff_exponent, terms.falloff_exponent)) {
      originals.emplace_back("falloff_exponent", Value(terms.falloff_exponent));
    }
  }
  if (!originals.empty()) {
    ValueMap extras;
    extras.emplace_back(std::string(kOriginals), Value(std::move(originals)));
    light.extras = Value(std::move(extras));
  }
  return light;
}

ColladaLight collada_terms(const Light& light) {
  const ValueMap* originals = originals_of(light);
  std::optional<double> c = original(originals, "constant_attenuation");
  std::optional<double> l = original(originals, "linear_attenuation");
  std::optional<double> q = original(originals, "quadratic_attenuation");
  const bool attenuation_kept = c && l && q && *c >= 0 && *l >= 0 && *q >= 0 && *c + *l + *q > 0;
  ColladaLight derived =
      attenuation_kept ? derived_terms(light, *c, *l, *q) : derived_terms(light, 0, 0, 1);
  if (originals == nullptr) return derived;
  ColladaLight kept = derived;
  if (const Value* color = find_value(*originals, "color");
      color != nullptr && color->is_array() && color->as_array().size() == 3) {
    for (size_t i = 0; i < 3; ++i) {
      const Value& v = color->as_array()[i];
      if (v.is_number()) kept.terms.color[i] = v.as_double();
    }
  }
  if (std::optional<double> angle = original(originals, "falloff_angle"); angle && *angle > 0) {
    kept.terms.falloff_angle = *angle;
  }
  if (std::optional<double> e = original(originals, "falloff_exponent")) {
    kept.terms.falloff_exponent = *e;
  }
  // Edited since it was read: the originals no longer say what the light is.
  if (!same_light(gltf_terms(kept.terms, kept.extra), light)) return derived;
  return kept;
}

Value extras_without_originals(const Value& extras) {
  if (!extras.is_map()) return extras;
  ValueMap rest = extras.as_map();
  erase_value(rest, kOriginals);
  return rest.empty() ? Value() : Value(std::move(rest));
}

}  // namespace px::collada
