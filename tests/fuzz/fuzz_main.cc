// The libFuzzer entry point of one target, named at build time (PX_FUZZ_TARGET_NAME, the
// binary's name): its body from fuzz_targets(), as the regressions replay runs it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_targets.h"

namespace {

const px::fuzz::FuzzTarget& this_target() {
  for (const px::fuzz::FuzzTarget& t : px::fuzz::fuzz_targets()) {
    if (t.name == PX_FUZZ_TARGET_NAME) return t;
  }
  px::fuzz::fail("no fuzz target named", PX_FUZZ_TARGET_NAME);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const px::fuzz::FuzzTarget& target = this_target();
  target.run(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
