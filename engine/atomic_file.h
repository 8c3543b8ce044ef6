// Output that appears whole or not at all: bytes go to a temporary file beside the target, which
// is renamed into place by commit(). A file never committed is removed when the object dies.
// Where the file system allows, the temporary has no name until commit() (O_TMPFILE), so a
// process killed mid-write (a batch worker past its timeout, kill -9) leaves nothing behind;
// elsewhere it leaves its named temporary, for remove_temporaries_of.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace px {

// A named temporary is ".<name>.polyxios-tmp-<n>" beside the target, <name> the target's file
// name: hidden, and recognisable as whose it is. n is the lowest free from 0 (an unnamed one is
// named only for the instant between its link and its rename onto an existing target), so one
// writer's temporaries of a target run from 0 without a gap.
std::filesystem::path temporary_path(const std::filesystem::path& target, int n);

// Removes the target's temporaries, a few unlinks and no folder scan. convert and a batch's
// worker call it before they write an output (a process killed writing it may have left them),
// and a batch for an output whose worker it killed.
void remove_temporaries_of(const std::filesystem::path& target);

// Every AtomicFile from now on takes a named temporary from the start, as on a file system
// without O_TMPFILE: for tests of what a killed writer leaves there (the CLI sets it when
// PX_TEST_NAMED_TEMPORARIES=1).
void use_named_temporaries(bool named);

class AtomicFile {
 public:
  static absl::StatusOr<AtomicFile> create(const std::filesystem::path& target);

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&&) = delete;
  AtomicFile(const AtomicFile&) = delete;
  ~AtomicFile();

  absl::Status write(std::string_view bytes);
  absl::Status write(const void* data, size_t size) {
    return write(std::string_view(static_cast<const char*>(data), size));
  }
  // Flushes, closes and renames the temporary onto the target.
  absl::Status commit();

  const std::filesystem::path& target() const { return target_; }

 private:
  AtomicFile(std::filesystem::path target, std::filesystem::path temp, std::FILE* file)
      : target_(std::move(target)), temp_(std::move(temp)), file_(file) {}
  void discard();
  // Links the unnamed temporary in as the target when there is none, else under a temporary
  // name beside it (temp_) for the rename.
  absl::Status link_unnamed(bool* is_target);

  std::filesystem::path target_;
  std::filesystem::path temp_;  // empty while the temporary is unnamed
  std::FILE* file_ = nullptr;
  bool failed_ = false;
};

}  // namespace px
