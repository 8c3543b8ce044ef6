// Every file polyxios opens on behalf of an input: the input itself, and what it names (a glTF
// buffer or image, a COLLADA image or other document). A file is opened only when it is a regular
// file (a FIFO would block the read for ever, a device such as /dev/zero never ends), and its kind
// is learnt without blocking: the open is O_NONBLOCK until fstat has said it is regular. A file an
// input names is opened only where its path really leads beneath the input's folder: neither
// ".." nor a symlink may take it out (unless external files are allowed). Where the kernel has
// openat2 (Linux 5.6), RESOLVE_BENEATH judges each component as it is followed; elsewhere (ENOSYS,
// or a seccomp filter refusing the call) the path is resolved with realpath and judged, and the
// file it leads to opened with O_NOFOLLOW.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "absl/status/statusor.h"

namespace px {

// An open regular file: its descriptor (closed with the object), its size when it was opened and
// its path, for messages.
class RegularFile {
 public:
  RegularFile() = default;
  RegularFile(int fd, uint64_t size, std::filesystem::path path)
      : fd_(fd), size_(size), path_(std::move(path)) {}
  RegularFile(RegularFile&& other) noexcept;
  RegularFile& operator=(RegularFile&& other) noexcept;
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;
  ~RegularFile();

  int fd() const { return fd_; }
  uint64_t size() const { return size_; }
  const std::filesystem::path& path() const { return path_; }

  // Up to `size` bytes from `offset` (fewer at the end of the file). Reading a file's size() from
  // 0 reads it as it was at the open, however it grows meanwhile.
  absl::StatusOr<std::string> read_at(uint64_t offset, size_t size) const;
  // Up to `size` bytes from `offset` into `buffer`, with no allocation (for C callbacks): how many
  // were read, fewer at the end of the file or where a read failed, its errno then in `*error`
  // when given (0 else).
  size_t read_into(uint64_t offset, void* buffer, size_t size, int* error = nullptr) const noexcept;

 private:
  int fd_ = -1;
  uint64_t size_ = 0;
  std::filesystem::path path_;
};

// A file the user named (an input, a config, a manifest): a symlink is followed, since the user
// chose it. Not there, or unreadable: an I/O error ("cannot open PATH: ..."), a folder too ("cannot
// read PATH: it is a directory"); any other kind of file is refused (input.not-regular).
absl::StatusOr<RegularFile> open_regular_file(const std::filesystem::path& path);

// A file an input names: `path` as resolve_file_uri gives it (engine/file_uri.h), the input's
// `folder` joined with the URI's path. Unless allow_external, its path must stay beneath folder
// through every ".." and symlink. The status says why it was not opened, each caller naming its
// own rule:
//   NotFound            it is not there;
//   PermissionDenied    it leads outside the folder (through ".." or a symlink);
//   FailedPrecondition  it is not a regular file (a directory, a FIFO, a device, a socket);
//   Unavailable         it cannot be opened (permissions, a loop of symlinks, an I/O error).
absl::StatusOr<RegularFile> open_contained_file(const std::filesystem::path& folder,
                                                const std::filesystem::path& path,
                                                bool allow_external);

// The fallback of open_contained_file where the kernel has no openat2, open to tests on kernels
// that have it.
absl::StatusOr<RegularFile> open_contained_by_realpath(const std::filesystem::path& folder,
                                                       const std::filesystem::path& path);

}  // namespace px
