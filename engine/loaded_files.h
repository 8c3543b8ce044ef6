// Files a read takes whole into memory (the image files a document names), each read once however
// many times the input names it: a thousand <image>s naming one file share one copy of its bytes.
// The bytes are charged to the read's memory budget (model/memory_budget.h) as they arrive, so
// that a file inflating past the budget (a .gz) is refused before it is whole.
#pragma once

#include <filesystem>
#include <string>

#include "absl/status/statusor.h"
#include "engine/hash_containers.h"
#include "model/shared_bytes.h"

namespace px {

// The file's bytes (inflated when open_file_source inflates it), charged as they are read; a
// file that cannot be opened or read is its status.
absl::StatusOr<SharedBytes> read_charged_file(const std::filesystem::path& path);

class LoadedFiles {
 public:
  // read_charged_file(path) the first time; later calls with the same path share those bytes, or
  // that failure, without reading the file again.
  absl::StatusOr<SharedBytes> read(const std::filesystem::path& path);

 private:
  HashMap<std::string, absl::StatusOr<SharedBytes>> files_;
};

}  // namespace px
