// A failed allocation ends the process with exit code 5 and one line on stderr, rather than an
// uncaught std::bad_alloc: a batch worker under --max-memory then reports "memory", not a crash.
#pragma once

namespace px::cli {

void exit_on_out_of_memory();

}  // namespace px::cli
