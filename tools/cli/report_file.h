// The JSON Lines report a batch appends to (--report): one write per record, so that a batch
// killed at any moment leaves whole lines; a write the disk refuses part of (ENOSPC, a file size
// limit) is taken back, and the error names its real cause; a report reopened by --resume loses
// the cut line a run stopped while writing left, so that the next record starts a line of its own.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "tools/cli/batch_report.h"

namespace px::cli {

class ReportFile {
 public:
  ReportFile() = default;
  ~ReportFile();
  ReportFile(const ReportFile&) = delete;
  ReportFile& operator=(const ReportFile&) = delete;

  // An empty path: no report, every add() a no-op. append: keep what the file holds (less a cut
  // last line), else start it empty.
  absl::Status open(const std::string& path, bool append);
  absl::Status add(const AssetRecord& record);

 private:
  int fd_ = -1;
  std::string path_;
};

}  // namespace px::cli
