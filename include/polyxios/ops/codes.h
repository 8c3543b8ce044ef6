// The warning codes model/ emits: scene.axis.* (axis and unit), and those of the scene operations
// a writer runs (animation baking, node rebuild), which warn under that writer's prefix
// (gltf.write.*, collada.write.*). Sorted, each once; the CLI's known list
// (tools/cli/known_codes.h) is assembled from this list and the others beside each module, and
// validate_known_codes_test fails when a code model/ spells is in none of them.
#pragma once

#include <span>
#include <string_view>

namespace px {

std::span<const std::string_view> model_codes();

}  // namespace px
