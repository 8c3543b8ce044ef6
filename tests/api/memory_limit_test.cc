// ReadOptions::limits.max_memory_bytes (convert --max-memory): a read whose arrays would take
// more than the limit is refused with limits.memory, one whose arrays fit is not; tested at the
// edge, in both formats, and on a budget's own counting.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>

#include "formats/polyxios.h"
#include "model/memory_budget.h"
#include "tests/api/api_test_util.h"
#include "tests/support/scratch_dir_test.h"

namespace px {
namespace {

namespace fs = std::filesystem;
using MemoryLimit = test_support::ScratchDirTest;

absl::Status read_under(const fs::path& path, uint64_t limit) {
  ReadOptions options;
  options.threads = 1;  // one order of allocations, so that the edge is one number
  options.limits.max_memory_bytes = limit;
  Diagnostics d;
  return read_scene(path, options, d).status();
}

// The smallest limit the read passes under (bisection; a read needs more under a lower one).
uint64_t smallest_limit(const fs::path& path) {
  uint64_t low = 0, high = uint64_t{1} << 30;  // refused at low, read at high
  EXPECT_TRUE(read_under(path, high).ok());
  while (high - low > 1) {
    uint64_t mid = low + (high - low) / 2;
    (read_under(path, mid).ok() ? high : low) = mid;
  }
  return high;
}

void expect_edge(const fs::path& path) {
  uint64_t limit = smallest_limit(path);
  EXPECT_GT(limit, 0u);
  EXPECT_TRUE(read_under(path, limit).ok());
  absl::Status refused = read_under(path, limit - 1);
  EXPECT_EQ(refused.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(testing::rule_of(refused), "limits.memory") << refused;
}

TEST_F(MemoryLimit, AColladaReadIsRefusedOneByteBelowWhatItsArraysNeed) {
  expect_edge(fs::path(PX_SOURCE_DIR) / "corpus/samples/robot_arm.dae");
}

TEST_F(MemoryLimit, AGlbReadIsRefusedOneByteBelowWhatItsArraysNeed) {
  Diagnostics d;
  absl::StatusOr<Scene> scene =
      read_scene(fs::path(PX_SOURCE_DIR) / "corpus/samples/robot_arm.dae", {}, d);
  ASSERT_TRUE(scene.ok()) << scene.status();
  ASSERT_TRUE(write_scene(*scene, dir_ / "robot.glb", {}, d).ok());
  expect_edge(dir_ / "robot.glb");
}

TEST_F(MemoryLimit, TheLimitIsTheReadsNotTheProcesss) {
  // A scene read under a limit and kept is no charge on the next read.
  fs::path robot = fs::path(PX_SOURCE_DIR) / "corpus/samples/robot_arm.dae";
  uint64_t limit = smallest_limit(robot);
  ReadOptions options;
  options.threads = 1;
  options.limits.max_memory_bytes = limit;
  Diagnostics d;
  absl::StatusOr<Scene> first = read_scene(robot, options, d);
  absl::StatusOr<Scene> second = read_scene(robot, options, d);
  EXPECT_TRUE(first.ok() && second.ok());
}

TEST(MemoryBudget, ChargesUpToItsLimitAndRemembersItsPeak) {
  MemoryBudget budget(100);
  budget.charge(60);
  budget.charge(40);
  EXPECT_THROW(budget.charge(1), MemoryLimitExceeded);
  budget.release(50);
  budget.charge(10);
  EXPECT_EQ(budget.peak(), 100u);
  EXPECT_THROW(budget.charge(uint64_t{1} << 62), MemoryLimitExceeded);
  try {
    budget.charge(1000);
  } catch (const MemoryLimitExceeded& e) {
    EXPECT_EQ(e.limit(), 100u);
  }
}

TEST(MemoryBudget, AnArenaMadeUnderAScopeChargesItsBlocksAndGivesThemBack) {
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 20);
  {
    MemoryBudgetScope scope(budget);
    Arena arena;
    arena.allocate<float>(1000);
    EXPECT_GE(budget->peak(), 4000u);
    EXPECT_THROW(arena.allocate<char>(size_t{2} << 20), MemoryLimitExceeded);
  }
  EXPECT_EQ(current_memory_budget(), nullptr);
  budget->charge(uint64_t{1} << 20);  // everything the arena took was given back
}

}  // namespace
}  // namespace px
