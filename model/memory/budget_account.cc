#include "polyxios/memory/budget_account.h"

#include <algorithm>

namespace px {

BudgetAccount::~BudgetAccount() {
  if (budget_ != nullptr) budget_->release(charged_);
}

void BudgetAccount::charge_for(size_t bytes) {
  const size_t need = bytes - (charged_ - used_);
  if (budget_ == nullptr) {
    charged_ += need;
    return;
  }
  // A whole step ahead when the budget has room for it, else what is needed: the step never
  // refuses a read whose allocations fit.
  const size_t step = std::max(need, kStep);
  try {
    budget_->charge(step);
    charged_ += step;
  } catch (const MemoryLimitExceeded&) {
    if (step == need) throw;
    budget_->charge(need);
    charged_ += need;
  }
}

void* AccountedResource::do_allocate(size_t bytes, size_t alignment) {
  account_.take(bytes);
  try {
    return std::pmr::new_delete_resource()->allocate(bytes, alignment);
  } catch (...) {
    account_.give(bytes);
    throw;
  }
}

void AccountedResource::do_deallocate(void* p, size_t bytes, size_t alignment) {
  std::pmr::new_delete_resource()->deallocate(p, bytes, alignment);
  account_.give(bytes);
}

}  // namespace px
