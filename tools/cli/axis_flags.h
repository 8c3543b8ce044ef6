// convert's and batch's --up-axis x|y|z, --meters and --bake-transforms (model/axis_unit.h), and
// the pass run between a read and its write, its notes reported as warnings.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "engine/diagnostics.h"
#include "model/axis_unit.h"
#include "model/scene.h"
#include "tools/cli/command_line.h"

namespace px::cli {

// The flags the parser must know: switches, then options taking a value.
inline const char* const kAxisSwitches[] = {"--meters", "--bake-transforms"};
inline const char* const kAxisOptions[] = {"--up-axis"};

// Sets target from the flags; the usage error, empty when they fit. --bake-transforms says how
// --up-axis or --meters applies, so it needs one of them.
std::string set_axis_unit(const CommandLine& args, AxisUnitTarget& target);

// The pass over a scene just read, when the target asks for any (notes become warnings). Its new
// arrays are charged to the read's memory budget: past it, the refusal limits.memory.
absl::Status apply_axis_unit(Scene& scene, const AxisUnitTarget& target,
                             Diagnostics& diagnostics);

}  // namespace px::cli
