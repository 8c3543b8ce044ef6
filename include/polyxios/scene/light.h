// The scene's lights, in KHR_lights_punctual's terms, with "ambient", which glTF lacks and
// COLLADA has, as a fourth type. A node shows one by its index in Scene::lights (Node::light).
#pragma once

#include <array>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/value.h"

namespace px {

enum class LightType { kDirectional, kPoint, kSpot, kAmbient };

struct Light {
  // A COLLADA read's: the <light>'s id, after "other.dae#" for one of a document the input
  // references (the key of Python's global_attrs["lights"]); none for another format's light.
  std::optional<std::string> collada_id;
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

// The rule of glTF's a fault or fix is about, so that a reader can name each by its own code.
enum class LightRule {
  kShape,        // not an object, a colour that is not three numbers
  kTypeMissing,  // no type
  kTypeUnknown,  // a type other than the four (or "ambient" where the format lacks it)
  kValueRange,   // a colour, intensity, range or cone angle out of glTF's range, or no number
  kRangeUnused,  // a range on a light that is neither point nor spot
  kSpotMissing,  // a spot light without its spot object
  kConeOrder,    // an inner cone angle not below the outer one
};

// A light read into a Light, or checked, glTF's defaults filling what it leaves out.
struct LightRead {
  std::optional<Light> light;  // empty when the value is no light at all (see fault)
  std::string fault;           // why there is no light
  LightRule fault_rule = LightRule::kShape;
  std::vector<std::string> fixes;    // what was out of glTF's range and how it was corrected
  std::vector<LightRule> fix_rules;  // the rule of each fix, in the same order
};

// Faults (no light): not an object, a type other than the four, a colour that is not three
// numbers, an intensity that is not a finite number of at least 0. Fixes: a colour component
// outside [0, 1] is clamped; a range that is not a positive finite number, or on a light other
// than a point or spot, is dropped; a spot light without its spot object, or an outer cone angle
// that is not a number, takes glTF's default (pi/4); an outer cone angle outside (0, pi/2] is
// clamped into it; an inner cone angle that is not a number in [0, outer) becomes 0.
LightRead read_light(const Value& value);

// read_light's check of a typed Light, as it checks the value light_value makes of it (the cone
// of a light other than a spot is glTF's default): its fault an intensity that is not a finite
// number of at least 0, its fixes those above, with the same words and in the same order.
LightRead check_light(const Light& light);

// The light as the value read_light reads: name (when not empty), type, color, intensity, range
// (when set), spot {innerConeAngle, outerConeAngle} (spot only) and extras (when not null).
Value light_value(const Light& light);

}  // namespace px
