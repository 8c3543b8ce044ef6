// The codes the public API's own code emits (formats/polyxios.cc): format.*, read.* and the glTF
// stream refusal; the readers' and writers' are their formats' (formats/collada/codes.h,
// formats/gltf/codes.h). Sorted, each once; the CLI's known list (tools/cli/known_codes.h) is
// assembled from the lists beside each module, and validate_known_codes_test fails when a code
// formats/polyxios.cc spells is in none of them or of the modules below it.
#pragma once

#include <span>
#include <string_view>

namespace px {

std::span<const std::string_view> api_codes();

}  // namespace px
