#include "engine/scratch_pool.h"

#include <cstdlib>

#include "model/allocation_gate.h"
#include "model/page_memory.h"

namespace px {
namespace {

size_t large_capacity(size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }

}  // namespace

ScratchPool::~ScratchPool() {
  for (auto [block, capacity] : free_) {
    unmap_pages(block, capacity);
    if (budget_ != nullptr) budget_->release(capacity);
  }
}

void* ScratchPool::acquire(size_t bytes, size_t* capacity) {
  if (bytes < kLarge) {
    *capacity = bytes;
    return charged(budget_.get(), bytes, [&] { return gated_malloc(bytes); });
  }
  size_t want = large_capacity(bytes);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // The smallest released block that holds it; what it holds past that stays released (huge
    // page ranges of one mapping unmap apart as well as together).
    size_t best = free_.size();
    for (size_t i = 0; i < free_.size(); ++i) {
      if (free_[i].second >= want && (best == free_.size() || free_[i].second < free_[best].second)) {
        best = i;
      }
    }
    if (best < free_.size()) {
      auto [block, size] = free_[best];
      if (size == want) {
        free_.erase(free_.begin() + static_cast<std::ptrdiff_t>(best));
      } else {
        free_[best] = {static_cast<char*>(block) + want, size - want};
      }
      *capacity = want;
      return block;
    }
  }
  return charged(budget_.get(), want, [&] { return map_pages(want, capacity); });
}

void ScratchPool::release(void* block, size_t capacity) {
  if (block == nullptr) return;
  if (capacity < kLarge) {
    std::free(block);
    if (budget_ != nullptr) budget_->release(capacity);
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  try {
    free_.emplace_back(block, capacity);
  } catch (const std::bad_alloc&) {
    // Called from destructors: no room to keep the block is no reason to fail; it goes back.
    unmap_pages(block, capacity);
    if (budget_ != nullptr) budget_->release(capacity);
  }
}

void* scratch_acquire(ScratchPool* pool, size_t bytes, size_t* capacity) {
  if (pool == nullptr) {
    *capacity = bytes;
    return gated_malloc(bytes);
  }
  return pool->acquire(bytes, capacity);
}

void scratch_release(ScratchPool* pool, void* block, size_t capacity) {
  if (pool == nullptr) {
    std::free(block);
    return;
  }
  // A large block's capacity was rounded up to whole huge pages when it was acquired.
  pool->release(block, capacity < ScratchPool::kLarge ? capacity : large_capacity(capacity));
}

}  // namespace px
