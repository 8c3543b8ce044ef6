#include "tools/cli/out_of_memory.h"

#include <unistd.h>

#include <new>

#include "engine/errors.h"

namespace px::cli {
namespace {

// Nothing that allocates: write(2) and _exit.
void on_out_of_memory() {
  constexpr char kMessage[] = "polyxios: out of memory\n";
  ssize_t ignored = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  (void)ignored;
  ::_exit(static_cast<int>(ExitCode::kOutOfMemory));
}

}  // namespace

void exit_on_out_of_memory() { std::set_new_handler(on_out_of_memory); }

}  // namespace px::cli
