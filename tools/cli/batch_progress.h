// What a running batch shows on stderr: a bar redrawn in place on a terminal, a plain line every
// interval otherwise (a CI log, kubectl logs), nothing with --quiet.
#pragma once

#include <cstdint>
#include <cstdio>

namespace px::cli {

class BatchProgress {
 public:
  enum class Mode { kNone, kBar, kLines };

  BatchProgress(Mode mode, int64_t total_files, int64_t total_bytes, double interval_seconds,
                std::FILE* out = stderr);

  // Redraws if the last drawing is older than the interval (a tenth of a second for the bar).
  void update(int64_t files_done, int64_t bytes_done, int64_t failures);
  // A line of its own (an asset that failed), above the bar.
  void note(const char* line);
  // The last state, and the line ended.
  void finish();

 private:
  void draw();

  Mode mode_;
  int64_t total_files_;
  int64_t total_bytes_;
  double interval_;
  std::FILE* out_;
  double started_;
  double last_drawn_ = -1;
  int64_t files_ = 0;
  int64_t bytes_ = 0;
  int64_t failures_ = 0;
};

}  // namespace px::cli
