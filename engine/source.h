// Chunked input: a file, a gzip-compressed file, or bytes in memory. Readers pull blocks and
// never need the whole input in memory.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace px {

class Source {
 public:
  virtual ~Source() = default;
  // Reads up to size bytes into buffer; 0 at the end. An I/O failure is an Unavailable status.
  virtual absl::StatusOr<size_t> read(char* buffer, size_t size) = 0;
  // An upper bound on the bytes read() will yield, for budget checks before allocating.
  virtual uint64_t size_bound() const = 0;
  // How far through the input the first `bytes_read` bytes read() gave are, in [0, 1], for
  // progress: their part of size_bound(), or for a .gz the part of the file inflated so far.
  virtual double fraction_read(uint64_t bytes_read) const;
  // The file read, empty for memory input; relative URIs resolve against its folder.
  virtual std::filesystem::path path() const { return {}; }
  // The folder relative URIs resolve against: "." for a file named without one, empty for a
  // source with no path.
  std::filesystem::path base_dir() const {
    std::filesystem::path p = path();
    if (p.empty()) return {};
    return p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
  }
  // A name for messages: the path, or "<memory>".
  virtual std::string name() const = 0;
  // A new source reading the same bytes from their start (the file opened again), for a reader
  // that must read twice; FailedPrecondition for a source that cannot be read again.
  virtual absl::StatusOr<std::unique_ptr<Source>> reopen() const;
};

// Opens a file; one starting with the gzip magic is decompressed as it is read.
absl::StatusOr<std::unique_ptr<Source>> open_file_source(const std::filesystem::path& path);
std::unique_ptr<Source> memory_source(std::string_view bytes);
// A source that reads through `source` without owning it, for wrappers that take ownership.
std::unique_ptr<Source> borrowed_source(Source& source);

// Reads the first bytes of a file (for format detection by magic); fewer at the end of the file.
absl::StatusOr<std::string> read_file_prefix(const std::filesystem::path& path, size_t max_bytes);
absl::StatusOr<std::string> read_whole_file(const std::filesystem::path& path);

}  // namespace px
