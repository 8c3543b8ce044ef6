// Phong and blinn's <shininess> exponent and glTF's roughness, both ways: the Blinn-Phong lobe of
// exponent n is about the microfacet one of alpha^2 = 2 / (n + 2), and glTF's roughness is
// alpha's square root, so roughness = (2 / (n + 2))^(1/4). A write spells the exponent of a
// roughness of at least 0.01 (the exponent grows without bound as the roughness goes to 0).
#pragma once

#include <algorithm>
#include <cmath>

namespace px::collada {

// The roughness of exponent n, which must be finite and at least 0 (0 gives roughness 1).
inline double roughness_from_shininess(double n) { return std::pow(2 / (n + 2), 0.25); }

inline double shininess_from_roughness(double roughness) {
  return 2 / std::pow(std::max(roughness, 0.01), 4) - 2;
}

}  // namespace px::collada
