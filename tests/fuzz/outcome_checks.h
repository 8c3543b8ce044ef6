// What every fuzz target and sweep asks of a read or a write, whatever the input: a refusal is an
// InvalidArgument (ResourceExhausted past a budget) whose message opens with a known rule code
// (`gltf.glb.length: ...`), and every warning has a known code (tools/cli/known_codes.h).
#pragma once

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "polyxios/diagnostics.h"

namespace px::fuzz {

// Empty when status is such a refusal; else what is wrong with it.
std::string refusal_problem(const absl::Status& status);
// Empty when every entry has a known code; else the first unknown one.
std::string unknown_warning(const Diagnostics& diagnostics);

// fail() unless status is OK or such a refusal, and unless every warning is known.
void expect_clean_outcome(const absl::Status& status, const Diagnostics& diagnostics,
                          std::string_view stage);

}  // namespace px::fuzz
