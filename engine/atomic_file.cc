#include "engine/atomic_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {

absl::StatusOr<AtomicFile> AtomicFile::create(const std::filesystem::path& target) {
  std::string pattern = cat(target.string(), ".tmp-XXXXXX");
  int fd = mkstemp(pattern.data());
  if (fd < 0) {
    return io_error(cat("cannot create ", target.string(), ": ", std::strerror(errno)));
  }
  std::FILE* file = fdopen(fd, "wb");
  if (file == nullptr) {
    ::close(fd);
    ::unlink(pattern.c_str());
    return io_error(cat("cannot open ", pattern, ": ", std::strerror(errno)));
  }
  return AtomicFile(target, pattern, file);
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
    return io_error(cat("cannot write ", target_.string(), ": ", std::strerror(errno)));
  }
  return absl::OkStatus();
}

absl::Status AtomicFile::commit() {
  if (file_ == nullptr || failed_) return io_error(cat("cannot commit ", target_.string()));
  // mkstemp makes the file 0600; give the output the permissions a plain fopen would.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fileno(file_), 0666 & ~mask);
  bool ok = std::fflush(file_) == 0;
  ok = (std::fclose(file_) == 0) && ok;
  file_ = nullptr;
  if (!ok) {
    discard();
    return io_error(cat("cannot write ", target_.string(), ": ", std::strerror(errno)));
  }
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) {
    std::string why = std::strerror(errno);
    discard();
    return io_error(cat("cannot rename onto ", target_.string(), ": ", why));
  }
  temp_.clear();
  return absl::OkStatus();
}

}  // namespace px
