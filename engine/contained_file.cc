#include "engine/contained_file.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {
namespace {

namespace fs = std::filesystem;

// Non-blocking until fstat has said what the file is: a FIFO's open would otherwise wait for a
// writer. No controlling terminal from a tty either.
constexpr int kOpenFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;

std::string_view kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Closes the descriptor unless released.
struct FdGuard {
  int fd;
  ~FdGuard() {
    if (fd >= 0) ::close(fd);
  }
  int release() { return std::exchange(fd, -1); }
};

absl::Status errno_status(int error, const fs::path& path) {
  switch (error) {
    case ENOENT:
    case ENOTDIR:
      return absl::NotFoundError(cat(path.string(), " was not found"));
    case EXDEV:
      return absl::PermissionDeniedError(cat(path.string(), " leads outside the folder"));
    default:
      return io_error("cannot open", path.string(), error);
  }
}

// The opened descriptor as a RegularFile: refused (FailedPrecondition) when it is another kind,
// else made blocking again for its reads.
absl::StatusOr<RegularFile> regular(int fd, const fs::path& path) {
  FdGuard guard{fd};
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    return io_error("cannot read", path.string(), errno);
  }
  if (!S_ISREG(st.st_mode)) {
    return absl::FailedPreconditionError(
        cat(path.string(), " is ", kind_of(st.st_mode), ", not a regular file"));
  }
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return RegularFile(guard.release(), static_cast<uint64_t>(st.st_size), path);
}

bool is_beneath(const fs::path& path, const fs::path& folder) {
  auto [end, _] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return end == folder.end() && path != folder;
}

// The kernel's own judgement of each component; -1 with errno ENOSYS where it has no openat2 (or a
// seccomp filter refuses it, EPERM).
int open_beneath(int folder_fd, const fs::path& relative) {
#ifdef SYS_openat2
  struct open_how how {};
  how.flags = static_cast<uint64_t>(kOpenFlags);
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  const long fd = ::syscall(SYS_openat2, folder_fd, relative.c_str(), &how, sizeof how);
  if (fd < 0 && errno == EPERM) errno = ENOSYS;
  return static_cast<int>(fd);
#else
  (void)folder_fd;
  (void)relative;
  errno = ENOSYS;
  return -1;
#endif
}

}  // namespace

RegularFile::RegularFile(RegularFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), size_(other.size_), path_(std::move(other.path_)) {}

RegularFile& RegularFile::operator=(RegularFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    size_ = other.size_;
    path_ = std::move(other.path_);
  }
  return *this;
}

RegularFile::~RegularFile() {
  if (fd_ >= 0) ::close(fd_);
}

absl::StatusOr<std::string> RegularFile::read_at(uint64_t offset, size_t size) const {
  std::string out(size, '\0');
  int error = 0;
  out.resize(read_into(offset, out.data(), size, &error));
  if (error != 0) return io_error("cannot read", path_.string(), error);
  return out;
}

size_t RegularFile::read_into(uint64_t offset, void* buffer, size_t size,
                              int* error) const noexcept {
  if (error != nullptr) *error = 0;
  size_t got = 0;
  while (got < size) {
    const ssize_t n =
        ::pread(fd_, static_cast<char*>(buffer) + got, std::min<size_t>(size - got, 1u << 30),
                static_cast<off_t>(offset + got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && error != nullptr) *error = errno;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  return got;
}

absl::StatusOr<RegularFile> open_regular_file(const fs::path& path) {
  const int fd = ::open(path.c_str(), kOpenFlags);
  if (fd < 0) return io_error("cannot open", path.string(), errno);
  absl::StatusOr<RegularFile> file = regular(fd, path);
  if (file.ok() || file.status().code() != absl::StatusCode::kFailedPrecondition) return file;
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    return io_error("cannot read", path.string(), EISDIR, "it is a directory");
  }
  return refuse("input.not-regular",
                cat(std::string(file.status().message()), ", and is not read"));
}

absl::StatusOr<RegularFile> open_contained_file(const fs::path& folder, const fs::path& path,
                                                bool allow_external) {
  if (allow_external) {
    const int fd = ::open(path.c_str(), kOpenFlags);
    if (fd < 0) return errno_status(errno, path);
    return regular(fd, path);
  }
  const fs::path base = folder.empty() ? fs::path(".") : folder.lexically_normal();
  const fs::path relative = path.lexically_normal().lexically_relative(base);
  if (relative.empty() || relative.is_absolute() || *relative.begin() == ".." || relative == ".") {
    return absl::PermissionDeniedError(cat(path.string(), " leads outside the folder"));
  }
  const int folder_fd = ::open(base.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (folder_fd < 0) return errno_status(errno, base);
  FdGuard folder_guard{folder_fd};
  const int fd = open_beneath(folder_fd, relative);
  if (fd < 0 && errno == ENOSYS) return open_contained_by_realpath(base, path);
  if (fd < 0) return errno_status(errno, path);
  return regular(fd, path);
}

absl::StatusOr<RegularFile> open_contained_by_realpath(const fs::path& folder,
                                                       const fs::path& path) {
  auto real = [](const fs::path& p) -> std::unique_ptr<char, decltype(&std::free)> {
    return {::realpath(p.c_str(), nullptr), &std::free};
  };
  const auto real_folder = real(folder.empty() ? fs::path(".") : folder);
  if (real_folder == nullptr) return errno_status(errno, folder);
  const auto real_path = real(path);
  if (real_path == nullptr) return errno_status(errno, path);
  if (!is_beneath(fs::path(real_path.get()), fs::path(real_folder.get()))) {
    return absl::PermissionDeniedError(cat(path.string(), " leads outside the folder"));
  }
  // A symlink put in the last component's place since realpath is not followed.
  const int fd = ::open(real_path.get(), kOpenFlags | O_NOFOLLOW);
  if (fd < 0) return errno_status(errno, path);
  return regular(fd, path);
}

}  // namespace px
