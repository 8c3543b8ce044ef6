#include "tools/cli/out_of_memory.h"

#include <unistd.h>

#include <new>

namespace px::cli {
namespace {

int out_of_memory_status = kOutOfMemoryExitStatus;

// Nothing that allocates: write(2) and _exit.
void on_out_of_memory() {
  constexpr char kMessage[] = "polyxios: out of memory\n";
  ssize_t ignored = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  (void)ignored;
  ::_exit(out_of_memory_status);
}

}  // namespace

void exit_on_out_of_memory(int exit_status) {
  out_of_memory_status = exit_status;
  std::set_new_handler(on_out_of_memory);
}

}  // namespace px::cli
