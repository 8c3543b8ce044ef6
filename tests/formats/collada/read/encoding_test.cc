// spec/collada.md, Quirks: a document in an encoding expat cannot read itself is transcoded
// first; one that cannot be transcoded is refused.
#include <gtest/gtest.h>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

// "日本" in UTF-8.
constexpr std::string_view kNihonUtf8 = "\xE6\x97\xA5\xE6\x9C\xAC";

// A document declaring `encoding` whose one node is named `name` (bytes in that encoding).
std::string named_node_document(std::string_view encoding, std::string_view name) {
  return cat("<?xml version=\"1.0\" encoding=\"", encoding,
             "\"?>\n<COLLADA version=\"1.4.1\"><library_visual_scenes><visual_scene id=\"vs\">"
             "<node id=\"n\" name=\"",
             name, "\"/></visual_scene></library_visual_scenes></COLLADA>");
}

std::string node_name(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  if (!r.scene.ok() || r.scene->nodes.empty()) return "";
  return r.scene->nodes[0].name;
}

TEST(EncodingTest, ShiftJisIsTranscodedFirst) {
  ReadResult r = read_text(named_node_document("Shift_JIS", "\x93\xFA\x96\x7B"));
  EXPECT_EQ(node_name(r), kNihonUtf8);
}

TEST(EncodingTest, EucJpIsTranscodedFirst) {
  ReadResult r = read_text(named_node_document("EUC-JP", "\xC6\xFC\xCB\xDC"));
  EXPECT_EQ(node_name(r), kNihonUtf8);
}

TEST(EncodingTest, EncodingExpatReadsItselfIsReadAsDeclared) {
  ReadResult r = read_text(named_node_document("ISO-8859-1", "caf\xE9"));
  EXPECT_EQ(node_name(r), "caf\xC3\xA9");
}

TEST(EncodingTest, EncodingThatCannotBeTranscodedIsRefused) {
  absl::Status status = read_text(named_node_document("x-no-such-encoding", "n")).scene.status();
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << status;
  std::string message(status.message());
  EXPECT_EQ(message.rfind("xml.encoding.unsupported: ", 0), 0u) << message;
}

}  // namespace
}  // namespace px::collada
