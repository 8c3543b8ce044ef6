// RapidJSON's memory for the glTF reader's document and the writer's JSON text, through the
// allocation gate (model/allocation_gate.h) and failing as operator new fails: std::bad_alloc,
// which the entry points turn into out_of_memory. RapidJSON's own CrtAllocator hands back the
// nullptr of a refused malloc, and RapidJSON then writes through it.
#pragma once

#include <cstdlib>

#include "model/allocation_gate.h"
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

using JsonAllocator = rapidjson::MemoryPoolAllocator<GatedJsonAllocator>;
using JsonValue = rapidjson::GenericValue<rapidjson::UTF8<>, JsonAllocator>;
using JsonDocument = rapidjson::GenericDocument<rapidjson::UTF8<>, JsonAllocator, GatedJsonAllocator>;

}  // namespace px::gltf
