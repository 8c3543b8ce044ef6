// A file's bytes mapped read-only (mmap, MAP_PRIVATE) instead of read into memory: a reader may
// decode straight from them, and keep views into them for as long as it holds the MappedFile.
//
// On a virtual machine the first touch of each page of a mapping is most of what reading a mapped
// file costs; warm() spreads it over a second thread, which touches the pages from the last back
// while the reader goes forward from the first.
//
// Mapped bytes are only as stable as the file: another process may cut the file short while it
// is mapped, and reading a page past the new end would raise SIGBUS. While any file is mapped, a
// SIGBUS handler maps a page of zeros over such a page and marks its file cut_short(), so that a
// reader never crashes and never reads out of bounds; a read that finds its file cut short
// afterwards reports it as an I/O failure. Faults outside the mappings go to the handler that was
// there before (or to the default action). A system call given such a page (write(2) of a view)
// fails with EFAULT instead.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <thread>

#include "absl/status/statusor.h"
#include "engine/contained_file.h"

namespace px {

class MappedFile {
 public:
  // Maps the whole of an open file as it was at its open (its size: a file that grows later is
  // read as it was). An empty file maps nothing. When every guard slot is taken (hundreds of files
  // mapped at once), the bytes are read into memory instead.
  // warm: touch the pages on a second thread (see above), when the file is large enough (8 MiB)
  // to pay for one.
  static absl::StatusOr<std::shared_ptr<const MappedFile>> map(RegularFile file, bool warm = false);
  // The same for a file the user named (open_regular_file: failures worded as
  // open_file_source's).
  static absl::StatusOr<std::shared_ptr<const MappedFile>> open(const std::filesystem::path& path,
                                                                bool warm = false);

  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  std::string_view text() const { return {reinterpret_cast<const char*>(data_), size_}; }
  // True once a page of the mapping was found past the file's end: the file was cut short while
  // mapped, and its bytes from that page on read as zeros.
  bool cut_short() const;

 private:
  MappedFile() = default;
  void warm_pages();

  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t mapped_size_ = 0;  // 0: not mapped (empty, or read into copy_)
  int slot_ = -1;           // the SIGBUS guard's slot of this mapping
  std::string copy_;
  std::thread warmer_;
  std::atomic<bool> stop_warming_{false};
};

// A whole file's bytes, mapped (warmed when `warm`), and what keeps them alive. The bytes are the
// file's as they are: a glTF document or buffer is never inflated, whatever its first bytes.
struct FileBytes {
  std::string_view bytes;
  std::shared_ptr<const void> owner;
  std::shared_ptr<const MappedFile> mapped;
  // True when the file was cut short while mapped (see MappedFile::cut_short).
  bool cut_short() const { return mapped != nullptr && mapped->cut_short(); }
};
absl::StatusOr<FileBytes> load_file(RegularFile file, bool warm = false);
// The same for a file the user named.
absl::StatusOr<FileBytes> load_file(const std::filesystem::path& path, bool warm = false);

}  // namespace px
