#include "engine/loaded_files.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "engine/source.h"
#include "model/memory_budget.h"

namespace px {

absl::StatusOr<SharedBytes> read_charged_file(const std::filesystem::path& path) {
  absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(path);
  if (!source.ok()) return source.status();
  std::shared_ptr<MemoryBudget> budget = current_memory_budget();
  std::string bytes;
  size_t charged = 0;  // the string's capacity, charged before it grows to it
  struct GiveBack {
    MemoryBudget* budget;
    const size_t& bytes;
    ~GiveBack() {
      if (budget != nullptr) budget->release(bytes);
    }
  } give_back{budget.get(), charged};
  char buffer[1 << 16];
  while (true) {
    absl::StatusOr<size_t> n = (*source)->read(buffer, sizeof buffer);
    if (!n.ok()) return n.status();
    if (*n == 0) break;
    if (bytes.size() + *n > bytes.capacity()) {
      const size_t capacity = std::max(bytes.capacity() * 2, bytes.size() + *n);
      if (budget != nullptr) budget->charge(capacity - charged);
      charged = capacity;
      bytes.reserve(capacity);
    }
    bytes.append(buffer, *n);
  }
  // The shared bytes take their own charge (their size) as the growth's goes back.
  if (budget != nullptr) budget->release(std::exchange(charged, 0));
  return SharedBytes(std::move(bytes));
}

absl::StatusOr<SharedBytes> LoadedFiles::read(const std::filesystem::path& path) {
  std::string key = path.string();
  if (auto it = files_.find(key); it != files_.end()) return it->second;
  absl::StatusOr<SharedBytes> bytes = read_charged_file(path);
  files_.emplace(std::move(key), bytes);
  return bytes;
}

}  // namespace px
