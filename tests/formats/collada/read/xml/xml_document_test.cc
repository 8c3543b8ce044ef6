#include "formats/collada/read/xml/xml_document.h"

#include <gtest/gtest.h>

#include <string>

#include "formats/collada/read/xml/number_sink.h"

namespace px::xml {
namespace {

TextMode numbers_in_arrays(const Element& e) {
  if (e.name == "f") return TextMode::kFloat32;
  if (e.name == "d") return TextMode::kFloat64;
  if (e.name == "i") return TextMode::kInt32;
  return TextMode::kString;
}

absl::StatusOr<std::unique_ptr<Document>> parse_text(std::string_view text, int max_depth = 256) {
  std::unique_ptr<Source> source = memory_source(text);
  ParseOptions options;
  options.policy = numbers_in_arrays;
  options.max_depth = max_depth;
  return parse(*source, options);
}

TEST(XmlDocument, BuildsTreeWithAttributesTextAndTypedArrays) {
  auto doc = parse_text(
      "<?xml version=\"1.0\"?>\n<root a=\"1\">\n  <name>hello</name>\n"
      "  <f count=\"3\">1 2.5 NaN</f>\n  <d>1e300</d>\n  <i>-1 2 3</i>\n</root>");
  ASSERT_TRUE(doc.ok()) << doc.status();
  const Element* root = (*doc)->root();
  EXPECT_EQ(root->name, "root");
  EXPECT_EQ(root->attr("a"), "1");
  EXPECT_EQ(root->attr("missing"), "");
  EXPECT_EQ(root->find_attr("missing"), nullptr);
  EXPECT_EQ(root->child("name")->text, "hello");
  EXPECT_EQ(root->child("name")->line, 3);
  ASSERT_EQ(root->child("f")->floats.size(), 3u);
  EXPECT_EQ(root->child("f")->floats[1], 2.5f);
  EXPECT_EQ(root->child("d")->doubles[0], 1e300);
  ASSERT_EQ(root->child("i")->ints.size(), 3u);
  EXPECT_EQ(root->child("i")->ints[0], -1);
  EXPECT_EQ(root->child("i")->value_count(), 3u);
  int children = 0;
  for (const Element& c : root->children()) {
    EXPECT_EQ(c.parent, root);
    ++children;
  }
  EXPECT_EQ(children, 4);
}

TEST(XmlDocument, RefusesEntityDeclarations) {
  auto doc = parse_text(
      "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"aaaaaaaa\"><!ENTITY b \"&a;&a;&a;\">]>"
      "<r>&b;</r>");
  ASSERT_FALSE(doc.ok());
  EXPECT_EQ(doc.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(doc.status().message().find("xml.entity.declared"), std::string::npos);
}

TEST(XmlDocument, AcceptsDoctypeWithoutEntities) {
  auto doc = parse_text("<?xml version=\"1.0\"?><!DOCTYPE r><r/>");
  EXPECT_TRUE(doc.ok()) << doc.status();
}

TEST(XmlDocument, RefusesNestingPastTheDepthLimit) {
  std::string text;
  for (int i = 0; i < 20; ++i) text += "<a>";
  for (int i = 0; i < 20; ++i) text += "</a>";
  EXPECT_TRUE(parse_text(text, 20).ok());
  auto doc = parse_text(text, 19);
  ASSERT_FALSE(doc.ok());
  EXPECT_NE(doc.status().message().find("xml.depth"), std::string::npos);
}

TEST(XmlDocument, RefusesACountTheInputCannotHold) {
  auto doc = parse_text("<r><f count=\"1000000000\">1 2 3</f></r>");
  ASSERT_FALSE(doc.ok());
  EXPECT_NE(doc.status().message().find("xml.count.exceeds-input"), std::string::npos);
  EXPECT_NE(doc.status().message().find("line 1"), std::string::npos);
}

// A numeric element without a count reserves what the hint says, held to what the rest of the
// input could hold (4,000 bytes: 2,001 values) and never refused for it; a count is believed over
// the hint.
TEST(XmlDocument, ACountHintReservesForElementsWithoutACount) {
  auto parse_hinted = [](const std::string& text, CountHint hint) {
    std::unique_ptr<Source> source = memory_source(text);
    ParseOptions options;
    options.policy = numbers_in_arrays;
    options.count_hint = hint;
    return parse(*source, options);
  };
  const std::string padding(4000, ' ');
  auto doc = parse_hinted("<r><i>1 2 3</i><f count=\"2\">1 2</f>" + padding + "</r>",
                          [](const Element&) -> size_t { return 1000; });
  ASSERT_TRUE(doc.ok()) << doc.status();
  const Element* root = (*doc)->root();
  EXPECT_EQ(root->child("i")->numbers->ints.capacity(), 1000u);
  EXPECT_EQ(root->child("i")->ints.size(), 3u);
  EXPECT_EQ(root->child("f")->numbers->floats.capacity(), 2u);
  auto held = parse_hinted("<r><i>1 2 3</i>" + padding + "</r>",
                           [](const Element&) -> size_t { return size_t{1} << 40; });
  ASSERT_TRUE(held.ok()) << held.status();
  const size_t capacity = (*held)->root()->child("i")->numbers->ints.capacity();
  EXPECT_GE(capacity, 2000u);
  EXPECT_LE(capacity, 2010u);
  EXPECT_EQ((*held)->root()->child("i")->ints.size(), 3u);
}

TEST(XmlDocument, RefusesNumbersThatAreNotNumbers) {
  auto doc = parse_text("<r>\n<f>1,5 2</f></r>");
  ASSERT_FALSE(doc.ok());
  EXPECT_NE(doc.status().message().find("number.not-a-number"), std::string::npos);
  EXPECT_NE(doc.status().message().find("<f> at line 2"), std::string::npos);
  EXPECT_FALSE(parse_text("<r><i>1.5</i></r>").ok());
}

TEST(XmlDocument, RefusesMalformedAndTruncatedDocuments) {
  std::string text = "<r><a x=\"1\">text</a><f>1 2 3</f></r>";
  for (size_t cut = 0; cut < text.size(); ++cut) {
    auto doc = parse_text(text.substr(0, cut));
    ASSERT_FALSE(doc.ok()) << "cut at " << cut;
    EXPECT_EQ(doc.status().code(), absl::StatusCode::kInvalidArgument);
  }
  EXPECT_TRUE(parse_text(text).ok());
}

TEST(XmlDocument, ReadsUtf16WithBom) {
  std::string utf8 = "<r><name>h\xc3\xa9</name></r>";
  std::string utf16 = "\xff\xfe";
  for (char c : std::string("<r><name>h")) {
    utf16 += c;
    utf16 += '\0';
  }
  utf16 += "\xe9";
  utf16 += '\0';
  for (char c : std::string("</name></r>")) {
    utf16 += c;
    utf16 += '\0';
  }
  auto doc = parse_text(utf16);
  ASSERT_TRUE(doc.ok()) << doc.status();
  EXPECT_EQ((*doc)->root()->child("name")->text, "h\xc3\xa9");
}

TEST(XmlEncoding, TranscodesEncodingsExpatLacks) {
  // "<r><n>日本</n></r>" declared and spelled in Shift_JIS.
  std::string text = "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><r><n>\x93\xfa\x96\x7b</n></r>";
  auto doc = parse_text(text);
  ASSERT_TRUE(doc.ok()) << doc.status();
  EXPECT_EQ((*doc)->root()->child("n")->text, "\xe6\x97\xa5\xe6\x9c\xac");
}

TEST(XmlEncoding, ReadsWindows1252) {
  auto doc = parse_text("<?xml version=\"1.0\" encoding=\"windows-1252\"?><r><n>\x80</n></r>");
  ASSERT_TRUE(doc.ok()) << doc.status();
  EXPECT_EQ((*doc)->root()->child("n")->text, "\xe2\x82\xac");  // the euro sign
}

TEST(XmlEncoding, RefusesAnUnknownEncoding) {
  auto doc = parse_text("<?xml version=\"1.0\" encoding=\"x-no-such\"?><r/>");
  ASSERT_FALSE(doc.ok());
  EXPECT_NE(doc.status().message().find("xml.encoding.unsupported"), std::string::npos);
}

TEST(XmlEncoding, RefusesBytesNotInTheDeclaredEncoding) {
  auto doc = parse_text("<?xml version=\"1.0\" encoding=\"EUC-JP\"?><r><n>\xff\xff</n></r>");
  ASSERT_FALSE(doc.ok());
  EXPECT_EQ(doc.status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace px::xml
