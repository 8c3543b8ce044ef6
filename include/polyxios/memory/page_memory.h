// Large zeroed blocks straight from the kernel, marked for transparent huge pages when they are
// big enough to hold one. Every page first touched costs a fault; with 2 MiB pages a block of
// arrays costs 512 times fewer.
#pragma once

#include <cstddef>

namespace px {

inline constexpr size_t kHugePage = size_t{2} << 20;

// A zeroed block of at least `size` bytes (rounded up to whole huge pages from kHugePage on);
// *mapped_size receives what unmap_pages needs. On failure the allocation failure path runs as
// for operator new (the new-handler, else std::bad_alloc).
void* map_pages(size_t size, size_t* mapped_size);
void unmap_pages(void* block, size_t mapped_size);

}  // namespace px
