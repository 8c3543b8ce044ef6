// polyxios info IN [--json] [conversion options]: what a file holds and the bytes of it and of
// the output the options would write, as text or as one JSON object (info_json.h).
#pragma once

#include "tools/cli/command_line.h"

namespace px::cli {

FlagSpec info_flags();
int run_info(int argc, char** argv);

}  // namespace px::cli
