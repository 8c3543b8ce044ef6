// The body of a batch worker: converts one asset in the child process and writes its record
// (an AssetRecord's JSON line, without the parent's timing) to the result pipe.
#pragma once

#include <filesystem>

#include "engine/options.h"
#include "tools/cli/batch_plan.h"

namespace px::cli {

struct ConvertSettings {
  std::filesystem::path out;  // OUT
  ReadOptions read;
  WriteOptions write;
};

// Returns the exit code `polyxios convert` would give.
int convert_in_worker(const BatchJob& job, const ConvertSettings& settings, int result_fd);

// The record the parent keeps for a finished worker: what it wrote, else what its exit tells
// (0 converted, 2 refused, 3 I/O, 5 memory, a signal or anything else crashed), and a kill at
// the deadline as a timeout.
AssetRecord record_of_finished(const BatchJob& job, const std::string& result, int wait_status,
                               bool timed_out);

}  // namespace px::cli
