// The warning and refusal codes the glTF reader and writer emit (gltf.*). Sorted, each once; the
// CLI's known list (tools/cli/known_codes.h) is assembled from this list and the others beside
// each module, and validate_known_codes_test fails when a code formats/gltf spells is in none of
// them.
#pragma once

#include <span>
#include <string_view>

namespace px::gltf {

std::span<const std::string_view> codes();

}  // namespace px::gltf
