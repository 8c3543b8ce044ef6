// Issue 13: the glTF writer copies an image URI into its output only when the policy allows it
// (engine/file_uri.h): data: and relative ones inside the asset's folder always, http(s): with
// allow_remote, the rest with allow_external. A URI left out is warned once, with its count; the
// image's PNG or JPEG bytes take its place, else the image is left out and its texture keeps no
// source, which glTF allows.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

constexpr char kDropped[] = "gltf.write.image-uri-dropped";
// A whole PNG: the writer leaves out bytes the validator would reject.
const std::vector<uint8_t> kPng = *base64_decode(kPngBase64);

const std::vector<std::string> kUris = {
    "file:///etc/passwd",        "/abs/path.png", "../../x.png", "javascript:alert(1)",
    "https://example.com/a.png", "maps/ok.png",   "a/../b.png"};

// A textured triangle: one texture per URI of kUris, each sampled by a material.
Scene scene_with_uris() {
  Scene scene = triangle_scene();
  for (size_t i = 0; i < kUris.size(); ++i) {
    scene.images.push_back(Image{"", kUris[i], "", {}});
    Texture texture;
    texture.image = static_cast<int>(i);
    scene.textures.push_back(texture);
    Material m;
    m.base_color_texture.texture = static_cast<int>(i);
    scene.materials.push_back(m);
  }
  return scene;
}

std::vector<std::string> written_uris(const Parsed& p) {
  std::vector<std::string> out;
  if (!p.doc.HasMember("images")) return out;
  for (const rapidjson::Value& image : p.doc["images"].GetArray()) {
    EXPECT_TRUE(image.HasMember("uri") || image.HasMember("bufferView"));
    if (image.HasMember("uri")) out.push_back(image["uri"].GetString());
  }
  return out;
}

Parsed write_with(const Scene& scene, WriteOptions options, Diagnostics& diagnostics) {
  options.threads = 1;
  absl::StatusOr<Written> written =
      write_to_memory(scene, false, "scene.bin", diagnostics, options);
  EXPECT_TRUE(written.ok()) << written.status();
  return written.ok() ? parse(*written) : Parsed{};
}

TEST(ImageUriPolicy, HostPathsAndOtherSchemesAreDroppedAndTheirTexturesKeepNoSource) {
  Diagnostics diagnostics;
  Parsed p = write_with(scene_with_uris(), {}, diagnostics);
  EXPECT_EQ(written_uris(p), (std::vector<std::string>{"maps/ok.png", "a/../b.png"}));
  EXPECT_EQ(diagnostics.count(kDropped), 1);
  const Diagnostic* warning = nullptr;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.code == kDropped) warning = &d;
  }
  ASSERT_NE(warning, nullptr);
  EXPECT_TRUE(warning->message.starts_with("5 image URIs")) << warning->message;
  EXPECT_NE(warning->message.find("image 0, file:///etc/passwd"), std::string::npos);
  ASSERT_EQ(p.doc["textures"].Size(), kUris.size());
  for (size_t i = 0; i < 5; ++i) EXPECT_FALSE(p.doc["textures"][i].HasMember("source")) << i;
  EXPECT_EQ(p.doc["textures"][5]["source"].GetInt(), 0);
  EXPECT_EQ(p.doc["textures"][6]["source"].GetInt(), 1);
  // Each texture left without its image says so, as for any image not written.
  EXPECT_EQ(diagnostics.count("gltf.write.texture-source-dropped"), 5);
  // Every material still names its texture: a texture without source is valid glTF.
  EXPECT_EQ(p.doc["materials"].Size(), kUris.size());
}

TEST(ImageUriPolicy, AllowRemoteKeepsHttpOnly) {
  Diagnostics diagnostics;
  Parsed p = write_with(scene_with_uris(), {.allow_remote_uris = true}, diagnostics);
  EXPECT_EQ(written_uris(p),
            (std::vector<std::string>{"https://example.com/a.png", "maps/ok.png", "a/../b.png"}));
  EXPECT_EQ(diagnostics.count(kDropped), 1);
}

TEST(ImageUriPolicy, AllowExternalKeepsEverythingButHttp) {
  Diagnostics diagnostics;
  Parsed p = write_with(scene_with_uris(), {.allow_external_files = true}, diagnostics);
  std::vector<std::string> expected = kUris;
  expected.erase(expected.begin() + 4);
  EXPECT_EQ(written_uris(p), expected);
  EXPECT_EQ(diagnostics.count(kDropped), 1);

  Diagnostics both;
  Parsed all = write_with(scene_with_uris(),
                          {.allow_remote_uris = true, .allow_external_files = true}, both);
  EXPECT_EQ(written_uris(all), kUris);
  EXPECT_EQ(both.count(kDropped), 0);
  EXPECT_EQ(both.count("gltf.write.texture-source-dropped"), 0);
}

TEST(ImageUriPolicy, PngBytesTakeTheDroppedUrisPlace) {
  Scene scene = triangle_scene();
  scene.images.push_back(Image{"", "file:///etc/passwd", "", kPng});
  scene.textures.resize(1);
  scene.textures[0].image = 0;
  Diagnostics diagnostics;
  Parsed p = write_with(scene, {}, diagnostics);
  ASSERT_EQ(p.doc["images"].Size(), 1u);
  EXPECT_TRUE(std::string(p.doc["images"][0]["uri"].GetString()).starts_with("data:image/png"));
  EXPECT_EQ(p.doc["textures"][0]["source"].GetInt(), 0);
  EXPECT_EQ(diagnostics.count(kDropped), 1);

  // GLB embeds the bytes whatever the URI: nothing is dropped, nothing warned.
  Diagnostics glb_diagnostics;
  absl::StatusOr<Written> glb = write_to_memory(scene, true, "", glb_diagnostics, {.threads = 1});
  ASSERT_TRUE(glb.ok()) << glb.status();
  EXPECT_EQ(glb_diagnostics.count(kDropped), 0);
  EXPECT_EQ(glb->json.find("passwd"), std::string::npos);
}

TEST(ImageUriPolicy, DataUrisAndInsideUrisAreNeverWarned) {
  Scene scene = triangle_scene();
  scene.images.push_back(Image{"", "maps/a%20b.png", "", {}});
  scene.images.push_back(Image{"", "./c.png", "", {}});
  Diagnostics diagnostics;
  Parsed p = write_with(scene, {}, diagnostics);
  EXPECT_EQ(written_uris(p), (std::vector<std::string>{"maps/a%20b.png", "./c.png"}));
  EXPECT_EQ(diagnostics.warning_count(), 0);
}

}  // namespace
}  // namespace px::gltf::testing
