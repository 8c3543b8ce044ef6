// spec/collada.md, Reading and Quirks: <image> elements - a URI as spelled, or bytes from <data>,
// <hex> or a data: URI; created images; images held inside effects.
#include <gtest/gtest.h>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

using Bytes = std::vector<uint8_t>;

const Scene& scene_of(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return *r.scene;
}

std::string images_document(std::string_view images) {
  return document(cat("<library_images>", images, "</library_images>"));
}

TEST(ImagesTest, UriIsKeptAsTheFileSpellsIt) {
  ReadResult r = read_text(images_document(
      "<image id=\"a\" name=\"Wood\"><init_from>tex%20ture.png</init_from></image>"
      "<image id=\"b\"><init_from><ref>./maps/b%C3%A4r.jpg</ref></init_from></image>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.images.size(), 2u);
  EXPECT_EQ(scene.images[0].uri, "tex%20ture.png");
  EXPECT_EQ(scene.images[0].name, "Wood");
  EXPECT_TRUE(scene.images[0].bytes.empty());
  EXPECT_EQ(scene.images[1].uri, "./maps/b%C3%A4r.jpg");
  EXPECT_EQ(scene.images[1].name, "b");
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(ImagesTest, DataElementReadsLikeHexWithItsMediaTypeSniffed) {
  ReadResult r = read_text(images_document(
      "<image id=\"a\"><data>89504E470D0A1A0A 0000</data></image>"
      "<image id=\"b\"><init_from><hex format=\"JPG\">ffd8ffe0</hex></init_from></image>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.images.size(), 2u);
  EXPECT_EQ(scene.images[0].bytes, (Bytes{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0}));
  EXPECT_EQ(scene.images[0].mime_type, "image/png");
  EXPECT_TRUE(scene.images[0].uri.empty());
  EXPECT_EQ(scene.images[1].bytes, (Bytes{0xff, 0xd8, 0xff, 0xe0}));
  EXPECT_EQ(scene.images[1].mime_type, "image/jpeg");
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(ImagesTest, DataUriBase64MarkerIsMatchedInAnyCase) {
  ReadResult r = read_text(images_document(
      "<image id=\"a\"><init_from>data:image/png;BASE64,iVBORw0KGgo=</init_from></image>"
      "<image id=\"b\"><init_from>data:image/png;base64,iVBORw0KGgo=</init_from></image>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.images.size(), 2u);
  for (const Image& image : scene.images) {
    EXPECT_EQ(image.bytes, (Bytes{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}));
    EXPECT_EQ(image.mime_type, "image/png");
    EXPECT_TRUE(image.uri.empty());
  }
}

TEST(ImagesTest, DataUriWithoutBase64IsPercentDecoded) {
  ReadResult r = read_text(
      images_document("<image id=\"a\"><init_from>data:image/gif,GIF89a%20x</init_from></image>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.images.size(), 1u);
  EXPECT_EQ(scene.images[0].bytes, (Bytes{'G', 'I', 'F', '8', '9', 'a', ' ', 'x'}));
  EXPECT_EQ(scene.images[0].mime_type, "image/gif");
}

TEST(ImagesTest, CreatedImageIsReadEmptyWithAWarning) {
  ReadResult r = read_text(images_document(
      "<image id=\"a\"><create_2d><size_exact width=\"4\" height=\"4\"/><format><hint "
      "channels=\"RGBA\" range=\"UNORM\"/></format></create_2d></image>"
      "<image id=\"b\"><create_3d><size_exact width=\"4\" height=\"4\" depth=\"2\"/><array "
      "length=\"0\"/><format><hint channels=\"RGB\" range=\"UNORM\"/></format></create_3d></image>"
      "<image id=\"c\"><create_cube><size width=\"4\"/></create_cube></image>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.images.size(), 3u);
  for (const Image& image : scene.images) {
    EXPECT_TRUE(image.uri.empty());
    EXPECT_TRUE(image.bytes.empty());
  }
  EXPECT_EQ(r.diagnostics.count("collada.image.created"), 3);
  EXPECT_EQ(r.diagnostics.warning_count(), 3);
}

TEST(ImagesTest, ImagesInsideEffectsAreReadAfterThoseOfLibraryImages) {
  // The effect comes first in the document; its image is still read last.
  ReadResult r = read_text(document(
      "<library_effects><effect id=\"fx\"><image id=\"in-effect\"><init_from>e.png</init_from>"
      "</image><profile_COMMON><image id=\"in-profile\"><init_from>p.png</init_from></image>"
      "<technique sid=\"c\"><lambert/></technique></profile_COMMON></effect></library_effects>\n"
      "<library_images><image id=\"lib\"><init_from>lib.png</init_from></image>"
      "</library_images>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.images.size(), 3u);
  EXPECT_EQ(scene.images[0].uri, "lib.png");
  EXPECT_EQ(scene.images[1].uri, "e.png");
  EXPECT_EQ(scene.images[2].uri, "p.png");
}

TEST(ImagesTest, EveryLibraryImagesIsRead) {
  ReadResult r = read_text(document(
      "<library_images><image id=\"a\"><init_from>a.png</init_from></image></library_images>\n"
      "<library_images><image id=\"b\"><init_from>b.png</init_from></image></library_images>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.images.size(), 2u);
  EXPECT_EQ(scene.images[0].uri, "a.png");
  EXPECT_EQ(scene.images[1].uri, "b.png");
}

}  // namespace
}  // namespace px::collada
