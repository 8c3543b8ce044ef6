#include "formats/collada/read/split_positions.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace px::collada {
namespace {

TEST(SplitPositions, EveryVertexReadsBackItsPosition) {
  // Rises, falls, repeats, and jumps by more than 2^31 either way: every width of the coding.
  const std::vector<uint32_t> splits = {0, 5, 5, 2, 130, 1, 20000, 3000000, 0, 4294967295u, 0, 7};
  SplitPositions coded;
  for (uint32_t p : splits) coded.add(p);
  coded.shrink_to_fit();
  EXPECT_EQ(coded.count(), splits.size());
  std::vector<uint32_t> expected = {0, 1, 2};
  expected.insert(expected.end(), splits.begin(), splits.end());
  EXPECT_EQ(coded.vertex_positions(3), expected);
}

TEST(SplitPositions, PositionsNextToOneOfTheLastFourTakeANibbleEach) {
  // A strip's corners alternate between two rows of a grid 1000 positions apart: each is far
  // from the position before it and next to the one before that.
  std::vector<uint32_t> splits;
  for (uint32_t i = 0; i < 1000; ++i) splits.push_back(100000 + (i % 2) * 1000 + i / 2);
  SplitPositions coded;
  for (uint32_t p : splits) coded.add(p);
  coded.shrink_to_fit();
  // The first two take an escape nibble and 3 bytes (the zigzag of 100000 less 3) or 2 (of
  // 1000): 7 and 5 nibbles; the 998 others one each.
  EXPECT_EQ(coded.coded_bytes(), (7 + 5 + 998) / 2u);
  EXPECT_EQ(coded.vertex_positions(0), splits);
}

TEST(SplitPositions, ARepeatOfAnyOfTheLastFourTakesANibble) {
  const std::vector<uint32_t> splits = {70000, 80000, 90000, 60000, 70000,
                                        80000, 90000, 60000, 60000, 90000};
  SplitPositions coded;
  for (uint32_t p : splits) coded.add(p);
  // Four far jumps of an escape nibble and 3 bytes each, then six repeats of a nibble.
  EXPECT_EQ(coded.coded_bytes(), (4 * 7 + 6) / 2u);
  EXPECT_EQ(coded.vertex_positions(2),
            (std::vector<uint32_t>{0, 1, 70000, 80000, 90000, 60000, 70000, 80000, 90000, 60000,
                                   60000, 90000}));
}

TEST(SplitPositions, DifferencesAroundTheEscapeReadBack) {
  // -2 .. +2 from the last position (two of them escaped), an odd count of nibbles.
  const std::vector<uint32_t> splits = {50, 48, 49, 50, 52, 51, 51, 50, 47};
  SplitPositions coded;
  for (uint32_t p : splits) coded.add(p);
  coded.shrink_to_fit();
  EXPECT_EQ(coded.vertex_positions(0), splits);
}

TEST(SplitPositions, NoSplitsIsTheIdentity) {
  SplitPositions coded;
  EXPECT_EQ(coded.vertex_positions(4), (std::vector<uint32_t>{0, 1, 2, 3}));
  coded.shrink_to_fit();
  EXPECT_EQ(coded.coded_bytes(), 0u);
  EXPECT_TRUE(coded.vertex_positions(0).empty());
}

}  // namespace
}  // namespace px::collada
