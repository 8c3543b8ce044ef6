// Memory for a read's transient arrays: a document's number arrays and each geometry's vertex
// tables. Large blocks are cut from mappings of whole huge pages and are kept once released, so
// that the next mesh reuses them: on a virtual machine a page fault, and a TLB miss over 4 KiB
// pages, cost more than the work on the values (the corner splitting's random reads stalled on
// them). Small ones come from malloc. Thread-safe; everything goes when the pool does.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

#include "polyxios/memory/memory_budget.h"

namespace px {

class ScratchPool {
 public:
  ScratchPool() = default;
  ~ScratchPool();
  ScratchPool(const ScratchPool&) = delete;
  ScratchPool& operator=(const ScratchPool&) = delete;

  // Storage for at least `bytes` (uninitialised); *capacity receives its size: `bytes`, or for a
  // large block `bytes` rounded up to whole 64 KiB grains, cut from mappings of whole huge pages.
  // release() takes that size back.
  void* acquire(size_t bytes, size_t* capacity);
  void release(void* block, size_t capacity);
  // Gives the released large blocks back to the system, for a reader whose arrays are done with
  // before it allocates more of another kind.
  void trim();
  // Gives back released large blocks, the largest first, until those kept hold at most `bytes`:
  // for a reader near the end of its input, whose remaining arrays and tables cannot use them.
  void keep_released_at_most(size_t bytes);
  // The bytes of released large blocks kept for reuse.
  size_t released_bytes();

  // From here up a block is cut from the pool's huge-page mappings, kept for reuse.
  static constexpr size_t kLarge = size_t{256} << 10;

 private:
  // Unmaps every released block; the mutex held.
  void unmap_free_blocks();
  // release() of a large block, the mutex held.
  void release_locked(void* block, size_t capacity);
  // released_bytes(), the mutex held.
  size_t released_bytes_locked() const;

  std::mutex mutex_;
  std::vector<std::pair<void*, size_t>> free_;  // large blocks released, by address
  // The read's budget the pool was made under (nullptr for none): charged for the small blocks
  // it holds and the large ones it has mapped.
  std::shared_ptr<MemoryBudget> budget_ = current_memory_budget();
};

// A std::allocator over a pool (nullptr: malloc), for the vectors of a geometry's tables.
template <class T>
struct ScratchAllocator {
  using value_type = T;
  ScratchPool* pool = nullptr;

  ScratchAllocator() = default;
  explicit ScratchAllocator(ScratchPool* p) : pool(p) {}
  template <class U>
  ScratchAllocator(const ScratchAllocator<U>& other) : pool(other.pool) {}

  T* allocate(size_t n);
  void deallocate(T* p, size_t n);
  template <class U>
  bool operator==(const ScratchAllocator<U>& other) const {
    return pool == other.pool;
  }
};

void* scratch_acquire(ScratchPool* pool, size_t bytes, size_t* capacity);
void scratch_release(ScratchPool* pool, void* block, size_t capacity);

template <class T>
T* ScratchAllocator<T>::allocate(size_t n) {
  size_t capacity = 0;
  return static_cast<T*>(scratch_acquire(pool, n * sizeof(T), &capacity));
}

// The capacity given back is what acquire rounds n * sizeof(T) up to; release recomputes it.
template <class T>
void ScratchAllocator<T>::deallocate(T* p, size_t n) {
  scratch_release(pool, p, n * sizeof(T));
}

}  // namespace px
