#include "formats/collada/read/xml/numbers.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace px {
namespace {

TEST(ParseDouble, ReadsPlainAndExponentForms) {
  double d = 0;
  ASSERT_TRUE(parse_double("1.5", &d));
  EXPECT_EQ(d, 1.5);
  ASSERT_TRUE(parse_double("-3.25e-05", &d));
  EXPECT_DOUBLE_EQ(d, -3.25e-05);
  ASSERT_TRUE(parse_double("+2", &d));
  EXPECT_EQ(d, 2);
  ASSERT_TRUE(parse_double(".5", &d));
  EXPECT_EQ(d, 0.5);
}

TEST(ParseDouble, ReadsXmlSchemaSpecials) {
  double d = 0;
  ASSERT_TRUE(parse_double("NaN", &d));
  EXPECT_TRUE(std::isnan(d));
  ASSERT_TRUE(parse_double("INF", &d));
  EXPECT_TRUE(std::isinf(d) && d > 0);
  ASSERT_TRUE(parse_double("-INF", &d));
  EXPECT_TRUE(std::isinf(d) && d < 0);
}

TEST(ParseDouble, RefusesDecimalCommaAndGarbage) {
  double d = 0;
  EXPECT_FALSE(parse_double("1,5", &d));
  EXPECT_FALSE(parse_double("0x10", &d));
  EXPECT_FALSE(parse_double("", &d));
  EXPECT_FALSE(parse_double("1.5.2", &d));
}

TEST(ParseFloat, OverflowBecomesInfinity) {
  float f = 0;
  ASSERT_TRUE(parse_float("1e40", &f));
  EXPECT_TRUE(std::isinf(f));
  ASSERT_TRUE(parse_float("-1e40", &f));
  EXPECT_TRUE(std::isinf(f) && f < 0);
}

TEST(ParseInt, RangeAndForm) {
  int32_t i = 0;
  ASSERT_TRUE(parse_int32("42", &i));
  EXPECT_EQ(i, 42);
  ASSERT_TRUE(parse_int32("-1", &i));
  EXPECT_EQ(i, -1);
  EXPECT_FALSE(parse_int32("2147483648", &i));
  EXPECT_FALSE(parse_int32("1.0", &i));
  EXPECT_FALSE(parse_int32("+", &i));
  int64_t l = 0;
  ASSERT_TRUE(parse_int64("007", &l));
  EXPECT_EQ(l, 7);
}

TEST(TokenSplitter, CarriesPartialTokensAcrossPieces) {
  std::string text = "  12.5 -3\n\t4e2 INF 7 ";
  // Every split point of the text must give the same tokens.
  for (size_t cut = 0; cut <= text.size(); ++cut) {
    for (size_t cut2 = cut; cut2 <= text.size(); ++cut2) {
      TokenSplitter splitter;
      std::vector<std::string> tokens;
      auto collect = [&](std::string_view t) {
        tokens.emplace_back(t);
        return true;
      };
      std::string_view all(text);
      splitter.feed(all.substr(0, cut), collect);
      splitter.feed(all.substr(cut, cut2 - cut), collect);
      splitter.feed(all.substr(cut2), collect);
      splitter.finish(collect);
      ASSERT_EQ(tokens, (std::vector<std::string>{"12.5", "-3", "4e2", "INF", "7"}))
          << "cuts " << cut << " " << cut2;
    }
  }
}

TEST(TokenSplitter, StopsWhenTheCallbackRefuses) {
  TokenSplitter splitter;
  int seen = 0;
  bool ok = splitter.feed("a b c ", [&](std::string_view) { return ++seen < 2; });
  EXPECT_FALSE(ok);
  EXPECT_EQ(seen, 2);
}

TEST(TrimXmlSpace, TrimsBothEnds) {
  EXPECT_EQ(trim_xml_space(" \n\tab c\r "), "ab c");
  EXPECT_EQ(trim_xml_space("   "), "");
}

}  // namespace
}  // namespace px

namespace px {
namespace {

// The short-decimal fast path must give exactly what std::from_chars gives.
TEST(ParseReal, FastPathMatchesFromCharsExactly) {
  uint64_t state = 12345;
  auto next = [&]() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  const char* forms[] = {"%.6f", "%.7g", "%.9g", "%.3e", "%.17g", "%g"};
  for (int i = 0; i < 200000; ++i) {
    double v =
        (static_cast<double>(next()) / (1ULL << 31) - 0.5) * std::pow(10.0, int(next() % 12) - 6);
    char text[64];
    std::snprintf(text, sizeof text, forms[i % 6], v);
    std::string_view token(text);
    float f = 0, f_ref = 0;
    double d = 0, d_ref = 0;
    ASSERT_TRUE(parse_float(token, &f)) << text;
    ASSERT_TRUE(parse_double(token, &d)) << text;
    std::from_chars(text, text + token.size(), f_ref);
    std::from_chars(text, text + token.size(), d_ref);
    ASSERT_EQ(f, f_ref) << text;
    ASSERT_EQ(d, d_ref) << text;
  }
}

TEST(ParseReal, FastPathEdgeForms) {
  float f = 0;
  ASSERT_TRUE(parse_float("1.", &f));
  EXPECT_EQ(f, 1.0f);
  ASSERT_TRUE(parse_float("-0", &f));
  EXPECT_TRUE(std::signbit(f));
  EXPECT_FALSE(parse_float("1e", &f));
  EXPECT_FALSE(parse_float(".", &f));
  EXPECT_FALSE(parse_float("-", &f));
  ASSERT_TRUE(parse_float("16777217", &f));  // past the fast path's exact range
  EXPECT_EQ(f, 16777216.0f);
}

}  // namespace
}  // namespace px
