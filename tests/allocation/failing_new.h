// The allocation-failure sweep's hook: this test binary replaces the global operator new (every
// form) and sets the library's allocation gate (polyxios/memory/allocation_gate.h), so that both
// count into one tally of allocations and the N-th of them can be made to fail, once.
#pragma once

#include <cstdint>

namespace px::testing {

// Counts the allocations made until stop_counting(); with fail_at > 0 the fail_at-th throws
// std::bad_alloc (the gate's refuses), and every other succeeds.
void start_counting(int64_t fail_at);
// The allocations counted since start_counting.
int64_t stop_counting();
// Whether the allocation start_counting was told to fail was reached.
bool failure_injected();

}  // namespace px::testing
