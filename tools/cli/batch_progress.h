// What a running batch shows on stderr: a bar redrawn in place on a terminal (as wide as the
// terminal, the last asset's path cut to fit), a plain line every interval otherwise (a CI log,
// kubectl logs), one JSON object per asset done with --progress json, nothing with --quiet.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "tools/cli/batch_report.h"

namespace px::cli {

// The columns of the terminal on fd (TIOCGWINSZ), else $COLUMNS, else 80.
int terminal_columns(int fd);

// "1,279": digits in groups of three.
std::string with_thousands(int64_t n);

class BatchProgress {
 public:
  enum class Mode { kNone, kBar, kLines, kJson };

  // columns: the width a bar fits in (kBar).
  BatchProgress(Mode mode, int64_t total_files, int64_t total_bytes, double interval_seconds,
                int columns = 80, std::FILE* out = stderr);

  // One asset done (its path relative to SRC, its input's bytes): a JSON line (kJson: done,
  // total, path, outcome, failure when it failed, elapsed seconds), else a redraw if the last one
  // is older than the interval (a tenth of a second for the bar).
  void done(std::string_view path, Outcome outcome, int64_t bytes);
  // A line of its own (an asset refused or failed), above the bar; not in kNone and kJson.
  void note(const std::string& line);
  // The same in every mode (what -v asked for).
  void say(const std::string& line);
  // The first drawing, before any asset is done.
  void start();
  // The last state, and the line ended.
  void finish();

  int64_t files_done() const { return files_; }

 private:
  void draw();
  std::string bar_line() const;

  Mode mode_;
  int64_t total_files_;
  int64_t total_bytes_;
  double interval_;
  int columns_;
  std::FILE* out_;
  double started_;
  double last_drawn_ = -1;
  int64_t files_ = 0;
  int64_t bytes_ = 0;
  int64_t refused_ = 0;
  int64_t failed_ = 0;
  std::string last_path_;
};

}  // namespace px::cli
