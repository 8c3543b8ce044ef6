// The scene's lights, shaped as KHR_lights_punctual's light objects, with "ambient", which glTF
// lacks and COLLADA has, as a fourth type. A node names its light in extras["light"]: a COLLADA
// read keeps there the light's id, and the light under that id in global_attrs["lights"] (as
// cameras are kept); a glTF read keeps the light object itself there.
#pragma once

#include <array>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "polyxios/scene/scene.h"
#include "polyxios/scene/value.h"

namespace px {

enum class LightType { kDirectional, kPoint, kSpot, kAmbient };

struct Light {
  std::string name;  // empty for none
  LightType type = LightType::kPoint;
  std::array<double, 3> color{1, 1, 1};  // linear RGB, each in [0, 1]
  double intensity = 1;                  // candela (point, spot) or lux (directional)
  std::optional<double> range;           // point and spot only; none is infinite
  double inner_cone = 0;                 // spot only, radians from the axis
  double outer_cone = std::numbers::pi / 4;
  Value extras;  // the light's "extras", null for none
};

std::string_view light_type_name(LightType type);

// A light value read into a Light, glTF's defaults filling what it leaves out.
struct LightRead {
  std::optional<Light> light;      // empty when the value is no light at all (see fault)
  std::string fault;               // why there is no light
  std::vector<std::string> fixes;  // what was out of glTF's range and how it was corrected
};

// Faults (no light): not an object, a type other than the four, a colour that is not three
// numbers, an intensity that is not a finite number of at least 0. Fixes: a colour component
// outside [0, 1] is clamped; a range that is not a positive finite number, or on a light other
// than a point or spot, is dropped; a spot light without its spot object, or an outer cone angle
// that is not a number, takes glTF's default (pi/4); an outer cone angle outside (0, pi/2] is
// clamped into it; an inner cone angle that is not a number in [0, outer) becomes 0.
LightRead read_light(const Value& value);

// The light as the value read_light reads: name (when not empty), type, color, intensity, range
// (when set), spot {innerConeAngle, outerConeAngle} (spot only) and extras (when not null).
Value light_value(const Light& light);

// The light a node names: its extras["light"] object, or the entry of global_attrs["lights"] its
// id names (the first of that id); nullptr when it names none. *id gets the id, when named so.
const Value* node_light(const Scene& scene, const Node& node, std::string* id = nullptr);

}  // namespace px
