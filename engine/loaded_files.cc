#include "engine/loaded_files.h"

#include <memory>
#include <utility>

#include "polyxios/memory/memory_budget.h"

namespace px {

const absl::StatusOr<SharedBytes>* LoadedFiles::find(const std::filesystem::path& path) const {
  auto it = files_.find(path.string());
  return it == files_.end() ? nullptr : &it->second;
}

absl::StatusOr<SharedBytes> LoadedFiles::read(const std::filesystem::path& path,
                                              const RegularFile& file) {
  const size_t size = static_cast<size_t>(file.size());
  std::shared_ptr<MemoryBudget> budget = current_memory_budget();
  absl::StatusOr<std::string> bytes =
      charged(budget.get(), size, [&] { return file.read_at(0, size); });
  if (budget != nullptr)
    budget->release(size);  // the shared bytes take the charge of what was read
  absl::StatusOr<SharedBytes> out =
      bytes.ok() ? absl::StatusOr<SharedBytes>(SharedBytes(*std::move(bytes))) : bytes.status();
  files_.emplace(path.string(), out);
  return out;
}

}  // namespace px
