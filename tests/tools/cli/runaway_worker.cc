// A stand-in for a batch worker (POLYXIOS_BATCH_WORKER) that misbehaves on cue, for the batch
// tests: `runaway_worker INPUT OUTPUT` reads INPUT's first word and, when it begins with
//   crash   dies of SIGSEGV           hang    sleeps without end
//   alloc   allocates without end (exit 5 when an allocation fails, as a polyxios worker does)
//   refuse  exits 2                   ioerror exits 3
// and otherwise copies INPUT to OUTPUT and exits 0.
#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tools/cli/out_of_memory.h"

int main(int argc, char** argv) {
  if (argc != 3) return 1;
  px::cli::exit_on_out_of_memory(px::cli::kWorkerOutOfMemory);
  std::ifstream in(argv[1], std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string word = bytes.substr(0, bytes.find_first_of(" \n"));
  auto is = [&](const char* cue) { return word.rfind(cue, 0) == 0; };
  if (is("crash")) raise(SIGSEGV);
  if (is("hang")) {
    while (true) pause();
  }
  if (is("alloc")) {
    std::vector<char*> held;
    while (true) {
      char* block = new char[1 << 20];
      std::memset(block, 1, 1 << 20);  // touched, so it is memory and not only address space
      held.push_back(block);
    }
  }
  if (is("refuse")) return 2;
  if (is("ioerror")) return 3;
  std::ofstream(argv[2], std::ios::binary) << bytes;
  return 0;
}
