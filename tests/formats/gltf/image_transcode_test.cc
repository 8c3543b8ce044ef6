// --transcode-images in the glTF writer (issue 15 point 11): images whose bytes are TGA, BMP,
// TIFF or DDS are embedded as PNG (a GLB buffer view, a .gltf data: URI) with one counted
// gltf.write.image-transcoded warning naming them; bytes that do not decode are written as
// without the option (their URI kept, else left out) with gltf.write.image-undecodable; PNG and
// JPEG are kept as they are; without the option the URI is kept (gltf.write.image-not-embedded).
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"
#include "tests/formats/image/test_images.h"

namespace px::gltf::testing {
namespace {

constexpr char kTranscoded[] = "gltf.write.image-transcoded";
constexpr char kUndecodable[] = "gltf.write.image-undecodable";

// A triangle whose material samples one texture per image given.
Scene scene_with_images(const std::vector<Image>& images) {
  Scene scene = triangle_scene();
  for (size_t i = 0; i < images.size(); ++i) {
    scene.images.push_back(images[i]);
    Texture texture;
    texture.image = static_cast<int>(i);
    scene.textures.push_back(texture);
    Material m;
    m.base_color_texture.texture = static_cast<int>(i);
    scene.materials.push_back(m);
  }
  return scene;
}

absl::StatusOr<Written> write(const Scene& scene, bool binary, bool transcode,
                              Diagnostics& diagnostics) {
  return write_to_memory(scene, binary, "scene.bin", diagnostics,
                         {.threads = 1, .transcode_images = transcode});
}

std::string png_magic() { return std::string("\x89PNG\r\n\x1a\n", 8); }

TEST(ImageTranscode, EveryKindIsEmbeddedAsPngInAGltfDataUri) {
  const std::vector<Image> images = {
      Image{"tga", "maps/a.tga", "", image::testing::make_tga()},
      Image{"bmp", "maps/b.bmp", "", image::testing::make_bmp()},
      Image{"tif", "maps/c.tif", "", image::testing::make_tiff()},
      Image{"dds", "maps/d.dds", "", image::testing::make_dds_dxt1()}};
  Diagnostics diagnostics;
  absl::StatusOr<Written> written = write(scene_with_images(images), false, true, diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  Parsed p = parse(*written);
  ASSERT_TRUE(p.doc.HasMember("images"));
  ASSERT_EQ(p.doc["images"].Size(), 4u);
  for (const rapidjson::Value& image : p.doc["images"].GetArray()) {
    const std::string uri = image["uri"].GetString();
    EXPECT_TRUE(uri.starts_with("data:image/png;base64,")) << uri.substr(0, 40);
  }
  EXPECT_EQ(diagnostics.count(kTranscoded), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.image-not-embedded"), 0);
  std::string message;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.code == kTranscoded) message = d.message;
  }
  for (const char* named : {"4 images", "maps/a.tga", "TGA 2 x 2", "BMP", "TIFF", "DDS"}) {
    EXPECT_NE(message.find(named), std::string::npos) << named << " in " << message;
  }
}

TEST(ImageTranscode, GlbHoldsThePngInABufferViewThatReadsBack) {
  Diagnostics diagnostics;
  absl::StatusOr<Written> written =
      write(scene_with_images({Image{"", "a.tga", "", image::testing::make_tga()}}), true, true,
            diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(diagnostics.count(kTranscoded), 1);
  ReadResult back = read_bytes(written->json);
  ASSERT_TRUE(back.scene.ok()) << back.scene.status();
  ASSERT_EQ(back.scene->images.size(), 1u);
  const SharedBytes& bytes = back.scene->images[0].bytes;
  ASSERT_GE(bytes.size(), 8u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 8), png_magic());
  EXPECT_TRUE(back.scene->images[0].uri.empty());
}

TEST(ImageTranscode, ImagesSharingTheirBytesAreTranscodedOnceIntoOneView) {
  // Three images holding one copy of TGA bytes (as a read gives images naming one file).
  const SharedBytes tga = image::testing::make_tga();
  Diagnostics diagnostics;
  absl::StatusOr<Written> written =
      write(scene_with_images({Image{"", "a.tga", "", tga}, Image{"", "b.tga", "", tga},
                               Image{"", "c.tga", "", tga}}),
            true, true, diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  std::string message;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.code == kTranscoded) message = d.message;
  }
  EXPECT_NE(message.find("3 images"), std::string::npos) << message;
  EXPECT_NE(message.find("image 2 (c.tga) as image 0 (a.tga)"), std::string::npos) << message;
  // Read back, the three name one view, whose bytes the read shares.
  ReadResult back = read_bytes(written->json);
  ASSERT_TRUE(back.scene.ok()) << back.scene.status();
  ASSERT_EQ(back.scene->images.size(), 3u);
  for (const Image& image : back.scene->images) {
    EXPECT_TRUE(image.bytes.shares_with(back.scene->images[0].bytes));
  }
}

TEST(ImageTranscode, WithoutTheOptionTheUriIsKept) {
  Diagnostics diagnostics;
  absl::StatusOr<Written> written =
      write(scene_with_images({Image{"", "a.tga", "", image::testing::make_tga()}}), true, false,
            diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(diagnostics.count(kTranscoded), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.image-not-embedded"), 1);
}

TEST(ImageTranscode, UndecodableBytesKeepTheirUriOrAreLeftOut) {
  std::vector<uint8_t> cut = image::testing::make_tga();
  cut.resize(20);  // the header, two bytes of pixels
  // a YUV DDS: not a format polyxios decodes
  std::vector<uint8_t> yuv =
      image::testing::dds_header(0x4, image::testing::fourcc('U', 'Y', 'V', 'Y'), 0, {0, 0, 0, 0});
  yuv.resize(yuv.size() + 16);
  Diagnostics diagnostics;
  absl::StatusOr<Written> written =
      write(scene_with_images({Image{"", "cut.tga", "", cut}, Image{"", "", "", yuv}}), false, true,
            diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(diagnostics.count(kUndecodable), 2);
  EXPECT_EQ(diagnostics.count(kTranscoded), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.image-dropped"), 1);
  Parsed p = parse(*written);
  ASSERT_TRUE(p.doc.HasMember("images"));
  ASSERT_EQ(p.doc["images"].Size(), 1u);
  EXPECT_STREQ(p.doc["images"][0]["uri"].GetString(), "cut.tga");
}

// BC7 and BC6H DDS (issue 15 point 11's leftovers) transcode; an HDR value clamped on the way to
// 8 bits is said in the warning's entry for that image.
TEST(ImageTranscode, Bc7AndHdrDdsAreTranscodedWithTheClampNamed) {
  const std::vector<Image> images = {
      Image{"", "maps/ramp.dds", "", image::testing::make_dds_bc7()},
      Image{"", "maps/sky.dds", "", image::testing::make_dds_bc6h(4)}};
  Diagnostics diagnostics;
  absl::StatusOr<Written> written = write(scene_with_images(images), true, true, diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(diagnostics.count(kTranscoded), 1);
  EXPECT_EQ(diagnostics.count(kUndecodable), 0);
  std::string message;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.code == kTranscoded) message = d.message;
  }
  EXPECT_NE(message.find("maps/ramp.dds) from DDS 2 x 2, "), std::string::npos) << message;
  EXPECT_NE(message.find("maps/sky.dds) from DDS 4 x 4 (HDR values clamped to [0, 1])"),
            std::string::npos)
      << message;
}

TEST(ImageTranscode, PngAndJpegAreKeptAsTheyAre) {
  const std::string png = whole_png();
  Diagnostics diagnostics;
  absl::StatusOr<Written> written =
      write(scene_with_images({Image{"", "", "", std::vector<uint8_t>(png.begin(), png.end())}}),
            true, true, diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(diagnostics.count(kTranscoded), 0);
  EXPECT_NE(written->json.find(png), std::string::npos);
}

}  // namespace
}  // namespace px::gltf::testing
