// A source read through another, counting its bytes: a reader's input-bytes limit for inputs
// whose size is only known once read (a stream, a .dae.gz inflating), and its progress while it
// parses.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/progress.h"
#include "engine/source.h"

namespace px {

// Reads through `source` (not owned). A read taking the count past max_bytes fails
// (limits.input-bytes, ResourceExhausted), and the size bound is never above max_bytes; each read
// that gives bytes reports to progress (when not null) source.fraction_read() of the bytes read so
// far, over [0, progress_to], and fails with its Cancelled status once the callback stops the read.
std::unique_ptr<Source> metered_source(Source& source, uint64_t max_bytes, Progress* progress,
                                       double progress_to);

}  // namespace px
