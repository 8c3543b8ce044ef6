// polyxios merge-reports: batch reports (one per shard, or a run and its resumes) folded into
// one summary.
#pragma once

namespace px::cli {

int run_merge_reports(int argc, char** argv);

}  // namespace px::cli
