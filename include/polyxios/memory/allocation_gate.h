// A hook on the memory the library takes from the system outside operator new: the scene arena's
// blocks, the read's scratch blocks, page mappings, the XML parser's and the JSON DOM's memory. The
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

// What a failed allocation does, as operator new does it: runs the new-handler, which may free
// memory for the caller to try again, or throws std::bad_alloc when there is none.
void on_allocation_failure();

// malloc (at least one byte) and zero-filled calloc through the gate; never nullptr: on failure
// as on_allocation_failure, retried while the new-handler returns.
void* gated_malloc(size_t bytes);
void* gated_calloc(size_t bytes);
// realloc through the gate (to at least one byte), failing the same way; on failure `block` is
// kept as it was.
void* gated_realloc(void* block, size_t bytes);

}  // namespace px
