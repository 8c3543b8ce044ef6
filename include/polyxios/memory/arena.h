// The block arena that owns every array of a scene. Columns are views into it, so meshes made
// "per resolution" share the first mesh's arrays by copying a view, never the bytes.
//
// Blocks grow geometrically. From 2 MiB up they are mapped straight from the kernel and marked
// for transparent huge pages: a scene's arrays are most of a conversion's memory, and touching
// them one 4 KiB page at a time is where a large conversion's time went (a page fault costs
// microseconds on a virtual machine). Fresh blocks are zero, so nothing is cleared twice.
#pragma once

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "polyxios/memory/memory_budget.h"
#include "polyxios/memory/page_warmer.h"

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
  // that a column holding one value throughout, as most meshes' "material" and a triangle mesh's
  // cell types do, costs no memory of its own.
  template <class T>
  std::span<const T> repeated(T value, size_t n) {
    return series<T>(false, value, n, [value](size_t) { return value; });
  }
  // 0, step, 2 step, ... (n values), shared as repeated's are: a triangle mesh's offsets.
  template <class T>
  std::span<const T> stepped(T step, size_t n) {
    return series<T>(true, step, n, [step](size_t i) { return static_cast<T>(step * i); });
  }

  // Gives back all but the first `kept` bytes of the latest allocation, at p of `bytes` bytes, for
  // the next ones to use (zeroed again): an array found shorter once filled, as a mesh's indices
  // narrowed to 16 bits are. Nothing happens when p is not the latest allocation, or had a block
  // of its own.
  void shrink_last(void* p, size_t bytes, size_t kept);

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
    bool mapped;     // by mmap (else by calloc)
  };
  // A shared array (repeated, stepped) named by its kind and its value's bytes.
  struct SeriesKey {
    bool stepped;
    size_t size;
    uint64_t bits;
    auto operator<=>(const SeriesKey&) const = default;
  };
  template <class T, class Make>
  std::span<const T> series(bool stepped, T value, size_t n, Make make) {
    static_assert(sizeof(T) <= sizeof(uint64_t));
    SeriesKey key{stepped, sizeof(T), 0};
    std::memcpy(&key.bits, &value, sizeof(T));
    std::pair<const void*, size_t>& shared = series_[key];
    if (shared.second < n) {
      std::span<T> longer = allocate<T>(std::max(n, shared.second * 2));
      for (size_t i = 0; i < longer.size(); ++i) longer[i] = make(i);
      shared = {longer.data(), longer.size()};
    }
    return {static_cast<const T*>(shared.first), n};
  }
  void* allocate_bytes(size_t size, size_t align);
  char* new_block(size_t size);
  // Asks the warmer for the pages up to kWarmAhead past the cursor, when it has fewer ahead
  // than half that.
  void warm_ahead();

  std::vector<Block> blocks_;
  char* current_block_ = nullptr;  // where the block the cursor is in starts
  char* cursor_ = nullptr;
  char* end_ = nullptr;
  size_t next_block_ = size_t{64} << 10;
  size_t bytes_ = 0;
  std::unique_ptr<PageWarmer> warmer_;  // while set_page_warming is on
  char* warmed_to_ = nullptr;  // in a mapped current block: how far the warmer was asked to go
  std::vector<std::shared_ptr<const void>> retained_;
  std::map<SeriesKey, std::pair<const void*, size_t>> series_;  // array and length
  // The read's budget the arena was made under (nullptr for none), charged for each block.
  std::shared_ptr<MemoryBudget> budget_ = current_memory_budget();
};

}  // namespace px
