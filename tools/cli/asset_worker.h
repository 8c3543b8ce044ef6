// What a batch worker does with one asset: converts it and gives its record (an AssetRecord's
// JSON line, without the parent's timing); and how the batch reads a finished job.
#pragma once

#include <filesystem>
#include <string>

#include "polyxios/ops/axis_unit.h"
#include "polyxios/options.h"
#include "tools/cli/batch_plan.h"
#include "tools/cli/worker_process.h"

namespace px::cli {

struct ConvertSettings {
  std::filesystem::path out;  // OUT
  ReadOptions read;
  WriteOptions write;
  AxisUnitTarget axis_unit;  // --up-axis, --meters, --bake-transforms
};

// Puts the record in `result` and returns the exit code `polyxios convert` would give. Everything
// it uses beyond the read-only job and settings (diagnostics, the scene) is its own, so nothing
// carries over from one asset to the next in a worker. With `note` (batch -v), each warning and
// note is sent as it is raised: "polyxios: batch: warning: PATH: CODE: MESSAGE (line N)".
int convert_in_worker(const BatchJob& job, const ConvertSettings& settings, std::string& result,
                      const SendNote& note = nullptr);

// The record the parent keeps for a finished worker: what it wrote, else what its exit tells
// (0 converted, 2 refused, 3 I/O, 5 memory, a signal or anything else crashed), and a kill at
// the deadline as a timeout.
AssetRecord record_of_finished(const BatchJob& job, const std::string& result, int wait_status,
                               bool timed_out);

}  // namespace px::cli
