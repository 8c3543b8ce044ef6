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
  coded.assign(splits.size(), [&](size_t i) { return splits[i]; });
  EXPECT_EQ(coded.count(), splits.size());
  std::vector<uint32_t> expected = {0, 1, 2};
  expected.insert(expected.end(), splits.begin(), splits.end());
  EXPECT_EQ(coded.vertex_positions(3), expected);
}

TEST(SplitPositions, NearbyPositionsTakeAByteEach) {
  // A mesh's corners run over nearby positions: differences within +-63 take one byte.
  std::vector<uint32_t> splits;
  for (uint32_t i = 0; i < 1000; ++i) splits.push_back(100000 + (i * 7) % 50);
  SplitPositions coded;
  coded.assign(splits.size(), [&](size_t i) { return splits[i]; });
  EXPECT_LE(coded.coded_bytes(), splits.size() + 2);  // the first difference, from 0, is 3 bytes
  std::vector<uint32_t> back = coded.vertex_positions(0);
  EXPECT_EQ(back, splits);
}

TEST(SplitPositions, NoSplitsIsTheIdentity) {
  SplitPositions coded;
  EXPECT_EQ(coded.vertex_positions(4), (std::vector<uint32_t>{0, 1, 2, 3}));
  coded.assign(0, [](size_t) { return uint32_t{9}; });
  EXPECT_EQ(coded.coded_bytes(), 0u);
  EXPECT_TRUE(coded.vertex_positions(0).empty());
}

}  // namespace
}  // namespace px::collada
