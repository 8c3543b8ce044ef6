#include "polyxios/memory/allocation_gate.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace px {
namespace {

std::atomic<AllocationGate> gate{nullptr};

}  // namespace

void set_allocation_gate(AllocationGate g) { gate.store(g, std::memory_order_release); }

bool allocation_gate_allows(size_t bytes) {
  AllocationGate g = gate.load(std::memory_order_acquire);
  return g == nullptr || g(bytes);
}

void on_allocation_failure() {
  std::new_handler handler = std::get_new_handler();
  if (handler == nullptr) throw std::bad_alloc();
  handler();
}

void* gated_malloc(size_t bytes) {
  while (true) {
    if (allocation_gate_allows(bytes)) {
      if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
    }
    on_allocation_failure();
  }
}

void* gated_realloc(void* block, size_t bytes) {
  while (true) {
    if (allocation_gate_allows(bytes)) {
      if (void* p = std::realloc(block, bytes == 0 ? 1 : bytes)) return p;
    }
    on_allocation_failure();
  }
}

void* gated_calloc(size_t bytes) {
  while (true) {
    if (allocation_gate_allows(bytes)) {
      if (void* p = std::calloc(1, bytes == 0 ? 1 : bytes)) return p;
    }
    on_allocation_failure();
  }
}

}  // namespace px
