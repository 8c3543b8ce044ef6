// float_extremes and first_non_finite against the plain pass in order they stand for: every width,
// lengths that leave a tail, NaN, infinities, and -0 beside 0 in any lane.
#include "formats/gltf/float_extremes.h"

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace px::gltf::testing {
namespace {

// The pass in order: strict comparisons from the given starting bounds.
void reference(const std::vector<float>& values, size_t cols, std::vector<double>& lo,
               std::vector<double>& hi) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i] < lo[i % cols]) lo[i % cols] = values[i];
    if (values[i] > hi[i % cols]) hi[i % cols] = values[i];
  }
}

bool same(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
}

TEST(FloatExtremes, MatchesThePassInOrder) {
  std::mt19937 random(7);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const float pool[] = {0.0f, -0.0f, 1.5f, -2.0f, nan, inf, -inf, 3.0f, 0.0f, -0.0f};
  for (size_t cols : {1, 2, 3, 4, 5, 9, 16}) {
    for (size_t rows : {1, 2, 3, 4, 5, 7, 12, 13, 100, 1001}) {
      for (int trial = 0; trial < 20; ++trial) {
        std::vector<float> values(rows * cols);
        // Mostly zeros of both signs, so that which zero comes first is what is tested.
        for (float& v : values) v = pool[random() % (trial % 2 == 0 ? 2 : 10)];
        std::vector<double> lo(cols, std::numeric_limits<double>::infinity());
        std::vector<double> hi(cols, -std::numeric_limits<double>::infinity());
        std::vector<double> want_lo = lo, want_hi = hi;
        float_extremes(values.data(), rows, cols, lo.data(), hi.data());
        reference(values, cols, want_lo, want_hi);
        for (size_t j = 0; j < cols; ++j) {
          EXPECT_TRUE(same(lo[j], want_lo[j])) << cols << " " << rows << " " << j;
          EXPECT_TRUE(same(hi[j], want_hi[j])) << cols << " " << rows << " " << j;
        }
      }
    }
  }
}

TEST(FloatExtremes, MergesIntoEarlierBoundsKeepingTheEarlierOfEqualOnes) {
  std::vector<double> lo = {-0.0, 5}, hi = {0.0, -5};
  const std::vector<float> values = {0.0f, 7, -0.0f, 3};
  float_extremes(values.data(), 2, 2, lo.data(), hi.data());
  EXPECT_TRUE(std::signbit(lo[0]));
  EXPECT_FALSE(std::signbit(hi[0]));
  EXPECT_EQ(lo[1], 3);
  EXPECT_EQ(hi[1], 7);
}

TEST(FloatExtremes, FirstNonFinite) {
  std::vector<float> values(37, 1.0f);
  EXPECT_EQ(first_non_finite(values.data(), values.size()), values.size());
  values[29] = -std::numeric_limits<float>::infinity();
  values[33] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(first_non_finite(values.data(), values.size()), 29u);
  values[3] = std::numeric_limits<float>::max();  // finite
  values[4] = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(first_non_finite(values.data(), values.size()), 29u);
  EXPECT_EQ(first_non_finite(values.data(), 0), 0u);
}

}  // namespace
}  // namespace px::gltf::testing
