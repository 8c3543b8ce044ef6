#include "polyxios/scene/light.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace px {
namespace {

std::optional<LightType> type_of(std::string_view name) {
  if (name == "directional") return LightType::kDirectional;
  if (name == "point") return LightType::kPoint;
  if (name == "spot") return LightType::kSpot;
  if (name == "ambient") return LightType::kAmbient;
  return std::nullopt;
}

// A value's number: none when absent, NaN when not a number (which no check passes).
std::optional<double> number_or_nan(const ValueMap& map, std::string_view key) {
  const Value* v = find_value(map, key);
  if (v == nullptr) return std::nullopt;
  return v->is_number() ? v->as_double() : std::numeric_limits<double>::quiet_NaN();
}

void add_fix(LightRead& out, LightRule rule, std::string text) {
  out.fixes.push_back(std::move(text));
  out.fix_rules.push_back(rule);
}

LightRead& fail(LightRead& out, LightRule rule, std::string fault) {
  out.fault = std::move(fault);
  out.fault_rule = rule;
  return out;
}

// The spot's cone angles, corrected into glTF's range with a fix for each correction.
void check_cone(Light& light, LightRead& out) {
  constexpr double kRightAngle = std::numbers::pi / 2;
  const double outer = light.outer_cone;
  if (!std::isfinite(outer)) {
    light.outer_cone = std::numbers::pi / 4;
    add_fix(out, LightRule::kValueRange, "its outerConeAngle is not a number: pi/4 is taken");
  } else if (outer <= 0 || outer > kRightAngle) {
    light.outer_cone = std::clamp(outer, 1e-6, kRightAngle);
    add_fix(out, LightRule::kValueRange,
            "its outerConeAngle is outside (0, pi/2]: clamped into it");
  }
  const double inner = light.inner_cone;
  if (!std::isfinite(inner) || inner < 0 || inner >= light.outer_cone) {
    light.inner_cone = 0;
    add_fix(out,
            std::isfinite(inner) && inner >= 0 ? LightRule::kConeOrder : LightRule::kValueRange,
            "its innerConeAngle is not a number in [0, outerConeAngle): 0 is taken");
  }
}

// The checks and fixes of read_light past the value's shape; `spot_object` is whether a spot
// light's value has its spot object.
LightRead check(Light light, bool spot_object) {
  LightRead out;
  bool clamped = false;
  for (double& c : light.color) {
    const double given = c;
    c = std::isnan(given) ? 0 : std::clamp(given, 0.0, 1.0);
    clamped = clamped || c != given;
  }
  if (clamped) add_fix(out, LightRule::kValueRange, "its color is outside [0, 1]: clamped into it");
  if (!std::isfinite(light.intensity) || light.intensity < 0) {
    return fail(out, LightRule::kValueRange, "its intensity is not a finite number of at least 0");
  }
  if (light.range) {
    const bool positional = light.type == LightType::kPoint || light.type == LightType::kSpot;
    if (!std::isfinite(*light.range) || *light.range <= 0) {
      add_fix(out, LightRule::kValueRange, "its range is not a positive number: dropped");
      light.range.reset();
    } else if (!positional) {
      add_fix(out, LightRule::kRangeUnused,
              "a range on a light that is neither point nor spot is dropped");
      light.range.reset();
    }
  }
  if (light.type != LightType::kSpot) {
    light.inner_cone = Light().inner_cone;
    light.outer_cone = Light().outer_cone;
  } else if (spot_object) {
    check_cone(light, out);
  } else {
    add_fix(out, LightRule::kSpotMissing,
            "a spot light without its spot object takes glTF's default cone");
  }
  out.light = std::move(light);
  return out;
}

}  // namespace

std::string_view light_type_name(LightType type) {
  switch (type) {
    case LightType::kDirectional:
      return "directional";
    case LightType::kPoint:
      return "point";
    case LightType::kSpot:
      return "spot";
    case LightType::kAmbient:
      return "ambient";
  }
  return "point";
}

LightRead read_light(const Value& value) {
  LightRead out;
  if (!value.is_map()) return fail(out, LightRule::kShape, "it is not an object");
  const ValueMap& map = value.as_map();
  Light light;
  const Value* type = find_value(map, "type");
  std::optional<LightType> kind =
      type != nullptr && type->is_string() ? type_of(type->as_string()) : std::nullopt;
  if (!kind && type != nullptr && type->is_string()) {
    return fail(out, LightRule::kTypeUnknown,
                std::string("its type '").append(type->as_string()).append("' is unknown"));
  }
  if (!kind) return fail(out, LightRule::kTypeMissing, "it has no type");
  light.type = *kind;
  if (const Value* name = find_value(map, "name"); name != nullptr && name->is_string()) {
    light.name = name->as_string();
  }
  if (const Value* color = find_value(map, "color")) {
    const bool three = color->is_array() && color->as_array().size() == 3 &&
                       std::all_of(color->as_array().begin(), color->as_array().end(),
                                   [](const Value& c) { return c.is_number(); });
    if (!three) return fail(out, LightRule::kShape, "its color is not three numbers");
    for (size_t i = 0; i < 3; ++i) light.color[i] = color->as_array()[i].as_double();
  }
  if (std::optional<double> intensity = number_or_nan(map, "intensity")) {
    light.intensity = *intensity;
  }
  light.range = number_or_nan(map, "range");
  const Value* spot = light.type == LightType::kSpot ? find_value(map, "spot") : nullptr;
  const bool spot_object = spot != nullptr && spot->is_map();
  if (spot_object) {
    if (std::optional<double> outer = number_or_nan(spot->as_map(), "outerConeAngle")) {
      light.outer_cone = *outer;
    }
    if (std::optional<double> inner = number_or_nan(spot->as_map(), "innerConeAngle")) {
      light.inner_cone = *inner;
    }
  }
  if (const Value* extras = find_value(map, "extras")) light.extras = *extras;
  return check(std::move(light), spot_object);
}

LightRead check_light(const Light& light) { return check(light, true); }

Value light_value(const Light& light) {
  ValueMap out;
  if (!light.name.empty()) out.emplace_back("name", Value(light.name));
  out.emplace_back("type", Value(light_type_name(light.type)));
  out.emplace_back("color", Value(ValueArray{Value(light.color[0]), Value(light.color[1]),
                                             Value(light.color[2])}));
  out.emplace_back("intensity", Value(light.intensity));
  if (light.range) out.emplace_back("range", Value(*light.range));
  if (light.type == LightType::kSpot) {
    ValueMap spot;
    spot.emplace_back("innerConeAngle", Value(light.inner_cone));
    spot.emplace_back("outerConeAngle", Value(light.outer_cone));
    out.emplace_back("spot", Value(std::move(spot)));
  }
  if (!light.extras.is_null()) out.emplace_back("extras", light.extras);
  return Value(std::move(out));
}

}  // namespace px
