// Tests of formats/collada/write/number_text.cc: every number spelled byte for byte as
// std::to_chars spells it (NaN, INF and -INF for non-finite values), so it reads back
// bit-identical. Float32 is checked over whole binades, the subnormals and a stride through every
// bit pattern; PX_EXHAUSTIVE_FLOAT=1 checks all 2^32 (a few minutes). Float64 over random bit
// patterns, decimal-looking values, and the neighbours of every power of two and of ten.
#include "formats/collada/write/number_text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace px::collada {
namespace {

template <class T>
std::string ours(T value) {
  char buffer[kMaxNumberChars];
  return std::string(buffer, write_number(buffer, value));
}

template <class T>
std::string reference(T value) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "INF" : "-INF";
  }
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

// Compares without gtest's per-call cost; reports the first few differences.
class Comparison {
 public:
  template <class T>
  void check(T value) {
    ++checked_;
    char a[kMaxNumberChars];
    char b[64];
    std::string_view mine(a, static_cast<size_t>(write_number(a, value) - a));
    std::string_view theirs;
    if constexpr (std::is_floating_point_v<T>) {
      if (!std::isfinite(value)) {
        if (mine != reference(value)) fail(value, mine, reference(value));
        return;
      }
    }
    theirs =
        std::string_view(b, static_cast<size_t>(std::to_chars(b, b + sizeof b, value).ptr - b));
    if (mine != theirs) fail(value, mine, theirs);
  }
  ~Comparison() { EXPECT_EQ(failures_, 0) << "of " << checked_ << " values"; }

 private:
  template <class T>
  void fail(T value, std::string_view mine, std::string_view theirs) {
    if (++failures_ <= 10) {
      ADD_FAILURE() << "bits " << std::hex
                    << std::bit_cast<std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>(value)
                    << ": wrote " << mine << ", to_chars writes " << theirs;
    }
  }
  int64_t checked_ = 0;
  int64_t failures_ = 0;
};

float float_of(uint32_t bits) { return std::bit_cast<float>(bits); }

TEST(NumberText, SpecialValuesInXmlSchemaSpelling) {
  EXPECT_EQ(ours(0.0f), "0");
  EXPECT_EQ(ours(-0.0f), "-0");
  EXPECT_EQ(ours(-0.0), "-0");
  EXPECT_EQ(ours(std::numeric_limits<float>::quiet_NaN()), "NaN");
  EXPECT_EQ(ours(-std::numeric_limits<double>::quiet_NaN()), "NaN");
  EXPECT_EQ(ours(float_of(0x7F800001)), "NaN");  // a signalling payload
  EXPECT_EQ(ours(std::numeric_limits<float>::infinity()), "INF");
  EXPECT_EQ(ours(-std::numeric_limits<double>::infinity()), "-INF");
}

TEST(NumberText, ToCharsSpellingsOfTheTrickyCases) {
  EXPECT_EQ(ours(0.5f), "0.5");
  EXPECT_EQ(ours(-4.123457f), "-4.123457");
  EXPECT_EQ(ours(3.25e-05f), "3.25e-05");
  EXPECT_EQ(ours(0.0001f), "1e-04");   // shorter than 0.0001
  EXPECT_EQ(ours(0.001f), "0.001");    // a tie goes to fixed
  EXPECT_EQ(ours(10000.0f), "10000");  // a tie goes to fixed
  EXPECT_EQ(ours(100000.0f), "1e+05");
  EXPECT_EQ(ours(99999992.0f), "99999992");  // a whole number by its exact value, not 99999990
  EXPECT_EQ(ours(123456790528.0f), "123456790528");
  EXPECT_EQ(ours(1e22), "1e+22");
  EXPECT_EQ(ours(123456789012345683968.0), "123456789012345683968");
  EXPECT_EQ(ours(0.1), "0.1");
  EXPECT_EQ(ours(5e-324), "5e-324");
  EXPECT_EQ(ours(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(ours(std::numeric_limits<float>::denorm_min()), "1e-45");
  EXPECT_EQ(ours(std::numeric_limits<float>::max()), "3.4028235e+38");
}

TEST(NumberText, EveryFloat32OfTwoBinadesAndTheSmallestSubnormals) {
  Comparison c;
  for (uint32_t bits = 0x3F800000; bits < 0x40000000; ++bits) c.check(float_of(bits));  // [1, 2)
  for (uint32_t bits = 0x4B000000; bits < 0x4B800000; ++bits)
    c.check(float_of(bits));  // [2^23, 2^24)
  for (uint32_t bits = 0; bits < (1u << 20); ++bits) c.check(float_of(bits | 0x80000000u));
}

TEST(NumberText, Float32ByAStrideThroughEveryBitPattern) {
  Comparison c;
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 509) {
    c.check(float_of(static_cast<uint32_t>(bits)));
  }
}

TEST(NumberText, EveryFloat32WhenAskedFor) {
  const char* exhaustive = std::getenv("PX_EXHAUSTIVE_FLOAT");
  if (exhaustive == nullptr || std::string_view(exhaustive) != "1") {
    GTEST_SKIP() << "PX_EXHAUSTIVE_FLOAT=1 checks all 2^32 bit patterns";
  }
  Comparison c;
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); ++bits) {
    c.check(float_of(static_cast<uint32_t>(bits)));
  }
}

