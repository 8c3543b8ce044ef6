#include "formats/collada/read/xml/number_scan.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "formats/collada/read/xml/numbers.h"

namespace px {
namespace {

// Scans text twice: as it is, and followed by padding the scanner may load (its eight-byte
// path); both must agree.
template <class T>
std::vector<T> scan_all(std::string_view text, bool* ok = nullptr, BadToken* bad = nullptr,
                        size_t* newlines = nullptr) {
  NumberBuffer<T> out;
  size_t lines = 0;
  BadToken b;
  bool done = scan_numbers(text, nullptr, out, &lines, &b);
  std::string padded = std::string(text) + std::string(64, ' ');
  NumberBuffer<T> out_padded;
  size_t lines_padded = 0;
  BadToken b_padded;
  bool done_padded =
      scan_numbers(std::string_view(padded).substr(0, text.size()), padded.data() + padded.size(),
                   out_padded, &lines_padded, &b_padded);
  EXPECT_EQ(done, done_padded);
  EXPECT_EQ(lines, lines_padded);
  EXPECT_EQ(b.offset, b_padded.offset);
  EXPECT_EQ(out.size(), out_padded.size());
  if (out.size() > 0 && out.size() == out_padded.size()) {
    EXPECT_EQ(std::memcmp(out.values().data(), out_padded.values().data(), out.size() * sizeof(T)),
              0);
  }
  if (ok != nullptr) *ok = done;
  if (bad != nullptr) *bad = b;
  if (newlines != nullptr) *newlines = lines;
  auto v = out.values();
  return std::vector<T>(v.begin(), v.end());
}

// Every token is read as parse_float / parse_double / parse_int32 read it, whichever path the
// scanner takes.
template <class T>
void expect_same_as_parse(const std::vector<std::string>& tokens) {
  std::string text;
  for (const std::string& t : tokens) text += t + (text.size() % 3 == 0 ? "\n" : " ");
  bool ok = false;
  std::vector<T> got = scan_all<T>(text, &ok);
  ASSERT_TRUE(ok);
  ASSERT_EQ(got.size(), tokens.size());
  for (size_t i = 0; i < tokens.size(); ++i) {
    T want;
    bool parsed;
    if constexpr (std::is_same_v<T, float>) {
      parsed = parse_float(tokens[i], &want);
    } else if constexpr (std::is_same_v<T, double>) {
      parsed = parse_double(tokens[i], &want);
    } else {
      parsed = parse_int32(tokens[i], &want);
    }
    ASSERT_TRUE(parsed) << tokens[i];
    if constexpr (std::is_integral_v<T>) {
      EXPECT_EQ(got[i], want) << tokens[i];
    } else if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got[i])) << tokens[i];
    } else {
      using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
      EXPECT_EQ(std::bit_cast<Bits>(got[i]), std::bit_cast<Bits>(want)) << tokens[i];
    }
  }
}

std::vector<std::string> random_decimals(size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> mag(-30, 30);
  std::vector<std::string> out;
  const char* formats[] = {"%.7g", "%.6g", "%.9g", "%.17g", "%.3f", "%.10e", "%g", "%.1f"};
  char buf[64];
  for (size_t i = 0; i < n; ++i) {
    double v = std::pow(10.0, mag(rng)) * ((rng() & 1) ? -1 : 1);
    if (i % 11 == 0) v = static_cast<double>(rng() % 1000) / 8;
    std::snprintf(buf, sizeof buf, formats[i % 8], v);
    out.push_back(buf);
  }
  return out;
}

TEST(ScanNumbers, FloatsMatchParseFloatBitForBit) {
  expect_same_as_parse<float>(random_decimals(200000, 1));
  expect_same_as_parse<float>({"0",
                               "-0",
                               "+1.5",
                               ".5",
                               "5.",
                               "-.25",
                               "1e5",
                               "1E-5",
                               "1e+05",
                               "16777216",
                               "16777217",
                               "0.1",
                               "3.4028235e38",
                               "1e39",
                               "-1e39",
                               "1e-46",
                               "INF",
                               "-INF",
                               "NaN",
                               "inf",
                               "+inf",
                               "nan",
                               "00000000000000000001",
                               "1234567890123456789012"});
}

TEST(ScanNumbers, DoublesMatchParseDoubleBitForBit) {
  expect_same_as_parse<double>(random_decimals(200000, 2));
  expect_same_as_parse<double>({"9007199254740993", "1e22", "1e23", "4.9e-324", "1e-400",
                                "1.7976931348623157e308", "1e309", "-0.0", "INF", "NaN"});
}

TEST(ScanNumbers, IntsMatchParseInt32) {
  std::vector<std::string> tokens = {"0",           "7",   "123456789", "1234567890",  "2147483647",
                                     "-2147483648", "+12", "-1",        "000000000012"};
  std::mt19937 rng(3);
  for (int i = 0; i < 100000; ++i) tokens.push_back(std::to_string(rng() % 2000000000));
  expect_same_as_parse<int32_t>(tokens);
}

TEST(ScanNumbers, StopsAtTheFirstTokenThatIsNotANumberAndSaysWhere) {
  bool ok = true;
  BadToken bad;
  size_t newlines = 0;
  std::string text = "1 2\n3\n\n4,5 6 ";
  std::vector<float> got = scan_all<float>(text, &ok, &bad, &newlines);
  EXPECT_FALSE(ok);
  EXPECT_EQ(got, (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(text.substr(bad.offset, bad.length), "4,5");
  EXPECT_EQ(newlines, 3u);
  EXPECT_FALSE((scan_all<int32_t>("1 2.5", &ok), ok));
  EXPECT_FALSE((scan_all<int32_t>("1 2147483648", &ok), ok));
  EXPECT_FALSE((scan_all<float>("- 1", &ok), ok));
  EXPECT_FALSE((scan_all<double>("1e", &ok), ok));
}

TEST(ScanNumbers, CountsLineFeedsAndSkipsEveryXmlSpace) {
  size_t newlines = 0;
  bool ok = false;
  std::vector<int32_t> got = scan_all<int32_t>("\t1\r\n2 \n 3\n", &ok, nullptr, &newlines);
  EXPECT_TRUE(ok);
  EXPECT_EQ(got, (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(newlines, 3u);
  EXPECT_TRUE(scan_all<float>("  \n ").empty());
}

TEST(WholeTokensEnd, EndsAfterTheLastSpace) {
  EXPECT_EQ(whole_tokens_end("1 2 3"), 4u);
  EXPECT_EQ(whole_tokens_end("1 2 3\n"), 6u);
  EXPECT_EQ(whole_tokens_end("123"), 0u);
  EXPECT_EQ(whole_tokens_end(""), 0u);
}

TEST(NumberBuffer, GrowsWithoutLosingValuesAndReleases) {
  NumberBuffer<double> b;
  for (int i = 0; i < 100000; ++i) b.push_back(i * 0.5);
  ASSERT_EQ(b.size(), 100000u);
  EXPECT_EQ(b.values()[99999], 99999 * 0.5);
  b.reserve(10);  // never shrinks
  EXPECT_EQ(b.values()[12345], 12345 * 0.5);
  b.release();
  EXPECT_EQ(b.size(), 0u);
  EXPECT_TRUE(b.values().empty());
}

}  // namespace
}  // namespace px
