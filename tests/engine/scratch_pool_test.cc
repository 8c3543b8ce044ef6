#include "engine/scratch_pool.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <vector>

#include "polyxios/memory/memory_budget.h"
#include "polyxios/memory/page_memory.h"

namespace px {
namespace {

TEST(ScratchPool, SmallBlocksAreTheirSizeLargeOnesWholeGrainsOfHugePages) {
  ScratchPool pool;
  size_t capacity = 0;
  void* small = pool.acquire(100, &capacity);
  EXPECT_EQ(capacity, 100u);
  std::memset(small, 1, 100);
  pool.release(small, capacity);
  void* large = pool.acquire((3 << 20) + 1, &capacity);
  EXPECT_EQ(capacity, (size_t{3} << 20) + (size_t{64} << 10));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(large) % kHugePage, 0u);
  std::memset(large, 2, 3 << 20);
  pool.release(large, capacity);
}

TEST(ScratchPool, LargeBlocksShareTheHugePagesOfOneMapping) {
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 40);
  MemoryBudgetScope scope(budget);
  ScratchPool pool;
  const size_t array = 300 << 10;  // three of them fit in one huge page, in 320 KiB each
  size_t first = 0, second = 0, third = 0;
  char* a = static_cast<char*>(pool.acquire(array, &first));
  char* b = static_cast<char*>(pool.acquire(array, &second));
  char* c = static_cast<char*>(pool.acquire(array, &third));
  EXPECT_EQ(first, size_t{320} << 10);
  EXPECT_EQ(b, a + first);
  EXPECT_EQ(c, b + second);
  EXPECT_EQ(budget->peak(), kHugePage);  // one mapping
  std::memset(a, 1, first);
  std::memset(b, 2, second);
  std::memset(c, 3, third);
  EXPECT_EQ(a[first - 1], 1);
  EXPECT_EQ(b[0], 2);
  pool.release(b, second);
  pool.release(a, first);
  pool.release(c, third);
  EXPECT_EQ(pool.released_bytes(), kHugePage);  // joined again with the page's rest
  size_t whole = 0;
  EXPECT_EQ(pool.acquire(kHugePage, &whole), a);
  pool.release(a, whole);
}

TEST(ScratchPool, AReleasedLargeBlockIsReusedAndSplit) {
  ScratchPool pool;
  size_t capacity = 0;
  char* block = static_cast<char*>(pool.acquire(4 * kHugePage, &capacity));
  ASSERT_EQ(capacity, 4 * kHugePage);
  pool.release(block, capacity);
  // The smallest released block that holds it, cut to size; the rest stays released.
  size_t first = 0;
  void* a = pool.acquire(kHugePage, &first);
  EXPECT_EQ(a, block);
  EXPECT_EQ(first, kHugePage);
  size_t second = 0;
  void* b = pool.acquire(3 * kHugePage, &second);
  EXPECT_EQ(b, block + kHugePage);
  EXPECT_EQ(second, 3 * kHugePage);
  // Nothing released holds more: a new mapping.
  size_t third = 0;
  void* c = pool.acquire(kHugePage, &third);
  EXPECT_NE(c, a);
  EXPECT_NE(c, b);
  pool.release(a, first);
  pool.release(b, second);
  pool.release(c, third);
}

TEST(ScratchPool, ReleasedNeighboursJoinIntoOneBlock) {
  ScratchPool pool;
  size_t capacity = 0;
  char* block = static_cast<char*>(pool.acquire(4 * kHugePage, &capacity));
  pool.release(block, capacity);
  size_t first = 0, second = 0, third = 0;
  void* a = pool.acquire(kHugePage, &first);
  void* b = pool.acquire(2 * kHugePage, &second);
  void* c = pool.acquire(kHugePage, &third);
  ASSERT_EQ(b, block + kHugePage);
  ASSERT_EQ(c, block + 3 * kHugePage);
  // Released out of order, each joins the ones beside it: the middle one last joins both.
  pool.release(a, first);
  pool.release(c, third);
  pool.release(b, second);
  size_t whole = 0;
  EXPECT_EQ(pool.acquire(4 * kHugePage, &whole), block);
  EXPECT_EQ(whole, 4 * kHugePage);
  pool.release(block, whole);
}

TEST(ScratchPool, ReleasedBlocksTooSmallForAnAcquireAreUnmappedBeforeMore) {
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 40);
  MemoryBudgetScope scope(budget);
  ScratchPool pool;
  size_t small = 0;
  void* first = pool.acquire(kHugePage, &small);
  pool.release(first, small);
  size_t large = 0;
  void* block = pool.acquire(3 * kHugePage, &large);
  // The released huge page went back before the three were mapped: never four at once.
  EXPECT_EQ(budget->peak(), 3 * kHugePage);
  pool.release(block, large);
}

TEST(ScratchPool, KeepingAtMostSoMuchGivesBackTheLargestReleasedBlocksFirst) {
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 40);
  MemoryBudgetScope scope(budget);
  ScratchPool pool;
  size_t one = 0, between = 0, three = 0;
  void* a = pool.acquire(kHugePage, &one);
  void* in_use = pool.acquire(kHugePage, &between);  // keeps the two released apart
  void* b = pool.acquire(3 * kHugePage, &three);
  pool.release(a, one);
  pool.release(b, three);
  ASSERT_EQ(pool.released_bytes(), 4 * kHugePage);
  pool.keep_released_at_most(4 * kHugePage);
  EXPECT_EQ(pool.released_bytes(), 4 * kHugePage);
  pool.keep_released_at_most(2 * kHugePage);
  EXPECT_EQ(pool.released_bytes(), kHugePage);  // the three went, the one stays
  size_t again = 0;
  EXPECT_EQ(pool.acquire(kHugePage, &again), a);
  pool.release(a, again);
  pool.keep_released_at_most(0);
  EXPECT_EQ(pool.released_bytes(), 0u);
  pool.release(in_use, between);
  // The budget was given back what was unmapped: mapping the three again does not pass the peak.
  size_t later = 0;
  void* c = pool.acquire(3 * kHugePage, &later);
  EXPECT_EQ(budget->peak(), 5 * kHugePage);
  pool.release(c, later);
}

TEST(ScratchPool, AnAllocatorForVectorsKeepsTheirValuesAsTheyGrow) {
  ScratchPool pool;
  std::vector<uint64_t, ScratchAllocator<uint64_t>> values{ScratchAllocator<uint64_t>(&pool)};
  for (uint64_t i = 0; i < 1'000'000; ++i) values.push_back(i * 3);
  for (uint64_t i = 0; i < values.size(); i += 4999) EXPECT_EQ(values[i], i * 3);
  std::vector<int, ScratchAllocator<int>> without_pool;  // malloc
  without_pool.assign(70000, 5);
  EXPECT_EQ(without_pool[69999], 5);
}

}  // namespace
}  // namespace px
