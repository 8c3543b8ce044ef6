// What a test needs from outside the repository (the shared corpus, the COLLADA schema, a tool):
// where it is absent the test is skipped, unless PX_REQUIRE_ALL=1 (set by .ci/run) is in the
// environment, which makes every such skip a failure naming what is missing. The other languages'
// helpers: required.py, required.mjs, required.sh beside this file.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string_view>

namespace px::test_support {

inline bool all_required() {
  const char* env = std::getenv("PX_REQUIRE_ALL");
  return env != nullptr && std::string_view(env) == "1";
}

}  // namespace px::test_support

// In a test body or SetUp, as GTEST_SKIP() is: skips the test, or fails it under
// PX_REQUIRE_ALL=1; what follows the macro's << names what is missing:
//   if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << corpus_dir();
// (GTEST_SKIP and FAIL are both this message with another result type.)
#define PX_SKIP_UNLESS_REQUIRED()                                                            \
  return GTEST_MESSAGE_(                                                                     \
      ::px::test_support::all_required() ? "missing, and PX_REQUIRE_ALL=1 requires it" : "", \
      ::px::test_support::all_required() ? ::testing::TestPartResult::kFatalFailure          \
                                         : ::testing::TestPartResult::kSkip)

// A part of a test needs what is missing: the test goes on without it, and under PX_REQUIRE_ALL=1
// fails at its end (a non-fatal failure), naming what follows the macro's <<:
//   PX_EXPECT_PRESENT(fs::exists(file)) << file;
#define PX_EXPECT_PRESENT(present)                      \
  GTEST_AMBIGUOUS_ELSE_BLOCKER_                         \
  if ((present) || !::px::test_support::all_required()) \
    ;                                                   \
  else                                                  \
    ADD_FAILURE() << "missing, and PX_REQUIRE_ALL=1 requires it: "
