// Compares two scenes as decoded values, not bytes: every mesh column and cell, node transforms
// and extras, materials, textures, images, skins with their inverse bind matrices and the
// document's global attributes (animations with their keys; the asset but for its generator),
// numbers within a relative tolerance.
// Returns the differences found, each naming where, empty when the scenes agree.
#pragma once

#include <string>
#include <vector>

#include "polyxios/scene/scene.h"

namespace px::testing {

std::vector<std::string> scene_differences(const Scene& a, const Scene& b, double tolerance = 1e-6);

}  // namespace px::testing
