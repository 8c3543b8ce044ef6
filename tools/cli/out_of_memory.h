// A failed allocation ends the process with one line on stderr and an exit status, rather than an
// uncaught std::bad_alloc: 3 (out of memory, which may be retried) from the CLI, and a batch
// worker's own kWorkerOutOfMemory, which its batch reports as the outcome "memory" (exit code 3)
// where a worker that died without a record would otherwise be taken for an I/O failure.
#pragma once

#include "engine/errors.h"

namespace px::cli {

inline constexpr int kWorkerOutOfMemory = 5;

void exit_on_out_of_memory(int exit_status = kOutOfMemoryExitStatus);

}  // namespace px::cli
