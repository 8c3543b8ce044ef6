#include "engine/scratch_pool.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>

#include "polyxios/memory/allocation_gate.h"
#include "polyxios/memory/page_memory.h"

namespace px {
namespace {

// A large block is cut to whole grains from the pool's mappings, which are whole huge pages: the
// arrays of a mesh, a few hundred KiB each, share huge pages rather than take one each (at 1 GB,
// 24 MiB of the pool's pages for 16 MiB of arrays and tables, when each took whole huge pages).
constexpr size_t kGrain = size_t{64} << 10;

size_t round_up(size_t bytes, size_t unit) { return (bytes + unit - 1) / unit * unit; }
size_t large_capacity(size_t bytes) { return round_up(bytes, kGrain); }

}  // namespace

ScratchPool::~ScratchPool() { unmap_free_blocks(); }

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
      if (free_[i].second >= want &&
          (best == free_.size() || free_[i].second < free_[best].second)) {
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
    // None holds it: the released blocks, too small for this and likely for what follows (a
    // read's tables grow with its meshes), go back to the system before more is mapped, so
    // that the peak is what is in use.
    unmap_free_blocks();
  }
  const size_t mapping = round_up(want, kHugePage);
  char* block = static_cast<char*>(charged(budget_.get(), mapping, [&] {
    size_t mapped = 0;
    return map_pages(mapping, &mapped);
  }));
  if (mapping > want) {  // the rest of the last huge page, released for the next
    std::lock_guard<std::mutex> lock(mutex_);
    release_locked(block + want, mapping - want);
  }
  *capacity = want;
  return block;
}

void ScratchPool::trim() {
  std::lock_guard<std::mutex> lock(mutex_);
  unmap_free_blocks();
}

size_t ScratchPool::released_bytes() {
  std::lock_guard<std::mutex> lock(mutex_);
  return released_bytes_locked();
}

size_t ScratchPool::released_bytes_locked() const {
  size_t kept = 0;
  for (const auto& [block, capacity] : free_) kept += capacity;
  return kept;
}

void ScratchPool::keep_released_at_most(size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (size_t kept = released_bytes_locked(); kept > bytes;) {
    auto largest = std::max_element(free_.begin(), free_.end(), [](const auto& a, const auto& b) {
      return a.second < b.second;
    });
    unmap_pages(largest->first, largest->second);
    if (budget_ != nullptr) budget_->release(largest->second);
    kept -= largest->second;
    free_.erase(largest);
  }
}

void ScratchPool::unmap_free_blocks() {
  for (auto [block, capacity] : free_) {
    unmap_pages(block, capacity);
    if (budget_ != nullptr) budget_->release(capacity);
  }
  free_.clear();
}

void ScratchPool::release(void* block, size_t capacity) {
  if (block == nullptr) return;
  if (capacity < kLarge) {
    std::free(block);
    if (budget_ != nullptr) budget_->release(capacity);
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  release_locked(block, capacity);
}

void ScratchPool::release_locked(void* block, size_t capacity) {
  // Kept by address, a block joined to the released neighbours it touches: two tables released
  // side by side hold the next, larger one.
  char* start = static_cast<char*>(block);
  auto next = std::lower_bound(free_.begin(), free_.end(), std::pair<void*, size_t>(block, 0));
  const bool joins_next = next != free_.end() && start + capacity == next->first;
  const bool joins_prev =
      next != free_.begin() &&
      static_cast<char*>(std::prev(next)->first) + std::prev(next)->second == start;
  if (joins_prev) {
    auto prev = std::prev(next);
    prev->second += capacity + (joins_next ? next->second : 0);
    if (joins_next) free_.erase(next);
    return;
  }
  if (joins_next) {
    *next = {block, capacity + next->second};
    return;
  }
  try {
    free_.emplace(next, block, capacity);
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
  // A large block's capacity was rounded up to whole grains when it was acquired.
  pool->release(block, capacity < ScratchPool::kLarge ? capacity : large_capacity(capacity));
}

}  // namespace px
