// The one pass over an accessor's values: each part found as the rules that use it count, the
// parts that do not apply to a column left out, and a column scanned in pieces giving what one
// pass over the whole gives (the first of equal extremes kept, breaks counted from the first).
#include "formats/gltf/read/accessor_scan.h"

#include <cmath>
#include <limits>
#include <vector>

#include "gtest/gtest.h"

namespace px::gltf::testing {
namespace {

constexpr unsigned kAll =
    kScanExtremes | kScanNonFinite | kScanUnit | kScanSign | kScanClamp | kScanIndices;

template <class T>
Column column_of(const std::vector<T>& values, size_t cols) {
  return Column::of<T>(std::span<const T>(values), cols);
}

TEST(AccessorScan, ExtremesPerComponentSkipNaNAndKeepTheFirstOfEqualValues) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> values = {0.0f, nan, 5, -0.0f, 2, 7, 3, nan, -1};
  ValueScan scan = scan_column(column_of(values, 3), kScanExtremes, 0);
  ASSERT_EQ(scan.lo.size(), 3u);
  EXPECT_EQ(scan.lo, (std::vector<double>{0, 2, -1}));
  EXPECT_EQ(scan.hi, (std::vector<double>{3, 2, 7}));
  // +0 came before -0: the minimum is +0, as a single pass with `<` keeps it.
  EXPECT_FALSE(std::signbit(scan.lo[0]));
  // A component of NaN only has no extremes.
  ValueScan nans = scan_column(column_of(std::vector<float>{nan, nan}, 1), kScanExtremes, 0);
  EXPECT_GT(nans.lo[0], nans.hi[0]);
}

TEST(AccessorScan, IntegerExtremesAndIndices) {
  const std::vector<uint16_t> values = {4, 65535, 0, 9, 65535};
  ValueScan scan = scan_column(column_of(values, 1), kScanExtremes | kScanIndices, 65535);
  EXPECT_EQ(scan.lo[0], 0);
  EXPECT_EQ(scan.hi[0], 65535);
  EXPECT_EQ(scan.max_index, 65535u);
  EXPECT_EQ(scan.restart.count, 2u);
  EXPECT_EQ(scan.restart.first, 1u);
}

TEST(AccessorScan, FloatRulesCountWhatBreaksThemAndWhereFirst) {
  const float inf = std::numeric_limits<float>::infinity();
  // TANGENT rows: one of length 2, one with w = 0.5, one infinite.
  const std::vector<float> tangents = {1, 0, 0, 1, 2, 0, 0, -1, 0, 1, 0, 0.5f, inf, 0, 0, 1};
  ValueScan scan =
      scan_column(column_of(tangents, 4), kScanNonFinite | kScanUnit | kScanSign | kScanClamp, 0);
  EXPECT_EQ(scan.non_finite.count, 1u);
  EXPECT_EQ(scan.non_finite.first, 12u);
  EXPECT_EQ(scan.length.count, 2u);  // the row of length 2 and the infinite one
  EXPECT_EQ(scan.length.first, 1u);
  EXPECT_EQ(scan.length.value, 2);
  EXPECT_EQ(scan.sign.count, 1u);
  EXPECT_EQ(scan.sign.first, 2u);
  EXPECT_EQ(scan.sign.value, 0.5);
  EXPECT_EQ(scan.clamp.count, 3u);  // 2, -1 and inf
  EXPECT_EQ(scan.clamp.first, 4u);
}

TEST(AccessorScan, PartsThatDoNotApplyAreLeftOut) {
  const std::vector<int16_t> shorts = {1, 2, 3};
  EXPECT_EQ(applicable_parts(column_of(shorts, 3), kAll), unsigned{kScanExtremes});
  const std::vector<uint8_t> bytes = {1, 2, 3, 4};
  EXPECT_EQ(applicable_parts(column_of(bytes, 1), kAll), unsigned{kScanExtremes | kScanIndices});
  EXPECT_EQ(applicable_parts(column_of(bytes, 2), kAll), unsigned{kScanExtremes});
  const std::vector<float> vec3 = {1, 2, 3};
  EXPECT_EQ(applicable_parts(column_of(vec3, 3), kAll),
            unsigned{kScanExtremes | kScanNonFinite | kScanUnit | kScanClamp});
  ValueScan scan = scan_column(column_of(vec3, 3), kScanSign | kScanIndices, 0);
  EXPECT_EQ(scan.parts, 0u);
}

TEST(AccessorScan, PiecesGiveWhatTheWholeGives) {
  std::vector<float> values;
  for (int i = 0; i < 3000; ++i) {
    const float x = static_cast<float>(std::sin(i * 0.37) * 2);
    values.insert(values.end(), {x, i % 7 == 0 ? -0.0f : 0.0f, 1.0f / (1 + i % 5)});
  }
  values[3 * 1234 + 2] = std::numeric_limits<float>::quiet_NaN();
  const Column c = column_of(values, 3);
  const unsigned parts = kScanExtremes | kScanNonFinite | kScanUnit | kScanClamp;
  const ValueScan whole = scan_column(c, parts, 0);
  ValueScan pieces;
  for (size_t first = 0; first < c.rows; first += 77) {
    scan_rows(c, first, std::min(c.rows, first + 77), parts, 0, pieces);
  }
  EXPECT_EQ(pieces.parts, whole.parts);
  for (size_t j = 0; j < 3; ++j) {
    EXPECT_EQ(pieces.lo[j], whole.lo[j]);
    EXPECT_EQ(std::signbit(pieces.lo[j]), std::signbit(whole.lo[j]));
    EXPECT_EQ(pieces.hi[j], whole.hi[j]);
    EXPECT_EQ(std::signbit(pieces.hi[j]), std::signbit(whole.hi[j]));
  }
  for (auto member : {&ValueScan::non_finite, &ValueScan::length, &ValueScan::clamp}) {
    EXPECT_EQ((pieces.*member).count, (whole.*member).count);
    EXPECT_EQ((pieces.*member).first, (whole.*member).first);
  }
  EXPECT_EQ(whole.non_finite.count, 1u);
  EXPECT_EQ(whole.non_finite.first, 3u * 1234 + 2);
}

TEST(AccessorScan, AddPartsTakesOnlyWhatIsMissing) {
  const std::vector<float> values = {3, 0, 0, 0, 1, 0};
  const Column c = column_of(values, 3);
  ValueScan scan = scan_column(c, kScanNonFinite, 0);
  add_parts(scan, scan_column(c, kScanUnit | kScanNonFinite, 0));
  EXPECT_EQ(scan.parts, unsigned{kScanNonFinite | kScanUnit});
  EXPECT_EQ(scan.length.count, 1u);
  EXPECT_EQ(scan.length.value, 3);
}

}  // namespace
}  // namespace px::gltf::testing
