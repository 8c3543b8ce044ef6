// RapidJSON's memory for the glTF reader's document and the writer's JSON text, through the
// allocation gate (polyxios/memory/allocation_gate.h) and failing as operator new fails:
// std::bad_alloc, which the entry points turn into out_of_memory. RapidJSON's own CrtAllocator
// hands back the nullptr of a refused malloc, and RapidJSON then writes through it. The reader's
// document grows with its input: its blocks are charged to the read's memory budget too
// (limits.memory).
#pragma once

#include <cstddef>
#include <cstdlib>

#include "polyxios/memory/allocation_gate.h"
#include "rapidjson/allocators.h"
#include "rapidjson/document.h"

namespace px::gltf {

class GatedJsonAllocator {
 public:
  static const bool kNeedFree = true;
  void* Malloc(size_t size) { return size == 0 ? nullptr : gated_malloc(size); }
  void* Realloc(void* block, size_t, size_t new_size) {
    if (new_size == 0) {
      std::free(block);
      return nullptr;
    }
    return gated_realloc(block, new_size);
  }
  static void Free(void* block) { std::free(block); }
};

// GatedJsonAllocator's blocks charged to the memory budget current where they are allocated (none
// outside a read), which each block names in a header before it, so that it is given back to
// that budget whichever thread frees it: MemoryLimitExceeded past the limit.
class ChargedJsonAllocator {
 public:
  static const bool kNeedFree = true;
  void* Malloc(size_t size);
  void* Realloc(void* block, size_t old_size, size_t new_size);
  static void Free(void* block);
};

using JsonAllocator = rapidjson::MemoryPoolAllocator<ChargedJsonAllocator>;
using JsonValue = rapidjson::GenericValue<rapidjson::UTF8<>, JsonAllocator>;
using JsonDocument =
    rapidjson::GenericDocument<rapidjson::UTF8<>, JsonAllocator, ChargedJsonAllocator>;

}  // namespace px::gltf
