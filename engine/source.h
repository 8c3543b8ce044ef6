// Chunked input: a file, a gzip-compressed COLLADA document, or bytes in memory. Readers pull
// blocks and never need the whole input in memory.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/contained_file.h"

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

// A Source passing every call on to another that it borrows (which must outlive it); a decorator
// derives from it and overrides what it changes.
class ForwardingSource : public Source {
 public:
  explicit ForwardingSource(Source& source) : source_(source) {}
  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    return source_.read(buffer, size);
  }
  uint64_t size_bound() const override { return source_.size_bound(); }
  double fraction_read(uint64_t bytes_read) const override {
    return source_.fraction_read(bytes_read);
  }
  std::filesystem::path path() const override { return source_.path(); }
  std::string name() const override { return source_.name(); }
  absl::StatusOr<std::unique_ptr<Source>> reopen() const override { return source_.reopen(); }

 protected:
  Source& source() const { return source_; }

 private:
  Source& source_;
};

// A COLLADA document's bytes from an open file: one starting with the gzip magic is inflated as it
// is read (a reader meters what it inflates: engine/metered_source.h). Only a COLLADA document is
// ever gzip: glTF documents, buffers and images are read as the bytes they are.
std::unique_ptr<Source> open_file_source(RegularFile file);
// The same for a file the user named (open_regular_file).
absl::StatusOr<std::unique_ptr<Source>> open_file_source(const std::filesystem::path& path);
std::unique_ptr<Source> memory_source(std::string_view bytes);
// A source that reads through `source` without owning it, for wrappers that take ownership.
std::unique_ptr<Source> borrowed_source(Source& source);

// The bytes of a file the user named (a config, a manifest), as they are.
absl::StatusOr<std::string> read_whole_file(const std::filesystem::path& path);

}  // namespace px
