// Memory one owner on one thread (a document's element tree, a parser's buffers) counts against a
// read's budget (memory_budget.h). The budget is charged in steps of at least kStep, so that
// counting a small allocation costs an addition and a comparison, not an atomic operation; what
// was charged goes back when the account goes. An allocator and a memory resource charge through
// an account for the containers and arenas that grow with the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <memory_resource>
#include <new>

#include "polyxios/memory/memory_budget.h"

namespace px {

class BudgetAccount {
 public:
  // nullptr: counts without charging anything.
  explicit BudgetAccount(std::shared_ptr<MemoryBudget> budget) : budget_(std::move(budget)) {}
  ~BudgetAccount();
  BudgetAccount(const BudgetAccount&) = delete;
  BudgetAccount& operator=(const BudgetAccount&) = delete;

  // Counts `bytes` taken; throws MemoryLimitExceeded (counting nothing) when the budget cannot
  // cover them.
  void take(size_t bytes) {
    if (bytes > charged_ - used_) charge_for(bytes);
    used_ += bytes;
  }
  // Counts `bytes` given back (kept charged for the next take, until the account goes).
  void give(size_t bytes) { used_ -= bytes; }

  size_t used() const { return used_; }
  const std::shared_ptr<MemoryBudget>& budget() const { return budget_; }

  static constexpr size_t kStep = size_t{64} << 10;

 private:
  // Charges the budget for `bytes` more than charged_ - used_ leaves.
  void charge_for(size_t bytes);

  std::shared_ptr<MemoryBudget> budget_;
  size_t used_ = 0;
  size_t charged_ = 0;  // always at least used_
};

// A std::allocator counting what it holds in an account (nullptr: in none).
template <class T>
struct AccountedAllocator {
  using value_type = T;
  BudgetAccount* account = nullptr;

  AccountedAllocator() = default;
  explicit AccountedAllocator(BudgetAccount* a) : account(a) {}
  template <class U>
  AccountedAllocator(const AccountedAllocator<U>& other) : account(other.account) {}  // NOLINT

  T* allocate(size_t n) {
    if (n > SIZE_MAX / sizeof(T)) throw std::bad_array_new_length();
    if (account != nullptr) account->take(n * sizeof(T));
    try {
      return std::allocator<T>().allocate(n);
    } catch (...) {
      if (account != nullptr) account->give(n * sizeof(T));
      throw;
    }
  }
  void deallocate(T* p, size_t n) {
    std::allocator<T>().deallocate(p, n);
    if (account != nullptr) account->give(n * sizeof(T));
  }
  template <class U>
  bool operator==(const AccountedAllocator<U>& other) const {
    return account == other.account;
  }
};

// A memory resource counting its blocks in an account: the upstream of a monotonic arena, which
// asks for a few geometrically growing blocks, so that the arena's allocations cost no count.
class AccountedResource : public std::pmr::memory_resource {
 public:
  explicit AccountedResource(BudgetAccount& account) : account_(account) {}

 private:
  void* do_allocate(size_t bytes, size_t alignment) override;
  void do_deallocate(void* p, size_t bytes, size_t alignment) override;
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
    return this == &other;
  }

  BudgetAccount& account_;
};

}  // namespace px