TEST(NumberText, Float64RandomBitPatternsAndDecimalLookingValues) {
  Comparison c;
  std::mt19937_64 random(12);
  for (int i = 0; i < 3'000'000; ++i) c.check(std::bit_cast<double>(random()));
  // Up to 17 digits times a power of ten: exporter output, with and without trailing zeros.
  for (int i = 0; i < 3'000'000; ++i) {
    const int digits = 1 + static_cast<int>(random() % 17);
    const auto mantissa =
        static_cast<double>(random() % static_cast<uint64_t>(std::pow(10, digits)));
    const int exponent = static_cast<int>(random() % 80) - 40;
    const double value = mantissa * std::pow(10.0, exponent);
    c.check(value);
    c.check(-value);
    c.check(static_cast<float>(value));
  }
  for (int64_t n = 0; n < 2'000'000; ++n) {  // whole numbers, many with trailing zeros
    c.check(static_cast<double>(n * 1000));
    c.check(static_cast<double>(n) / 64);
  }
}

TEST(NumberText, NeighboursOfEveryPowerOfTwoAndOfTen) {
  Comparison c;
  auto around = [&](double x) {
    double up = x, down = x;
    for (int i = 0; i < 4; ++i) {
      c.check(up);
      c.check(down);
      c.check(static_cast<float>(up));
      up = std::nextafter(up, INFINITY);
      down = std::nextafter(down, 0.0);
    }
  };
  for (int e = -1074; e <= 1023; ++e) {
    around(std::ldexp(1.0, e));
    around(std::ldexp(0.75, e));
  }
  for (int p = -323; p <= 308; ++p) {
    around(std::strtod(("1e" + std::to_string(p)).c_str(), nullptr));
  }
}

TEST(NumberText, WrittenFloatsReadBackBitIdentical) {
  std::mt19937 random(5);
  for (int i = 0; i < 100000; ++i) {
    const float f = float_of(random() & 0x7F7FFFFF);  // finite, positive
    const std::string text = ours(f);
    float parsed = 0;
    std::from_chars(text.data(), text.data() + text.size(), parsed);
    ASSERT_EQ(std::bit_cast<uint32_t>(parsed), std::bit_cast<uint32_t>(f)) << text;
    const double d = std::bit_cast<double>((uint64_t{random()} << 32 | random()) >> 1);
    if (!std::isfinite(d)) continue;
    const std::string dtext = ours(d);
    double dparsed = 0;
    std::from_chars(dtext.data(), dtext.data() + dtext.size(), dparsed);
    ASSERT_EQ(std::bit_cast<uint64_t>(dparsed), std::bit_cast<uint64_t>(d)) << dtext;
  }
}

// write_numbers remembers the texts of the floats it wrote last (a table of 1024 by their bits):
// a list that repeats values, and values that share a slot of the table, read the same as each
// written alone. Values found in the table, and ones that replace each other there.
TEST(NumberText, AFloatListWithRepeatsIsEveryValueAsWrittenAlone) {
  std::vector<float> values = {0.0f,
                               -0.0f,
                               0.0f,
                               1.5f,
                               -0.0f,
                               1.5f,
                               std::numeric_limits<float>::quiet_NaN(),
                               std::bit_cast<float>(0x7FC00001u),  // another NaN's bits
                               std::numeric_limits<float>::infinity(),
                               -std::numeric_limits<float>::infinity(),
                               std::numeric_limits<float>::denorm_min(),
                               -std::numeric_limits<float>::max(),
                               1e-38f,
                               123456789.0f};
  std::mt19937 random(11);
  std::vector<float> pool;
  for (int i = 0; i < 3000; ++i) pool.push_back(float_of(random() & 0xFF7FFFFF));
  for (int i = 0; i < 200000; ++i) values.push_back(pool[random() % pool.size()]);
  for (int i = 0; i < 2; ++i) {  // the second time, the table holds the first list's texts
    std::string alone;
    for (size_t k = 0; k < values.size(); ++k) alone += (k > 0 ? " " : "") + ours(values[k]);
    std::string list(values.size() * (kMaxNumberChars + 1), '\0');
    list.resize(static_cast<size_t>(
        write_numbers(list.data(), std::span<const float>(values), false) - list.data()));
    ASSERT_EQ(list, alone);
    std::reverse(values.begin(), values.end());
  }
}

TEST(NumberText, IntegersOfEveryWidth) {
  Comparison c;
  c.check(std::numeric_limits<int32_t>::min());
  c.check(std::numeric_limits<int32_t>::max());
  c.check(std::numeric_limits<uint32_t>::max());
  c.check(std::numeric_limits<int64_t>::min());
  c.check(std::numeric_limits<int64_t>::max());
  c.check(std::numeric_limits<uint64_t>::max());
  std::mt19937_64 random(3);
  for (int i = 0; i < 1'000'000; ++i) {
    const uint64_t bits = random() >> (random() % 64);  // every length
    c.check(static_cast<uint32_t>(bits));
    c.check(static_cast<int32_t>(bits));
    c.check(bits);
    c.check(static_cast<int64_t>(bits));
    c.check(static_cast<int64_t>(0 - bits));
  }
  for (uint64_t p = 1; p != 0 && p <= UINT64_MAX / 10; p *= 10) {  // 10^k and its neighbours
    c.check(p - 1);
    c.check(p);
    c.check(p + 1);
  }
}

}  // namespace
}  // namespace px::collada
