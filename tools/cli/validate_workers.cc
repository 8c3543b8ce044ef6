#include "tools/cli/validate_workers.h"

#include <optional>
#include <vector>

namespace px::cli {
namespace {

// A line crosses from the worker as its verdict's digit, its exit code's digit, then its text.
std::string encode(const PrintedLine& printed) {
  return std::to_string(static_cast<int>(printed.verdict)) + std::to_string(printed.exit_code) +
         printed.line;
}

std::optional<PrintedLine> decode(const std::string& text) {
  if (text.size() < 2 || text[0] < '0' || text[0] > '2' || text[1] < '0' || text[1] > '9') {
    return std::nullopt;
  }
  return PrintedLine{text.substr(2), static_cast<Verdict>(text[0] - '0'), text[1] - '0'};
}

}  // namespace

absl::StatusOr<int> validate_in_workers(size_t n, int workers, double timeout_seconds,
                                        const LineOfAsset& line_of, const LineOfLost& lost,
                                        const EmitLine& emit) {
  // validate -v's lines go straight to stderr, which the workers share: no notes.
  WorkerPool pool(workers, WorkerLimits{timeout_seconds, 0},
                  [&](size_t job, std::string& result, const SendNote&) {
                    PrintedLine printed = line_of(job);
                    result = encode(printed);
                    return printed.exit_code;
                  });
  std::vector<std::optional<PrintedLine>> done(n);
  size_t next_start = 0;
  size_t next_emit = 0;
  while (next_emit < n) {
    if (int signal = WorkerPool::stop_signal(); signal != 0) {
      pool.kill_all();
      while (!pool.idle()) pool.wait(100);
      return signal;
    }
    while (next_start < n && !pool.full()) {
      if (absl::Status s = pool.start(next_start); !s.ok()) return s;
      ++next_start;
    }
    for (const FinishedJob& job : pool.wait(1000)) {
      std::optional<PrintedLine> printed = job.timed_out ? std::nullopt : decode(job.result);
      done[job.job] = printed ? *std::move(printed) : lost(job.job, job);
    }
    for (; next_emit < n && done[next_emit]; ++next_emit) {
      emit(*done[next_emit]);
      done[next_emit].reset();
    }
  }
  return 0;
}

}  // namespace px::cli
