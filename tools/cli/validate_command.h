// polyxios validate PATH...: every asset read and converted in memory, graded by a code policy.
#pragma once

#include "tools/cli/command_line.h"

namespace px::cli {

FlagSpec validate_flags();
int run_validate(int argc, char** argv);

}  // namespace px::cli
