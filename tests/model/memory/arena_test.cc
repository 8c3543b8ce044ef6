#include "polyxios/memory/arena.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "polyxios/memory/page_memory.h"

namespace px {
namespace {

TEST(ArenaTest, HandsOutZeroedAlignedStorageSmallAndLarge) {
  Arena arena;
  size_t asked = 0;
  // From a few bytes to blocks of their own past the huge-page size.
  for (size_t n : {size_t{1}, size_t{3}, size_t{1000}, size_t{70000}, size_t{1} << 20,
                   size_t{3} << 20, size_t{5}, size_t{9} << 20, size_t{17}}) {
    std::span<uint32_t> a = arena.allocate<uint32_t>(n);
    ASSERT_EQ(a.size(), n);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(a.data()) % alignof(uint32_t), 0u);
    for (size_t i = 0; i < n; i += 997) EXPECT_EQ(a[i], 0u) << n << " " << i;
    EXPECT_EQ(a[n - 1], 0u);
    for (uint32_t& v : a) v = 0xdeadbeef;  // written whole: nothing else may overlap it
    asked += n * sizeof(uint32_t);
    std::span<double> d = arena.allocate<double>(3);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(d.data()) % alignof(double), 0u);
    EXPECT_EQ(d[0] + d[1] + d[2], 0.0);
    asked += 3 * sizeof(double);
  }
  EXPECT_EQ(arena.bytes(), asked);
  EXPECT_TRUE(arena.allocate<float>(0).empty());
}

TEST(ArenaTest, CopiesValues) {
  Arena arena;
  std::vector<int> values = {1, 2, 3, 4};
  std::span<int> copy = arena.copy<int>(values);
  values[0] = 9;
  EXPECT_EQ(copy[0], 1);
  EXPECT_EQ(copy[3], 4);
}

TEST(ArenaTest, KeepsARetainedOwnerAliveAsLongAsItself) {
  auto owner = std::make_shared<int>(7);
  std::weak_ptr<int> watch = owner;
  {
    Arena arena;
    arena.retain(std::move(owner));
    EXPECT_FALSE(watch.expired());
  }
  EXPECT_TRUE(watch.expired());
}

TEST(ArenaTest, RepeatedValuesShareOneArrayPerValue) {
  Arena arena;
  std::span<const int32_t> three = arena.repeated(7, 3);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three[0] + three[1] + three[2], 21);
  const size_t bytes = arena.bytes();
  std::span<const int32_t> two = arena.repeated(7, 2);
  EXPECT_EQ(two.data(), three.data());  // shorter: the same array
  EXPECT_EQ(arena.bytes(), bytes);
  std::span<const int32_t> other = arena.repeated(-1, 2);
  EXPECT_EQ(other[1], -1);
  EXPECT_NE(other.data(), three.data());
  // Longer: a new array, twice the old one's length at least, which later calls share.
  std::span<const int32_t> hundred = arena.repeated(7, 100);
  ASSERT_EQ(hundred.size(), 100u);
  for (int32_t v : hundred) ASSERT_EQ(v, 7);
  EXPECT_EQ(arena.repeated(7, 50).data(), hundred.data());
  EXPECT_EQ(three[2], 7);  // earlier views stay valid
  EXPECT_TRUE(arena.repeated(3, 0).empty());
  // Another type with the same bytes is another array.
  std::span<const uint8_t> bytes7 = arena.repeated(uint8_t{7}, 4);
  EXPECT_NE(static_cast<const void*>(bytes7.data()), static_cast<const void*>(hundred.data()));
  EXPECT_EQ(bytes7[3], 7);
}

TEST(ArenaTest, SteppedSeriesAreSharedPerStep) {
  Arena arena;
  std::span<const uint32_t> three = arena.stepped(uint32_t{3}, 4);
  EXPECT_EQ(std::vector<uint32_t>(three.begin(), three.end()), (std::vector<uint32_t>{0, 3, 6, 9}));
  std::span<const uint32_t> longer = arena.stepped(uint32_t{3}, 1000);
  EXPECT_EQ(longer[999], 2997u);
  EXPECT_EQ(arena.stepped(uint32_t{3}, 2).data(), longer.data());
  EXPECT_EQ(arena.stepped(uint32_t{2}, 3)[2], 4u);
  EXPECT_EQ(arena.repeated(uint32_t{3}, 2)[1], 3u);  // repeated 3 is not stepped 3
}

TEST(ArenaTest, ShrinkingTheLatestAllocationGivesItsEndToTheNextZeroed) {
  Arena arena;
  std::span<uint32_t> first = arena.allocate<uint32_t>(64);
  std::fill(first.begin(), first.end(), 0xffffffffu);
  const size_t before = arena.bytes();
  arena.shrink_last(first.data(), first.size_bytes(), 16 * sizeof(uint32_t));
  EXPECT_EQ(arena.bytes(), before - 48 * sizeof(uint32_t));
  std::span<uint32_t> next = arena.allocate<uint32_t>(48);
  EXPECT_EQ(next.data(), first.data() + 16);
  EXPECT_TRUE(std::all_of(next.begin(), next.end(), [](uint32_t v) { return v == 0; }));
  EXPECT_EQ(first[15], 0xffffffffu);
  // Not the latest allocation: nothing changes.
  const size_t now = arena.bytes();
  arena.shrink_last(first.data(), 16 * sizeof(uint32_t), 4);
  EXPECT_EQ(arena.bytes(), now);
  EXPECT_EQ(first[2], 0xffffffffu);
  // A large array with a block of its own keeps it whole.
  std::span<uint32_t> large = arena.allocate<uint32_t>(size_t{4} << 20);
  const size_t with_large = arena.bytes();
  arena.shrink_last(large.data(), large.size_bytes(), 8);
  EXPECT_EQ(arena.bytes(), with_large);
}

TEST(PageMemory, MapsZeroedBlocksInWholeHugePagesFromTheirSize) {
  size_t mapped = 0;
  void* small = map_pages(5000, &mapped);
  EXPECT_EQ(mapped, 8192u);
  EXPECT_EQ(static_cast<char*>(small)[4999], 0);
  unmap_pages(small, mapped);
  void* big = map_pages(kHugePage + 1, &mapped);
  EXPECT_EQ(mapped, 2 * kHugePage);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big) % kHugePage, 0u);
  static_cast<char*>(big)[mapped - 1] = 1;
  EXPECT_EQ(static_cast<char*>(big)[kHugePage], 0);
  unmap_pages(big, mapped);
}

}  // namespace
}  // namespace px
