// The room a <p> reserves before its text arrives (index_count_hint in
// formats/collada/read/collada_reader.h): its block's count of cells, times the corners of a
// cell, times the indices of a corner. Sizing the array once spares copying it as it grows.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "collada_test_util.h"
#include "formats/collada/read/collada_reader.h"

namespace px::collada {
namespace {

using testing::document;
using xml::Element;

// Every <p> of the document, in document order.
void collect_p(const Element& e, std::vector<const Element*>* out) {
  if (e.name == "p") out->push_back(&e);
  for (const Element& child : e.children()) collect_p(child, out);
}

TEST(IndexCountHint, IsTheCellsTimesTheCornersTimesTheInputsOfACorner) {
  const std::string input = "<input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>";
  std::string text = document(cat(
      "<triangles count=\"4\">", input, "<input semantic=\"NORMAL\" source=\"#n\" offset=\"2\"/>",
      "<input semantic=\"TEXCOORD\" source=\"#t\" offset=\"1\"/><p>0</p></triangles>",
      "<lines count=\"5\">", input, "<p>0</p></lines>",                            //
      "<polylist count=\"2\">", input, "<vcount>3 4</vcount><p>0</p></polylist>",  //
      "<triangles>", input, "<p>0</p></triangles>",                                //
      "<triangles count=\"4611686018427387904\">", input, "<p>0</p></triangles>",
      "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"99999\"/>",
      "<p>0</p></triangles>"));
  std::unique_ptr<Source> source = memory_source(text);
  absl::StatusOr<std::unique_ptr<xml::Document>> doc = xml::parse(*source, xml::ParseOptions());
  ASSERT_TRUE(doc.ok()) << doc.status();
  std::vector<const Element*> p;
  collect_p(*(*doc)->root(), &p);
  ASSERT_EQ(p.size(), 6u);
  EXPECT_EQ(index_count_hint(*p[0]), 4u * 3 * 3);
  EXPECT_EQ(index_count_hint(*p[1]), 5u * 2);
  EXPECT_EQ(index_count_hint(*p[2]), 0u);               // a polygon's corners are in its <vcount>
  EXPECT_EQ(index_count_hint(*p[3]), 0u);               // no count
  EXPECT_EQ(index_count_hint(*p[4]), size_t{1} << 40);  // past any input, and no overflow
  EXPECT_EQ(index_count_hint(*p[5]), 3u);  // an offset the block refuses counts for nothing
  EXPECT_EQ(index_count_hint(*(*doc)->root()), 0u);
}

}  // namespace
}  // namespace px::collada
