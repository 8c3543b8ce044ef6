// polyxios batch SRC OUT: every asset under a folder converted in worker processes.
#pragma once

#include "tools/cli/command_line.h"

namespace px::cli {

FlagSpec batch_flags();
int run_batch(int argc, char** argv);

}  // namespace px::cli
