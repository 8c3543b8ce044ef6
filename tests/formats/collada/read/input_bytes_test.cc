// Issue 34, follow-ups: what a COLLADA read takes in counts toward Limits::max_input_bytes
// together, as a .gltf's buffer and image files do: the document's bytes (a .dae.gz's as
// inflated, never the gzip source's bound), each other document it names (charged as read, a
// gzip one as inflated) and each image file (charged by its size before it is read). Exactly at
// the limit the read takes them; a byte less and it is refused (limits.input-bytes).
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "tests/formats/collada/read/collada_test_util.h"
#include "tests/support/scratch_dir_test.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

// bytes as one gzip member.
std::string gzipped(std::string_view bytes) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
            Z_OK);
  std::string out(deflateBound(&z, bytes.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// A document whose visual scene holds a node instancing `url`'s node; `libraries` before it.
std::string instancing(std::string_view url, std::string_view libraries = "") {
  return document(cat(libraries, "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">",
                      "<instance_node url=\"", url,
                      "\"/></node></visual_scene></library_visual_scenes><scene>"
                      "<instance_visual_scene url=\"#vs\"/></scene>"));
}

// parts.dae: a node "wheel" and an image file, padded so that its bytes are plainly more than
// the gzip bytes they shrink to.
std::string parts_document() {
  return document(cat("<library_images><image id=\"i\"><init_from>wood.png</init_from></image>",
                      "</library_images><library_nodes><node id=\"wheel\" name=\"",
                      std::string(2000, 'W'), "\"/></library_nodes>"));
}

class InputBytesTest : public test_support::ScratchDirTest {
 protected:
  ReadResult read_under(const std::filesystem::path& path, uint64_t limit) {
    ReadResult out{absl::UnknownError("not read"), {}};
    ReadOptions options;
    options.limits.max_input_bytes = limit;
    absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(path);
    EXPECT_TRUE(source.ok());
    out.scene = read(**source, options, out.diagnostics);
    return out;
  }
  static bool refused_input(const ReadResult& r) {
    return !r.scene.ok() &&
           std::string(r.scene.status().message()).find("limits.input-bytes") != std::string::npos;
  }
};

// Two images and the document, each under the limit alone, together over it by a byte.
TEST_F(InputBytesTest, ImageFilesCountWithTheDocument) {
  write_file("a.png", std::string(1500, 'a'));
  write_file("b.png", std::string(1500, 'b'));
  const std::string text = document(
      "<library_images><image id=\"a\"><init_from>a.png</init_from></image>"
      "<image id=\"b\"><init_from>b.png</init_from></image></library_images>");
  const std::filesystem::path main = write_file("main.dae", text);
  const uint64_t total = text.size() + 3000;
  ReadResult at = read_under(main, total);
  ASSERT_TRUE(at.scene.ok()) << at.scene.status();
  ASSERT_EQ(at.scene->images.size(), 2u);
  EXPECT_EQ(at.scene->images[1].bytes.size(), 1500u);
  ReadResult over = read_under(main, total - 1);
  EXPECT_TRUE(refused_input(over)) << over.scene.status();
  EXPECT_NE(std::string(over.scene.status().message()).find("image file \"b.png\""),
            std::string::npos)
      << over.scene.status();
}

// The document, the one it names and that one's image, together.
TEST_F(InputBytesTest, OtherDocumentsAndTheirImagesCountWithTheDocument) {
  const std::string parts = parts_document();
  write_file("parts.dae", parts);
  write_file("wood.png", std::string(1000, 'w'));
  const std::string text = instancing("parts.dae#wheel");
  const std::filesystem::path main = write_file("main.dae", text);
  const uint64_t total = text.size() + parts.size() + 1000;
  ReadResult at = read_under(main, total);
  ASSERT_TRUE(at.scene.ok()) << at.scene.status();
  EXPECT_EQ(at.scene->nodes[0].children.size(), 1u);
  EXPECT_TRUE(refused_input(read_under(main, total - 1)));
}

// An image file named by several <image>s, of the document and of the one it names, is read
// once and counts once, as a .gltf's image file does (engine/loaded_files.h).
TEST_F(InputBytesTest, AnImageFileNamedTwiceCountsOnce) {
  const std::string parts = parts_document();  // names wood.png
  write_file("parts.dae", parts);
  write_file("wood.png", std::string(1000, 'w'));
  const std::string text =
      instancing("parts.dae#wheel",
                 "<library_images><image id=\"a\"><init_from>wood.png</init_from></image>"
                 "<image id=\"b\"><init_from>wood.png</init_from></image></library_images>");
  const std::filesystem::path main = write_file("main.dae", text);
  const uint64_t total = text.size() + parts.size() + 1000;
  ReadResult at = read_under(main, total);
  ASSERT_TRUE(at.scene.ok()) << at.scene.status();
  ASSERT_EQ(at.scene->images.size(), 3u);
  for (const Image& image : at.scene->images) EXPECT_EQ(image.bytes.size(), 1000u);
  EXPECT_TRUE(refused_input(read_under(main, total - 1)));
}

// A .dae.gz counts as the bytes it inflates to, not as the 4 GiB a gzip source's bound says,
// which left a small --max-input no room for the documents it names; a gzip document it names
// counts as inflated too, leaving room for the next.
TEST_F(InputBytesTest, AGzipDocumentCountsAsTheBytesItInflatesTo) {
  const std::string parts = parts_document();
  write_file("parts.dae", gzipped(parts));
  write_file("wood.png", std::string(1000, 'w'));
  const std::string more = document("<library_nodes><node id=\"axle\"/></library_nodes>");
  write_file("more.dae", more);
  const std::string text = document(
      "<library_visual_scenes><visual_scene id=\"vs\"><node id=\"n\">"
      "<instance_node url=\"parts.dae#wheel\"/><instance_node url=\"more.dae#axle\"/></node>"
      "</visual_scene></library_visual_scenes><scene><instance_visual_scene url=\"#vs\"/></scene>");
  const std::filesystem::path main = write_file("main.dae.gz", gzipped(text));
  const uint64_t total = text.size() + parts.size() + more.size() + 1000;
  ReadResult at = read_under(main, total);
  ASSERT_TRUE(at.scene.ok()) << at.scene.status();
  EXPECT_EQ(at.scene->nodes[0].children.size(), 2u);
  EXPECT_FALSE(at.scene->images.empty());
  EXPECT_TRUE(refused_input(read_under(main, total - 1)));
}

}  // namespace
}  // namespace px::collada
