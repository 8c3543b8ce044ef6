#include "polyxios/memory/shared_bytes.h"

#include <algorithm>
#include <utility>

#include "polyxios/memory/memory_budget.h"

namespace px {
namespace {

// Storage made for SharedBytes and the charge it took, given back when the last owner lets go.
template <class Storage>
struct Charged {
  Charged(Storage s, std::shared_ptr<MemoryBudget> b, size_t n)
      : storage(std::move(s)), budget(std::move(b)), bytes(n) {}
  ~Charged() {
    if (budget != nullptr) budget->release(bytes);
  }
  Charged(const Charged&) = delete;
  Charged& operator=(const Charged&) = delete;

  Storage storage;
  std::shared_ptr<MemoryBudget> budget;
  size_t bytes;
};

// `storage`, whose size `budget` (when not null) has been charged, as shared bytes.
template <class Storage>
SharedBytes hold(Storage storage, std::shared_ptr<MemoryBudget> budget) {
  const size_t size = storage.size();
  std::shared_ptr<const Charged<Storage>> held;
  try {
    held = std::make_shared<const Charged<Storage>>(std::move(storage), budget, size);
  } catch (...) {
    if (budget != nullptr) budget->release(size);
    throw;
  }
  const auto* data = reinterpret_cast<const uint8_t*>(held->storage.data());
  return SharedBytes({data, size}, std::move(held));
}

// The current read's budget, charged `bytes` (the bytes exist already: one past the limit is
// given back with its owner through the unwinding).
std::shared_ptr<MemoryBudget> charged_budget(size_t bytes) {
  std::shared_ptr<MemoryBudget> budget = current_memory_budget();
  if (budget != nullptr) budget->charge(bytes);
  return budget;
}

}  // namespace

SharedBytes::SharedBytes(std::vector<uint8_t> bytes) {
  if (bytes.empty()) return;
  std::shared_ptr<MemoryBudget> budget = charged_budget(bytes.size());
  *this = hold(std::move(bytes), std::move(budget));
}

SharedBytes::SharedBytes(std::string bytes) {
  if (bytes.empty()) return;
  std::shared_ptr<MemoryBudget> budget = charged_budget(bytes.size());
  *this = hold(std::move(bytes), std::move(budget));
}

SharedBytes::SharedBytes(std::span<const uint8_t> bytes, std::shared_ptr<const void> owner)
    : bytes_(bytes), owner_(std::move(owner)) {}

SharedBytes SharedBytes::copy_of(std::span<const uint8_t> bytes) {
  if (bytes.empty()) return {};
  std::shared_ptr<MemoryBudget> budget = current_memory_budget();
  std::vector<uint8_t> copy = charged(
      budget.get(), bytes.size(), [&] { return std::vector<uint8_t>(bytes.begin(), bytes.end()); });
  return hold(std::move(copy), std::move(budget));
}

bool operator==(const SharedBytes& a, const SharedBytes& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

}  // namespace px
