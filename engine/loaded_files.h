// Files a read takes whole into memory (the image files a document names), each read once however
// many times the input names it: a thousand <image>s naming one file share one copy of its bytes.
// The bytes are charged to the read's memory budget (polyxios/memory/memory_budget.h) before they
// are read.
#pragma once

#include <filesystem>
#include <string>

#include "absl/status/statusor.h"
#include "engine/contained_file.h"
#include "polyxios/hash_containers.h"
#include "polyxios/memory/shared_bytes.h"

namespace px {

class LoadedFiles {
 public:
  // What read() gave for `path` (its bytes, or why they could not be read); nullptr before.
  const absl::StatusOr<SharedBytes>* find(const std::filesystem::path& path) const;
  // The bytes of `file`, opened at `path`: its size at the open, read as they were then, charged
  // to the read's budget before they are read. find(path) gives them from then on.
  absl::StatusOr<SharedBytes> read(const std::filesystem::path& path, const RegularFile& file);

 private:
  HashMap<std::string, absl::StatusOr<SharedBytes>> files_;
};

}  // namespace px
