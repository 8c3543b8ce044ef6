// A hook on the memory the library takes from the system outside operator new: the scene arena's
// blocks, the read's scratch blocks, page mappings and the XML parser's memory. The
// allocation-failure sweep (tests/allocation) sets it to fail the N-th allocation of a conversion
// and checks that the conversion ends in a clean error; nothing else sets it.
#pragma once

#include <cstddef>

namespace px {

// Returns false to fail an allocation of `bytes` as the system would.
using AllocationGate = bool (*)(size_t bytes);

// nullptr (the default): every allocation goes to the system.
void set_allocation_gate(AllocationGate gate);

// Whether an allocator may ask the system for `bytes`; when not, it fails as it would on the
// system's refusal (the new-handler, else std::bad_alloc; nullptr for a C interface).
bool allocation_gate_allows(size_t bytes);

}  // namespace px
