// Tests of formats/collada/write/xml_writer.cc and xml_names.cc: escaping, numbers that read back
// bit-identical, the buffer handed over in pieces, names.
#include "formats/collada/write/xml_writer.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "formats/collada/write/xml_names.h"

namespace px::collada {
namespace {

struct Capture {
  std::string bytes;
  int flushes = 0;
  XmlWriter::Sink sink() {
    return [this](std::string_view b) {
      bytes.append(b);
      ++flushes;
      return absl::OkStatus();
    };
  }
};

TEST(XmlWriter, ElementsNestIndentedAndEmptyOnesSelfClose) {
  Capture out;
  XmlWriter xml(out.sink());
  xml.declaration();
  xml.open("a");
  xml.attr("id", "x");
  xml.open("b");
  xml.close();
  xml.element("c", "text");
  xml.close();
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_EQ(
      out.bytes,
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<a id=\"x\">\n  <b/>\n  <c>text</c>\n</a>\n");
}

TEST(XmlWriter, IndentationStopsGrowingPastSixteenLevels) {
  Capture out;
  XmlWriter xml(out.sink());
  for (int i = 0; i < 40; ++i) xml.open("n");
  for (int i = 0; i < 40; ++i) xml.close();
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_NE(out.bytes.find("\n" + std::string(32, ' ') + "<n>"), std::string::npos);
  EXPECT_EQ(out.bytes.find(std::string(33, ' ')), std::string::npos);
}

// Q19: a name holding a line break or tab is written as a character reference.
TEST(XmlWriter, AttributesEscapeMarkupQuotesAndWhitespaceAsCharacterReferences) {
  Capture out;
  XmlWriter xml(out.sink());
  xml.open("n");
  xml.attr("name", "a&b<c>\"d\"\te\nf\rg");
  xml.close();
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_EQ(out.bytes, "\n<n name=\"a&amp;b&lt;c&gt;&quot;d&quot;&#9;e&#10;f&#13;g\"/>\n");
}

TEST(XmlWriter, TextEscapesMarkupAndCarriageReturnOnly) {
  Capture out;
  XmlWriter xml(out.sink());
  xml.element("t", "1 < 2 & \"q\"\tx\ny\r");
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_EQ(out.bytes, "\n<t>1 &lt; 2 &amp; \"q\"\tx\ny&#13;</t>\n");
}

TEST(XmlWriter, CharactersXmlCannotHoldBecomeReplacementCharactersAndAreCounted) {
  Capture out;
  XmlWriter xml(out.sink());
  // a control character, a lone continuation byte, a surrogate, then valid two- and four-byte
  // characters that pass unchanged
  xml.element("t", std::string("a\x01"
                               "b\x80"
                               "c\xED\xA0\x80"
                               "d\xC3\xA9\xF0\x9F\x98\x80",
                               15));
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_EQ(xml.replaced_characters(), 5);  // the surrogate's three bytes each
  EXPECT_EQ(out.bytes,
            "\n<t>a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD"
            "c\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
            "d\xC3\xA9\xF0\x9F\x98\x80</t>\n");
}

// Q29: non-finite values in XML's own spelling.
TEST(XmlWriter, NumbersAreShortestRoundTripAndNonFiniteInXmlSpelling) {
  Capture out;
  XmlWriter xml(out.sink());
  xml.open("f");
  std::vector<float> floats{0.1f,
                            1.0f,
                            -2.5f,
                            std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            1e-30f};
  xml.numbers(floats);
  xml.close();
  xml.open("d");
  xml.number(0.1);
  xml.integer(-7);
  xml.close();
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_EQ(out.bytes, "\n<f>0.1 1 -2.5 NaN INF -INF 1e-30</f>\n<d>0.1 -7</d>\n");
}

TEST(XmlWriter, ColumnsOfEveryIntegerDtypeAreWrittenExactly) {
  Capture out;
  XmlWriter xml(out.sink());
  static const int64_t kBig[] = {9007199254740993, -3};  // 2^53 + 1 needs more than a double
  static const int8_t kSmall[] = {-128, 127};
  static const uint16_t kShort[] = {65535, 0};
  xml.open("a");
  xml.column_values(Column::of<int64_t>(kBig, 1));
  xml.close();
  xml.open("b");
  xml.column_values(Column::of<int8_t>(kSmall, 2));
  xml.column_values(Column::of<uint16_t>(kShort, 1));
  xml.close();
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_EQ(out.bytes, "\n<a>9007199254740993 -3</a>\n<b>-128 127 65535 0</b>\n");
}

TEST(XmlWriter, EveryFloat32ReadsBackBitIdentical) {
  Capture out;
  XmlWriter xml(out.sink());
  xml.open("f");
  std::vector<float> values;
  for (uint32_t bits = 0x00000001; bits < 0x7F800000; bits += 0x00012345) {
    float f;
    std::memcpy(&f, &bits, 4);
    values.push_back(f);
    values.push_back(-f);
  }
  xml.numbers(values);
  xml.close();
  ASSERT_TRUE(xml.finish().ok());
  std::string_view text = out.bytes;
  text.remove_prefix(text.find('>') + 1);
  size_t i = 0;
  for (float expected : values) {
    while (text[0] == ' ') text.remove_prefix(1);
    float parsed;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    ASSERT_EQ(ec, std::errc()) << i;
    EXPECT_EQ(std::memcmp(&parsed, &expected, 4), 0) << i;
    text.remove_prefix(static_cast<size_t>(end - text.data()));
    ++i;
  }
}

TEST(XmlWriter, ABufferSmallerThanTheDocumentIsHandedOverInPiecesInOrder) {
  Capture out;
  XmlWriter xml(out.sink(), 256);
  xml.open("p");
  std::vector<int32_t> values(10000);
  for (int i = 0; i < 10000; ++i) values[i] = i;
  xml.integers(values);
  xml.close();
  ASSERT_TRUE(xml.finish().ok());
  EXPECT_GT(out.flushes, 100);
  EXPECT_TRUE(out.bytes.starts_with("\n<p>0 1 2 3 "));
  EXPECT_TRUE(out.bytes.ends_with(" 9998 9999</p>\n"));
  EXPECT_EQ(xml.bytes_written(), out.bytes.size());
}

TEST(XmlWriter, TheSinksFirstErrorStopsWritingAndIsReturned) {
  int calls = 0;
  XmlWriter xml(
      [&](std::string_view) {
        ++calls;
        return absl::UnavailableError("disk full");
      },
      256);
  xml.open("p");
  for (int i = 0; i < 1000; ++i) xml.integer(i);
  xml.close();
  absl::Status s = xml.finish();
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(calls, 1);
}

TEST(XmlNames, NcNamesFollowTheFifthEditionsNameCharacters) {
  EXPECT_TRUE(is_ncname("node_1"));
  EXPECT_TRUE(is_ncname("_x.y-z"));
  EXPECT_TRUE(is_ncname("\xC3\xA9t\xC3\xA9"));  // été
  EXPECT_TRUE(is_ncname("\xE2\xB0\x80"));       // Glagolitic, U+2C00
  EXPECT_FALSE(is_ncname(""));
  EXPECT_FALSE(is_ncname("1abc"));
  EXPECT_FALSE(is_ncname("a b"));
  EXPECT_FALSE(is_ncname("a:b"));
  EXPECT_FALSE(is_ncname("-a"));
  EXPECT_FALSE(is_ncname("a\xFF"));
}

TEST(XmlNames, TargetSidsAreLettersDigitsUnderscoresAndHyphens) {
  EXPECT_TRUE(is_target_sid("rotateX"));
  EXPECT_TRUE(is_target_sid("_a-1"));
  EXPECT_FALSE(is_target_sid("a.b"));
  EXPECT_FALSE(is_target_sid("1a"));
  EXPECT_FALSE(is_target_sid(""));
}

TEST(XmlNames, RegistryReservesValidIdsOnceAndGeneratesFreeOnes) {
  IdRegistry ids;
  EXPECT_TRUE(ids.reserve("mesh"));
  EXPECT_FALSE(ids.reserve("mesh"));
  EXPECT_FALSE(ids.reserve("not an id"));
  EXPECT_EQ(ids.unique("mesh"), "mesh-2");
  EXPECT_EQ(ids.unique("mesh"), "mesh-3");
  EXPECT_EQ(ids.unique("geometry"), "geometry");
  EXPECT_EQ(ids.unique("9 lives"), "_9_lives");
}

TEST(XmlNames, GeneratedIdsOfOneBaseResumeWhereTheLastStoppedAndSkipReservedOnes) {
  IdRegistry ids;
  EXPECT_TRUE(ids.reserve("node-3"));
  EXPECT_EQ(ids.unique("node"), "node");
  EXPECT_EQ(ids.unique("node"), "node-2");
  EXPECT_EQ(ids.unique("node"), "node-4");
  EXPECT_TRUE(ids.reserve("node-5"));
  EXPECT_EQ(ids.unique("node"), "node-6");
  for (int i = 0; i < 100000; ++i) ids.unique("node");  // linear: this loop takes milliseconds
  EXPECT_EQ(ids.unique("node"), "node-100007");
}

TEST(XmlNames, TextIsMadeIntoAnNcName) {
  EXPECT_EQ(to_ncname("Body Mesh", "g"), "Body_Mesh");
  EXPECT_EQ(to_ncname("1st", "g"), "_1st");
  EXPECT_EQ(to_ncname("", "g"), "g");
  EXPECT_EQ(to_ncname("a:b", "g"), "a_b");
}

}  // namespace
}  // namespace px::collada
