// Issue 13: the COLLADA writer copies an image uri into <init_from> only when the policy allows it
// (engine/file_uri.h): data: and relative ones inside the asset's folder always, http(s): with
// allow_remote, the rest with allow_external. A uri left out is warned once, with its count; the
// image is written from its bytes when it has them, else left out with the textures sampling it.
// Every document written here is checked against the schema (collada_write_schema).
#include <gmock/gmock.h>

#include "tests/formats/collada/write/effect_test_util.h"

namespace px::collada::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kDropped[] = "collada.write.image-uri-dropped";

const std::vector<std::string> kUris = {
    "file:///etc/passwd",        "/abs/path.png", "../../x.png", "javascript:alert(1)",
    "https://example.com/a.png", "maps/ok.png",   "a/../b.png"};

// One image per uri of kUris, each sampled by a texture and a material of its own.
Scene scene_with_uris() {
  Scene scene;
  for (size_t i = 0; i < kUris.size(); ++i) {
    Image image;
    image.name = cat("img", i);
    image.uri = kUris[i];
    scene.images.push_back(image);
    Texture texture;
    texture.image = static_cast<int>(i);
    scene.textures.push_back(texture);
    Material m = named(cat("m", i));
    m.base_color_texture = texture_ref(static_cast<int>(i));
    scene.materials.push_back(m);
  }
  return scene;
}

// The uris of the images read back, and of the image each material's base colour samples.
std::vector<std::string> image_uris(const Scene& scene) {
  std::vector<std::string> out;
  for (const Image& image : scene.images) out.push_back(image.uri);
  return out;
}
std::vector<std::string> sampled_uris(const Scene& scene) {
  std::vector<std::string> out;
  for (const Material& m : scene.materials) out.push_back(image_uri(scene, m.base_color_texture));
  return out;
}

TEST(ImageUriPolicy, HostPathsAndOtherSchemesAreLeftOutWithTheTexturesSamplingThem) {
  RoundTrip rt = write_and_read(scene_with_uris());
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, kDropped), 1);
  // Each material sampling a left-out image says so, as for any image not written.
  EXPECT_EQ(warned(rt.written, "collada.write.texture-dropped"), 5);
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 6);
  std::string message;
  for (const Diagnostic& d : rt.written.diagnostics.entries()) {
    if (d.code == kDropped) message = d.message;
  }
  EXPECT_TRUE(message.starts_with("5 image uris")) << message;
  EXPECT_THAT(message, HasSubstr("image 0, file:///etc/passwd"));
  for (const char* gone : {"passwd", "/abs/", "../../", "javascript", "example.com"}) {
    EXPECT_THAT(*rt.written.text, Not(HasSubstr(gone)));
  }
  EXPECT_EQ(image_uris(*rt.read.scene), (std::vector<std::string>{"maps/ok.png", "a/../b.png"}));
  EXPECT_EQ(sampled_uris(*rt.read.scene),
            (std::vector<std::string>{"", "", "", "", "", "maps/ok.png", "a/../b.png"}));
}

TEST(ImageUriPolicy, AllowRemoteKeepsHttpOnly) {
  RoundTrip rt = write_and_read(scene_with_uris(), {.allow_remote_uris = true});
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, kDropped), 1);
  EXPECT_EQ(image_uris(*rt.read.scene),
            (std::vector<std::string>{"https://example.com/a.png", "maps/ok.png", "a/../b.png"}));
}

TEST(ImageUriPolicy, AllowExternalKeepsEverythingButHttp) {
  RoundTrip rt = write_and_read(scene_with_uris(), {.allow_external_files = true});
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, kDropped), 1);
  std::vector<std::string> expected = kUris;
  expected.erase(expected.begin() + 4);
  EXPECT_EQ(image_uris(*rt.read.scene), expected);

  RoundTrip all =
      write_and_read(scene_with_uris(), {.allow_remote_uris = true, .allow_external_files = true});
  ASSERT_TRUE(all.read.scene.ok());
  EXPECT_EQ(all.written.diagnostics.warning_count(), 0);
  EXPECT_EQ(image_uris(*all.read.scene), kUris);
  EXPECT_EQ(sampled_uris(*all.read.scene), kUris);
}

TEST(ImageUriPolicy, BytesTakeTheDroppedUrisPlace) {
  Scene scene = textured_scene({named("m")});
  scene.materials[0].base_color_texture = texture_ref(0);
  scene.images[0].uri = "file:///etc/passwd";
  scene.images[0].bytes = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 1, 2, 3};
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, kDropped), 1);
  EXPECT_THAT(*rt.written.text, HasSubstr("<init_from>data:image/png;base64,"));
  EXPECT_THAT(*rt.written.text, Not(HasSubstr("passwd")));
  ASSERT_EQ(rt.read.scene->images.size(), 1u);
  EXPECT_EQ(rt.read.scene->images[0].bytes, scene.images[0].bytes);
  EXPECT_TRUE(rt.read.scene->materials[0].base_color_texture.present());
}

TEST(ImageUriPolicy, DataAndInsideUrisAreNeverWarned) {
  Scene scene = textured_scene({named("m")});
  scene.images[0].uri = "maps/a%20b.png";
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  EXPECT_EQ(rt.read.scene->images[0].uri, "maps/a%20b.png");
}

}  // namespace
}  // namespace px::collada::testing
