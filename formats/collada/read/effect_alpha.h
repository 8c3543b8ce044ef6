// The glTF alpha of a common-profile effect: its diffuse alpha times what its <transparent> and
// <transparency> give under the <transparent>'s opaque mode (spec collada.md, materials). One rule
// for the static material (materials.cc) and its animated alpha (parameter_channels.cc).
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace px::collada {

struct TransparencyTerms {
  double diffuse_alpha = 1;  // finite
  // The <transparent> colour, when the effect has one read as a colour.
  std::optional<std::array<double, 4>> transparent;
  double factor =
      1;  // <transparency>; NaN when it is not finite (the colour then counts for nothing)
  std::string_view mode = "A_ONE";  // A_ONE, A_ZERO, RGB_ZERO or RGB_ONE
};

// The alpha in [0, 1]. *opaque_exception is set when SketchUp's opaque spelling (A_ONE, a white
// colour and transparency 0) was read as opaque.
double effect_alpha(const TransparencyTerms& terms, bool* opaque_exception);

}  // namespace px::collada
