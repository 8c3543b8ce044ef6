#include "formats/gltf/json_memory.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <utility>

#include "polyxios/memory/memory_budget.h"

namespace px::gltf {
namespace {

// What precedes each block: its size and the budget it is charged to (nullptr: none).
struct alignas(std::max_align_t) Header {
  size_t size;
  std::shared_ptr<MemoryBudget> budget;
};

Header* header_of(void* block) { return static_cast<Header*>(block) - 1; }

}  // namespace

void* ChargedJsonAllocator::Malloc(size_t size) {
  if (size == 0) return nullptr;
  if (size > SIZE_MAX - sizeof(Header)) throw std::bad_alloc();
  std::shared_ptr<MemoryBudget> budget = current_memory_budget();
  void* raw = charged(budget.get(), size, [&] { return gated_malloc(sizeof(Header) + size); });
  return new (raw) Header{size, std::move(budget)} + 1;
}

// A new block and a copy, not realloc: the header holds a shared_ptr, which bytes do not move.
void* ChargedJsonAllocator::Realloc(void* block, size_t, size_t new_size) {
  if (block == nullptr) return Malloc(new_size);
  if (new_size == 0) {
    Free(block);
    return nullptr;
  }
  void* moved = Malloc(new_size);
  std::memcpy(moved, block, std::min(header_of(block)->size, new_size));
  Free(block);
  return moved;
}

void ChargedJsonAllocator::Free(void* block) {
  if (block == nullptr) return;
  Header* header = header_of(block);
  if (header->budget != nullptr) header->budget->release(header->size);
  header->~Header();
  std::free(header);
}

}  // namespace px::gltf
