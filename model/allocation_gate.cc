#include "model/allocation_gate.h"

#include <atomic>

namespace px {
namespace {

std::atomic<AllocationGate> gate{nullptr};

}  // namespace

void set_allocation_gate(AllocationGate g) { gate.store(g, std::memory_order_release); }

bool allocation_gate_allows(size_t bytes) {
  AllocationGate g = gate.load(std::memory_order_acquire);
  return g == nullptr || g(bytes);
}

}  // namespace px
