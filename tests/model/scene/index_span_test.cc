#include "polyxios/scene/index_span.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

#include "gtest/gtest.h"

namespace px {
namespace {

static_assert(std::random_access_iterator<IndexSpan::iterator>);

std::vector<uint32_t> values_of(IndexSpan span) { return {span.begin(), span.end()}; }

TEST(IndexSpan, NarrowAndWideReadTheSameValues) {
  const uint16_t narrow[] = {0, 7, 65535, 3};
  const uint32_t wide[] = {0, 7, 65535, 3};
  const IndexSpan a = narrow, b = wide;
  EXPECT_TRUE(a.narrow());
  EXPECT_FALSE(b.narrow());
  EXPECT_EQ(a.size_bytes(), 8u);
  EXPECT_EQ(b.size_bytes(), 16u);
  EXPECT_EQ(values_of(a), values_of(b));
  EXPECT_TRUE(std::ranges::equal(a, b));
  EXPECT_EQ(a[2], 65535u);
  EXPECT_EQ(a.front(), 0u);
  EXPECT_EQ(b.back(), 3u);
  EXPECT_EQ(a.data(), static_cast<const void*>(narrow));
}

TEST(IndexSpan, SubspansKeepTheirWidth) {
  const uint16_t narrow[] = {1, 2, 3, 4, 5};
  const IndexSpan cell = IndexSpan(narrow).subspan(1, 3);
  EXPECT_TRUE(cell.narrow());
  EXPECT_EQ(values_of(cell), (std::vector<uint32_t>{2, 3, 4}));
  EXPECT_EQ(values_of(cell.first(2)), (std::vector<uint32_t>{2, 3}));
  EXPECT_TRUE(IndexSpan(narrow).subspan(5, 0).empty());
}

TEST(IndexSpan, VisitHandsOverTheValuesAtTheirOwnWidth) {
  std::vector<uint32_t> wide = {4, 5, 6};
  std::vector<uint16_t> narrow = {4, 5, 6};
  auto width = [](auto values) { return sizeof(values[0]); };
  EXPECT_EQ(IndexSpan(std::span<uint32_t>(wide)).visit(width), 4u);
  EXPECT_EQ(IndexSpan(std::span<uint16_t>(narrow)).visit(width), 2u);
  auto sum = [](auto values) {
    uint32_t s = 0;
    for (uint32_t v : values) s += v;
    return s;
  };
  EXPECT_EQ(IndexSpan(std::span<uint16_t>(narrow)).visit(sum), 15u);
}

TEST(IndexSpan, HighestIsTheLargestValueAtEitherWidth) {
  const uint16_t narrow[] = {3, 65535, 7};
  const uint32_t wide[] = {3, 70000, 7};
  EXPECT_EQ(IndexSpan(narrow).highest(), 65535u);
  EXPECT_EQ(IndexSpan(wide).highest(), 70000u);
  EXPECT_EQ(IndexSpan(wide).subspan(2, 1).highest(), 7u);
  EXPECT_EQ(IndexSpan().highest(), 0u);
}

TEST(IndexSpan, IteratorsOfATemporaryViewStayGood) {
  const uint32_t wide[] = {9, 8, 7};
  IndexSpan::iterator it = IndexSpan(wide).begin();
  it += 2;
  EXPECT_EQ(*it, 7u);
  EXPECT_EQ(it[-1], 8u);
  EXPECT_EQ(IndexSpan(wide).end() - IndexSpan(wide).begin(), 3);
}

TEST(IndexSpan, NarrowingInPlaceKeepsEveryValueBelow65536) {
  for (size_t n : {0, 1, 7, 8, 9, 16, 33, 1000}) {
    std::vector<uint32_t> wide(n);
    for (size_t i = 0; i < n; ++i) wide[i] = static_cast<uint32_t>((i * 40503u) % 65536u);
    if (n > 0) wide[n - 1] = 65535;
    const std::vector<uint32_t> expected = wide;
    std::span<uint16_t> narrow = narrow_in_place(wide);
    EXPECT_EQ(static_cast<void*>(narrow.data()), static_cast<void*>(wide.data()));
    EXPECT_EQ(values_of(narrow), expected) << n << " values";
  }
}

TEST(IndexSpan, DefaultIsEmpty) {
  const IndexSpan none;
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.begin(), none.end());
  EXPECT_FALSE(none.narrow());
}

}  // namespace
}  // namespace px
