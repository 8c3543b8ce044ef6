#include "engine/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {
namespace {

mode_t file_mode() {
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

std::atomic<bool> named_temporaries{false};

// An unnamed file in the target's folder, or -1 where the kernel or file system has none (or
// named temporaries are asked for).
int open_unnamed(const std::filesystem::path& target) {
#ifdef O_TMPFILE
  if (named_temporaries.load(std::memory_order_relaxed)) return -1;
  std::filesystem::path folder = target.parent_path();
  if (folder.empty()) folder = ".";
  return ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, file_mode());
#else
  (void)target;
  return -1;
#endif
}

constexpr int kAttempts = 100;

}  // namespace

std::filesystem::path temporary_path(const std::filesystem::path& target, int n) {
  return target.parent_path() / cat(".", target.filename().string(), ".polyxios-tmp-", n);
}

void remove_temporaries_of(const std::filesystem::path& target) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    if (::unlink(temporary_path(target, attempt).c_str()) != 0 && errno == ENOENT) return;
  }
}

void use_named_temporaries(bool named) {
  named_temporaries.store(named, std::memory_order_relaxed);
}

absl::StatusOr<AtomicFile> AtomicFile::create(const std::filesystem::path& target) {
  std::string temp;
  int fd = open_unnamed(target);
  for (int attempt = 0; fd < 0 && attempt < kAttempts; ++attempt) {
    temp = temporary_path(target, attempt).string();
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    return io_error("cannot create", target.string(), errno);
  }
  std::FILE* file = fdopen(fd, "wb");
  if (file == nullptr) {
    const int error = errno;
    ::close(fd);
    if (!temp.empty()) ::unlink(temp.c_str());
    return io_error("cannot open a temporary for", target.string(), error);
  }
  return AtomicFile(target, temp, file);
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : target_(std::move(other.target_)),
      temp_(std::move(other.temp_)),
      file_(other.file_),
      failed_(other.failed_) {
  other.file_ = nullptr;
  other.temp_.clear();
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
  if (file_ != nullptr) {
    std::fclose(file_);
    file_ = nullptr;
  }
  if (!temp_.empty()) {
    std::error_code ignored;
    std::filesystem::remove(temp_, ignored);
    temp_.clear();
  }
}

absl::Status AtomicFile::write(std::string_view bytes) {
  if (file_ == nullptr || failed_) return io_error(cat("write after failure: ", target_.string()));
  if (bytes.empty()) return absl::OkStatus();
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    failed_ = true;
    return io_error("cannot write", target_.string(), errno);
  }
  return absl::OkStatus();
}

absl::Status AtomicFile::link_unnamed(bool* is_target) {
  // linkat with AT_EMPTY_PATH needs a capability; the /proc link of the descriptor does not.
  std::string self = cat("/proc/self/fd/", fileno(file_));
  *is_target = ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, target_.c_str(), AT_SYMLINK_FOLLOW) == 0;
  if (*is_target) return absl::OkStatus();
  for (int attempt = 0; errno == EEXIST && attempt < kAttempts; ++attempt) {
    std::filesystem::path name = temporary_path(target_, attempt);
    if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
      temp_ = name;
      return absl::OkStatus();
    }
  }
  return io_error("cannot name the output", target_.string(), errno);
}

absl::Status AtomicFile::commit() {
  if (file_ == nullptr || failed_) return io_error(cat("cannot commit ", target_.string()));
  // mkstemp makes the file 0600; give the output the permissions a plain fopen would.
  fchmod(fileno(file_), file_mode());
  bool ok = std::fflush(file_) == 0;
  if (ok && temp_.empty()) {
    bool is_target = false;
    if (absl::Status linked = link_unnamed(&is_target); !linked.ok()) {
      discard();
      return linked;
    }
    if (is_target) {  // a new file: in place whole, nothing to rename
      bool closed = std::fclose(file_) == 0;
      file_ = nullptr;
      if (closed) return absl::OkStatus();
      const int error = errno;
      std::error_code ignored;
      std::filesystem::remove(target_, ignored);
      return io_error("cannot write", target_.string(), error);
    }
  }
  ok = (std::fclose(file_) == 0) && ok;
  file_ = nullptr;
  if (!ok) {
    const int error = errno;
    discard();
    return io_error("cannot write", target_.string(), error);
  }
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) {
    const int error = errno;
    discard();
    return io_error("cannot rename onto", target_.string(), error);
  }
  temp_.clear();
  return absl::OkStatus();
}

}  // namespace px
