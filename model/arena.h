// The block arena that owns every array of a scene. Columns are views into it, so meshes made
// "per resolution" share the first mesh's arrays by copying a view, never the bytes.
//
// Blocks grow geometrically. From 2 MiB up they are mapped straight from the kernel and marked
// for transparent huge pages: a scene's arrays are most of a conversion's memory, and touching
// them one 4 KiB page at a time is where a large conversion's time went (a page fault costs
// microseconds on a virtual machine). Fresh blocks are zero, so nothing is cleared twice.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "model/memory_budget.h"
#include "model/page_warmer.h"

namespace px {

class Arena {
 public:
  Arena() = default;
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // Zero-initialised storage for n values of T, alive as long as the arena.
  template <class T>
  std::span<T> allocate(size_t n) {
    if (n == 0) return {};
    void* p = allocate_bytes(n * sizeof(T), alignof(T) < 8 ? 8 : alignof(T));
    return {static_cast<T*>(p), n};
  }

  template <class T>
  std::span<T> copy(std::span<const T> values) {
    std::span<T> out = allocate<T>(values.size());
    if (!values.empty()) std::memcpy(out.data(), values.data(), values.size_bytes());
    return out;
  }

  // n copies of value, read-only and shared: every call for one value views the same array (the
  // longest asked for so far; a longer one is made, twice as long, when a call asks for more), so
  // that a column holding one value throughout, as most meshes' "material" does, costs no memory
  // of its own.
  std::span<const int32_t> repeated(int32_t value, size_t n);

  // Keeps `owner` alive as long as the arena: for columns that view memory the arena did not
  // allocate (a mapped input file).
  void retain(std::shared_ptr<const void> owner) { retained_.push_back(std::move(owner)); }

  // While on, the pages of a mapped block are faulted in a little ahead of the allocations, on a
  // thread of the arena's own (PageWarmer): for a reader that fills the arena on one core while
  // another has time to spare. Off (the default) joins that thread.
  void set_page_warming(bool on) {
    if (!on) {
      warmer_.reset();
    } else if (warmer_ == nullptr) {
      warmer_ = std::make_unique<PageWarmer>();
    }
  }

  // Bytes handed out by allocate.
  size_t bytes() const { return bytes_; }

 private:
  struct Block {
    void* base;
    size_t size;
    size_t charged;  // to the budget: the size asked for
    bool mapped;  // by mmap (else by calloc)
  };
  void* allocate_bytes(size_t size, size_t align);
  char* new_block(size_t size);
  // Asks the warmer for the pages up to kWarmAhead past the cursor, when it has fewer ahead
  // than half that.
  void warm_ahead();

  std::vector<Block> blocks_;
  char* cursor_ = nullptr;
  char* end_ = nullptr;
  size_t next_block_ = size_t{64} << 10;
  size_t bytes_ = 0;
  std::unique_ptr<PageWarmer> warmer_;  // set by warm_pages_ahead
  char* warmed_to_ = nullptr;  // in a mapped current block: how far the warmer was asked to go
  std::vector<std::shared_ptr<const void>> retained_;
  std::unordered_map<int32_t, std::span<const int32_t>> repeated_;  // by value
  // The read's budget the arena was made under (nullptr for none), charged for each block.
  std::shared_ptr<MemoryBudget> budget_ = current_memory_budget();
};

}  // namespace px
