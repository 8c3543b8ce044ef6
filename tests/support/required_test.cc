// required.h's macros: PX_SKIP_UNLESS_REQUIRED fails the test under PX_REQUIRE_ALL=1, naming what
// is missing, and PX_EXPECT_PRESENT adds a failure only then (the skip without the switch is
// required_test.py's, over a corpus test's binary).
#include "tests/support/required.h"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>
#include <stdlib.h>

namespace px {
namespace {

class RequireAll : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(setenv("PX_REQUIRE_ALL", "1", 1), 0); }
  void TearDown() override { unsetenv("PX_REQUIRE_ALL"); }
};

void skip_for_want_of_the_corpus() { PX_SKIP_UNLESS_REQUIRED() << "no corpus at /nowhere"; }

TEST_F(RequireAll, ASkipIsAFailureNamingWhatIsMissing) {
  EXPECT_FATAL_FAILURE(skip_for_want_of_the_corpus(), "no corpus at /nowhere");
  EXPECT_FATAL_FAILURE(skip_for_want_of_the_corpus(), "PX_REQUIRE_ALL=1");
}

TEST_F(RequireAll, AMissingPartIsAFailureNamingIt) {
  EXPECT_NONFATAL_FAILURE(PX_EXPECT_PRESENT(false) << "corpus/a.dae", "corpus/a.dae");
}

TEST_F(RequireAll, OnlyTheValueOneSwitchesItOn) {
  ASSERT_EQ(setenv("PX_REQUIRE_ALL", "0", 1), 0);
  EXPECT_FALSE(test_support::all_required());
  PX_EXPECT_PRESENT(false) << "nothing required";
  ASSERT_EQ(setenv("PX_REQUIRE_ALL", "1", 1), 0);
  EXPECT_TRUE(test_support::all_required());
}

TEST(RequiredWithoutTheSwitch, WhatIsPresentIsNeverAFailure) {
  unsetenv("PX_REQUIRE_ALL");
  PX_EXPECT_PRESENT(true) << "here";
  PX_EXPECT_PRESENT(false) << "not required";
}

}  // namespace
}  // namespace px
