// validate --timeout: the assets are validated in worker processes (worker_pool.h), as batch
// converts them, so that one running past the timeout is stopped (its worker killed) and reported
// as timed out while the others go on; a crash ends its worker alone too. The lines still come in
// input order.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "tools/cli/validate_report.h"
#include "tools/cli/worker_pool.h"

namespace px::cli {

// What validate prints for one asset, and what it makes of the exit code.
struct PrintedLine {
  std::string line;
  Verdict verdict = Verdict::kOk;
  int exit_code = 0;
};

// Asset i's line, made in a worker.
using LineOfAsset = std::function<PrintedLine(size_t asset)>;
// The line of an asset whose worker ended without answering (stopped at the timeout, crashed).
using LineOfLost = std::function<PrintedLine(size_t asset, const FinishedJob& job)>;
using EmitLine = std::function<void(const PrintedLine&)>;

// Validates assets 0..n-1 on `workers` workers, each asset stopped after timeout_seconds, and
// emits their lines in input order. Gives the signal (SIGINT, SIGTERM) that stopped it, else 0.
absl::StatusOr<int> validate_in_workers(size_t n, int workers, double timeout_seconds,
                                        const LineOfAsset& line_of, const LineOfLost& lost,
                                        const EmitLine& emit);

}  // namespace px::cli
