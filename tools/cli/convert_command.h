// polyxios convert IN OUT: one conversion, any pair of formats.
#pragma once

#include "tools/cli/command_line.h"

namespace px::cli {

FlagSpec convert_flags();
int run_convert(int argc, char** argv);

}  // namespace px::cli
