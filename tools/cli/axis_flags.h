// convert's and batch's --up-axis x|y|z, --meters and --bake-transforms (polyxios/ops/axis_unit.h),
// which apply_axis_unit (polyxios/polyxios.h) runs between a read and its write.
#pragma once

#include <string>

#include "polyxios/ops/axis_unit.h"
#include "tools/cli/command_line.h"

namespace px::cli {

// The flags the parser must know: switches, then options taking a value.
inline const char* const kAxisSwitches[] = {"--meters", "--bake-transforms"};
inline const char* const kAxisOptions[] = {"--up-axis"};

// Sets target from the flags; the usage error, empty when they fit. --bake-transforms says how
// --up-axis or --meters applies, so it needs one of them.
std::string set_axis_unit(const CommandLine& args, AxisUnitTarget& target);

}  // namespace px::cli
