// The warning and refusal codes the COLLADA reader and writer emit (collada.*; its XML and number
// parsing, read/xml/, xml.* and number.not-a-number), and those they
// build at run time from a fixed set of words (marked): "collada.node.second-" + "camera" or
// "light" (read/nodes.cc), and "collada." + a semantic + ".duplicate-set" (read/mesh_inputs.cc)
// for COLLADA's geometry semantics. Sorted, each once; the CLI's known list
// (tools/cli/known_codes.h) is assembled from this list and the others beside each module, and
// validate_known_codes_test fails when a code formats/collada spells is in none of them.
#pragma once

#include <span>
#include <string_view>

namespace px::collada {

std::span<const std::string_view> codes();

}  // namespace px::collada
