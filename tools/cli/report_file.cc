#include "tools/cli/report_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::cli {
namespace {

absl::Status report_error(std::string_view what, const std::string& path, int error) {
  return io_error(cat("cannot ", what, " the report ", path, ": ", std::strerror(error)));
}

// Where the file's last whole line ends: its size when it ends with '\n' (or is empty), else
// just past the last '\n' (0 when it holds none).
absl::StatusOr<off_t> end_of_last_line(int fd, const std::string& path) {
  struct stat st;
  if (::fstat(fd, &st) != 0) return report_error("read", path, errno);
  off_t end = st.st_size;
  char block[4096];
  while (end > 0) {
    const off_t start = end > static_cast<off_t>(sizeof block) ? end - sizeof block : 0;
    const ssize_t n = ::pread(fd, block, static_cast<size_t>(end - start), start);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return report_error("read", path, n < 0 ? errno : EIO);
    for (ssize_t i = n; i > 0; --i) {
      if (block[i - 1] == '\n') return start + i;
    }
    end = start;
  }
  return 0;
}

}  // namespace

ReportFile::~ReportFile() {
  if (fd_ >= 0) ::close(fd_);
}

absl::Status ReportFile::open(const std::string& path, bool append) {
  if (path.empty()) return absl::OkStatus();
  path_ = path;
  std::error_code ec;
  if (std::filesystem::path folder = std::filesystem::path(path).parent_path(); !folder.empty()) {
    std::filesystem::create_directories(folder, ec);
  }
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | (append ? 0 : O_TRUNC),
               0666);
  if (fd_ < 0) return report_error("open", path, errno);
  if (!append) return absl::OkStatus();
  absl::StatusOr<off_t> whole = end_of_last_line(fd_, path);
  if (!whole.ok()) return whole.status();
  struct stat st;
  if (::fstat(fd_, &st) != 0) return report_error("read", path, errno);
  if (*whole < st.st_size && ::ftruncate(fd_, *whole) != 0) {
    return report_error("repair", path, errno);
  }
  return absl::OkStatus();
}

absl::Status ReportFile::add(const AssetRecord& record) {
  if (fd_ < 0) return absl::OkStatus();
  const std::string line = to_json_line(record);
  const off_t start = ::lseek(fd_, 0, SEEK_END);
  if (start < 0) return report_error("write", path_, errno);
  size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      // A disk that took part of the line: take it back, so that the report holds whole lines.
      const int error = n < 0 ? errno : ENOSPC;
      if (written > 0 && ::ftruncate(fd_, start) != 0) {
        return io_error(cat("cannot write the report ", path_, ": ", std::strerror(error),
                            "; its last line is cut (", std::strerror(errno), ")"));
      }
      return report_error("write", path_, error);
    }
    written += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

}  // namespace px::cli
