// polyxios merge-reports: batch reports (one per shard, or a run and its resumes) folded into
// one summary.
#pragma once

#include "tools/cli/command_line.h"

namespace px::cli {

FlagSpec merge_reports_flags();
int run_merge_reports(int argc, char** argv);

}  // namespace px::cli
