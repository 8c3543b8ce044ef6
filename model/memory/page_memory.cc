#include "polyxios/memory/page_memory.h"

#include <sys/mman.h>

#include <cstdint>

#include "polyxios/memory/allocation_gate.h"

namespace px {

void* map_pages(size_t size, size_t* mapped_size) {
  const bool huge = size >= kHugePage;
  const size_t page = huge ? kHugePage : size_t{4096};
  size_t rounded = (size + page - 1) / page * page;
  while (true) {
    // A huge-page block is mapped one huge page longer and trimmed to a 2 MiB boundary, so that
    // the kernel can back all of it with huge pages.
    size_t span = huge ? rounded + kHugePage : rounded;
    void* p = allocation_gate_allows(size)
                  ? mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                  : MAP_FAILED;
    if (p != MAP_FAILED) {
      char* base = static_cast<char*>(p);
      if (huge) {
        uintptr_t address = reinterpret_cast<uintptr_t>(base);
        char* aligned = base + ((kHugePage - address % kHugePage) % kHugePage);
        if (aligned > base) munmap(base, static_cast<size_t>(aligned - base));
        char* tail = aligned + rounded;
        if (tail < base + span) munmap(tail, static_cast<size_t>(base + span - tail));
        base = aligned;
        madvise(base, rounded, MADV_HUGEPAGE);
      }
      *mapped_size = rounded;
      return base;
    }
    on_allocation_failure();
  }
}

void unmap_pages(void* block, size_t mapped_size) {
  if (block != nullptr) munmap(block, mapped_size);
}

}  // namespace px
