#include "polyxios/memory/memory_budget.h"

#include <utility>

namespace px {
namespace {

thread_local std::shared_ptr<MemoryBudget> current;

}  // namespace

void MemoryBudget::charge(size_t bytes) {
  uint64_t used = used_.load(std::memory_order_relaxed);
  do {
    if (bytes > limit_ || used > limit_ - bytes) throw MemoryLimitExceeded(limit_);
  } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
  uint64_t now = used + bytes;
  uint64_t peak = peak_.load(std::memory_order_relaxed);
  while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
}

std::shared_ptr<MemoryBudget> current_memory_budget() { return current; }

MemoryBudgetScope::MemoryBudgetScope(std::shared_ptr<MemoryBudget> budget)
    : outer_(std::exchange(current, std::move(budget))) {}

MemoryBudgetScope::~MemoryBudgetScope() { current = std::move(outer_); }

}  // namespace px
