// The memory a read may take for the arrays that grow with its input: the scene's arena blocks
// and the read's scratch blocks (a document's number arrays, a geometry's vertex tables). Smaller
// bookkeeping (names, maps, the parser's buffers) is not counted. An allocation that would take
// the total past the limit throws MemoryLimitExceeded, a std::bad_alloc that the entry points
// turn into the refusal limits.memory (formats/polyxios.cc).
//
// A read sets its budget for the thread it runs on (MemoryBudgetScope); an arena or scratch pool
// made under it keeps it (shared) for as long as it lives, and charges it from any thread.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace px {

class MemoryLimitExceeded : public std::bad_alloc {
 public:
  explicit MemoryLimitExceeded(uint64_t limit) : limit_(limit) {}
  const char* what() const noexcept override { return "memory limit exceeded"; }
  uint64_t limit() const { return limit_; }

 private:
  uint64_t limit_;
};

class MemoryBudget {
 public:
  explicit MemoryBudget(uint64_t limit) : limit_(limit) {}

  // Counts `bytes` taken; throws MemoryLimitExceeded (counting nothing) past the limit.
  void charge(size_t bytes);
  void release(size_t bytes) { used_.fetch_sub(bytes, std::memory_order_relaxed); }

  uint64_t limit() const { return limit_; }
  // The most charged at once.
  uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }

 private:
  const uint64_t limit_;
  std::atomic<uint64_t> used_{0};
  std::atomic<uint64_t> peak_{0};
};

// Charges `bytes` to `budget` (nullptr: no budget) and returns what `allocate` returns; when
// `allocate` throws, the charge is given back.
template <class Allocate>
auto charged(MemoryBudget* budget, size_t bytes, Allocate&& allocate) -> decltype(allocate()) {
  if (budget == nullptr) return allocate();
  budget->charge(bytes);
  try {
    return allocate();
  } catch (...) {
    budget->release(bytes);
    throw;
  }
}

// The budget of the read running on this thread; nullptr outside one.
std::shared_ptr<MemoryBudget> current_memory_budget();

// Makes `budget` the current one on this thread while it lives (nesting restores the outer one).
class MemoryBudgetScope {
 public:
  explicit MemoryBudgetScope(std::shared_ptr<MemoryBudget> budget);
  ~MemoryBudgetScope();
  MemoryBudgetScope(const MemoryBudgetScope&) = delete;
  MemoryBudgetScope& operator=(const MemoryBudgetScope&) = delete;

 private:
  std::shared_ptr<MemoryBudget> outer_;
};

}  // namespace px
