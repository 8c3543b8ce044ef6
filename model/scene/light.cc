#include "polyxios/scene/light.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace px {
namespace {

std::optional<double> number(const ValueMap& map, std::string_view key) {
  const Value* v = find_value(map, key);
  if (v == nullptr || !v->is_number()) return std::nullopt;
  return v->as_double();
}

std::optional<LightType> type_of(std::string_view name) {
  if (name == "directional") return LightType::kDirectional;
  if (name == "point") return LightType::kPoint;
  if (name == "spot") return LightType::kSpot;
  if (name == "ambient") return LightType::kAmbient;
  return std::nullopt;
}

// The spot's cone angles, corrected into glTF's range with a fix for each correction.
void read_cone(const ValueMap& spot, Light& light, std::vector<std::string>& fixes) {
  constexpr double kRightAngle = std::numbers::pi / 2;
  std::optional<double> outer = number(spot, "outerConeAngle");
  if (find_value(spot, "outerConeAngle") != nullptr) {
    if (!outer || !std::isfinite(*outer)) {
      fixes.push_back("its outerConeAngle is not a number: pi/4 is taken");
    } else if (*outer <= 0 || *outer > kRightAngle) {
      light.outer_cone = std::clamp(*outer, 1e-6, kRightAngle);
      fixes.push_back("its outerConeAngle is outside (0, pi/2]: clamped into it");
    } else {
      light.outer_cone = *outer;
    }
  }
  std::optional<double> inner = number(spot, "innerConeAngle");
  if (find_value(spot, "innerConeAngle") != nullptr) {
    if (!inner || !std::isfinite(*inner) || *inner < 0 || *inner >= light.outer_cone) {
      fixes.push_back("its innerConeAngle is not a number in [0, outerConeAngle): 0 is taken");
    } else {
      light.inner_cone = *inner;
    }
  }
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
  if (!value.is_map()) {
    out.fault = "it is not an object";
    return out;
  }
  const ValueMap& map = value.as_map();
  Light light;
  const Value* type = find_value(map, "type");
  std::optional<LightType> kind =
      type != nullptr && type->is_string() ? type_of(type->as_string()) : std::nullopt;
  if (!kind) {
    out.fault = type != nullptr && type->is_string()
                    ? std::string("its type '").append(type->as_string()).append("' is unknown")
                    : std::string("it has no type");
    return out;
  }
  light.type = *kind;
  if (const Value* name = find_value(map, "name"); name != nullptr && name->is_string()) {
    light.name = name->as_string();
  }
  if (const Value* color = find_value(map, "color")) {
    const bool three = color->is_array() && color->as_array().size() == 3 &&
                       std::all_of(color->as_array().begin(), color->as_array().end(),
                                   [](const Value& c) { return c.is_number(); });
    if (!three) {
      out.fault = "its color is not three numbers";
      return out;
    }
    bool clamped = false;
    for (size_t i = 0; i < 3; ++i) {
      const double c = color->as_array()[i].as_double();
      light.color[i] = std::isnan(c) ? 0 : std::clamp(c, 0.0, 1.0);
      clamped = clamped || light.color[i] != c;
    }
    if (clamped) out.fixes.push_back("its color is outside [0, 1]: clamped into it");
  }
  if (find_value(map, "intensity") != nullptr) {
    std::optional<double> intensity = number(map, "intensity");
    if (!intensity || !std::isfinite(*intensity) || *intensity < 0) {
      out.fault = "its intensity is not a finite number of at least 0";
      return out;
    }
    light.intensity = *intensity;
  }
  if (find_value(map, "range") != nullptr) {
    std::optional<double> range = number(map, "range");
    const bool positional = light.type == LightType::kPoint || light.type == LightType::kSpot;
    if (!range || !std::isfinite(*range) || *range <= 0) {
      out.fixes.push_back("its range is not a positive number: dropped");
    } else if (!positional) {
      out.fixes.push_back("a range on a light that is neither point nor spot is dropped");
    } else {
      light.range = *range;
    }
  }
  if (light.type == LightType::kSpot) {
    if (const Value* spot = find_value(map, "spot"); spot != nullptr && spot->is_map()) {
      read_cone(spot->as_map(), light, out.fixes);
    } else {
      out.fixes.push_back("a spot light without its spot object takes glTF's default cone");
    }
  }
  if (const Value* extras = find_value(map, "extras")) light.extras = *extras;
  out.light = std::move(light);
  return out;
}

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

const Value* node_light(const Scene& scene, const Node& node, std::string* id) {
  const Value* light = find_value(node.extras, "light");
  if (light == nullptr || !light->is_string()) return light;
  if (id != nullptr) *id = light->as_string();
  const Value* library = find_value(scene.global_attrs, "lights");
  if (library == nullptr || !library->is_map()) return nullptr;
  return find_value(library->as_map(), light->as_string());
}

}  // namespace px
