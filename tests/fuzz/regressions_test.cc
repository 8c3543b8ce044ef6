// Every input that ever broke a fuzz target, replayed through the target's own body as an
// ordinary test in every build (release and sanitizer): tests/fuzz/regressions/<target>/, one
// file an input (README.md aside). A broken invariant traps (fail() names it), so the file being
// replayed is printed first.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "engine/source.h"
#include "tests/fuzz/fuzz_targets.h"

namespace px::fuzz {

// A target as gtest names its test: by its name.
void PrintTo(const FuzzTarget& target, std::ostream* out) { *out << target.name; }

namespace {

class Regressions : public ::testing::TestWithParam<FuzzTarget> {};

TEST_P(Regressions, EveryInputReplaysCleanly) {
  const std::filesystem::path folder =
      std::filesystem::path(PX_FUZZ_REGRESSIONS_DIR) / std::string(GetParam().name);
  ASSERT_TRUE(std::filesystem::is_regular_file(folder / "README.md")) << folder;
  std::vector<std::filesystem::path> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.is_regular_file() && entry.path().filename() != "README.md") {
      inputs.push_back(entry.path());
    }
  }
  std::sort(inputs.begin(), inputs.end());
  for (const std::filesystem::path& input : inputs) {
    std::printf("replaying %s\n", input.string().c_str());
    std::fflush(stdout);
    absl::StatusOr<std::string> bytes = read_whole_file(input);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    GetParam().run(*bytes);
  }
  std::printf("%zu inputs replayed\n", inputs.size());
}

INSTANTIATE_TEST_SUITE_P(Fuzz, Regressions,
                         ::testing::ValuesIn(fuzz_targets().begin(), fuzz_targets().end()),
                         [](const ::testing::TestParamInfo<FuzzTarget>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace px::fuzz
