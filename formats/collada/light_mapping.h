// COLLADA's light terms and the scene's glTF-shaped lights (polyxios/scene/light.h), both ways. The
// rule, which tests/SPEC_COVERAGE.md's "lights and cameras" row and the tests cite:
// - Colour: COLLADA has one colour, glTF a colour in [0, 1] and an intensity. The intensity is the
//   colour's largest component (over the attenuation sum below), the colour the COLLADA colour
//   divided by it (black stays black at intensity 0); a negative component is read as 0. A write
//   spells colour * intensity * sum; when the colour's largest component is not 1 (a glTF light),
//   the intensity goes in the light's polyxios <extra> too, so the split reads back as it was.
// - Attenuation: COLLADA divides by c + l*d + q*d^2, glTF by d^2 (cut at its range). Pure
//   quadratic attenuation is glTF's law exactly (intensity = colour / q); a constant or linear
//   term has no glTF form and is approximated by matching brightness at unit distance (intensity
//   = colour / (c + l + q)). A write from glTF spells c = 0, l = 0, q = 1. No range is derived:
//   COLLADA never cuts a light off; a glTF range is kept in the polyxios <extra>.
// - Spot cone: outerConeAngle = falloff_angle / 2 (falloff_angle is the full cone, in degrees),
//   clamped to pi/2; innerConeAngle = outer * (1 - f), where f, the fraction of the cone that
//   fades, is falloff_exponent clamped to [2^-20, 1] (Blender writes its spot blend there; glTF
//   needs inner < outer). A write spells falloff_exponent = 1 - inner / outer.
// - Direction: a COLLADA directional or spot light shines down its node's -Z, as a glTF one does,
//   so the node's transform carries over unchanged.
// - The write spells what it computes (colour, angle, exponent) to 15 significant digits, so that
//   a document's own numbers come back as it spelled them.
// - What this loses (attenuation other than (0, 0, 1), a clamped angle or exponent, a colour the
//   inverse does not spell back) is kept in the light's extras["collada"] and written
//   back as it was while the glTF terms still agree with it.
#pragma once

#include <array>
#include <optional>

#include "polyxios/scene/light.h"

namespace px::collada {

// A <light>'s <technique_common> terms (defaults as the schema's).
struct ColladaLightTerms {
  LightType type = LightType::kPoint;
  std::array<double, 3> color{0, 0, 0};
  double constant = 1;
  double linear = 0;
  double quadratic = 0;
  double falloff_angle = 180;  // degrees, the full cone
  double falloff_exponent = 0;
};

// The glTF terms the common profile has no slot for, in <extra><technique profile="polyxios">.
struct PolyxiosLightTerms {
  std::optional<double> intensity;
  std::optional<double> range;
};

// The light the terms describe. The terms must be finite, the attenuation terms at least 0 with a
// positive sum and the falloff angle positive (the reader skips a light that breaks this).
// extras["collada"] holds whatever of `terms` collada_terms would not spell back exactly.
Light light_from_collada(const ColladaLightTerms& terms, const PolyxiosLightTerms& extra);

struct ColladaLight {
  ColladaLightTerms terms;
  PolyxiosLightTerms extra;
};
// The COLLADA spelling of a light: its extras["collada"] originals while light_from_collada of
// them still gives the light's glTF terms, else derived from those terms by the rule above.
ColladaLight collada_terms(const Light& light);

// The light's extras without the "collada" originals (null when nothing else is left).
Value extras_without_originals(const Value& extras);

}  // namespace px::collada
