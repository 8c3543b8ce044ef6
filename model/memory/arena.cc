#include "polyxios/memory/arena.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "polyxios/memory/allocation_gate.h"
#include "polyxios/memory/page_memory.h"

namespace px {
namespace {

constexpr size_t kMaxBlock = size_t{64} << 20;
// How far past the cursor the warmer faults pages in: what it populates and is never used stays
// resident (each block's tail, and what is ahead when the read ends), so one huge page, a few
// milliseconds of the mesh builder's work ahead. Four were 5 MiB of a 1 GB read's peak.
constexpr size_t kWarmAhead = size_t{2} << 20;

}  // namespace

Arena::~Arena() {
  warmer_.reset();  // joined before the blocks it may be populating go
  for (const Block& b : blocks_) {
    if (budget_ != nullptr) budget_->release(b.charged);
    if (b.mapped) {
      unmap_pages(b.base, b.size);
    } else {
      std::free(b.base);
    }
  }
}

char* Arena::new_block(size_t size) {
  Block block{nullptr, size, size, size >= kHugePage};
  blocks_.reserve(blocks_.size() + 1);  // so that the block, once had, is always recorded
  block.base = charged(budget_.get(), size, [&] {
    return block.mapped ? map_pages(size, &block.size) : gated_calloc(size);
  });
  blocks_.push_back(block);
  return static_cast<char*>(block.base);
}

void* Arena::allocate_bytes(size_t size, size_t align) {
  uintptr_t at = reinterpret_cast<uintptr_t>(cursor_);
  size_t pad = (align - at % align) % align;
  if (cursor_ == nullptr || pad + size > static_cast<size_t>(end_ - cursor_)) {
    bytes_ += size;
    // Blocks start 16-byte aligned (calloc) or page aligned (mmap), enough for any T here.
    if (size > next_block_ / 2) return new_block(size);  // a large array gets a block of its own
    cursor_ = new_block(next_block_);
    current_block_ = cursor_;
    end_ = cursor_ + next_block_;
    warmed_to_ = next_block_ >= kHugePage ? cursor_ : nullptr;  // mapped: see new_block
    next_block_ = std::min(next_block_ * 2, kMaxBlock);
    void* p = cursor_;
    cursor_ += size;
    warm_ahead();
    return p;
  }
  cursor_ += pad;
  void* p = cursor_;
  cursor_ += size;
  bytes_ += size;
  warm_ahead();
  return p;
}

void Arena::shrink_last(void* p, size_t bytes, size_t kept) {
  char* end = static_cast<char*>(p) + bytes;
  if (reinterpret_cast<uintptr_t>(p) < reinterpret_cast<uintptr_t>(current_block_) ||
      end != cursor_ || kept >= bytes) {
    return;
  }
  char* from = static_cast<char*>(p) + kept;
  std::memset(from, 0, bytes - kept);
  cursor_ = from;
  bytes_ -= bytes - kept;
}

void Arena::warm_ahead() {
  // Blocks from malloc are small and mostly touched already.
  if (warmer_ == nullptr || warmed_to_ == nullptr) return;
  if (warmed_to_ - cursor_ >= static_cast<ptrdiff_t>(kWarmAhead / 2)) return;
  char* from = std::max(warmed_to_, cursor_);
  char* to = end_ - cursor_ > static_cast<ptrdiff_t>(kWarmAhead) ? cursor_ + kWarmAhead : end_;
  if (from >= to) return;
  warmer_->warm(from, to);
  warmed_to_ = to;
}

}  // namespace px
