// Materials, textures, samplers and images: every PBR field, texture references with their sets,
// sampler defaults, placeholder textures, and images by URI (found, missing, outside the folder),
// data: URI or bufferView.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

using namespace std::string_view_literals;

// The start of a PNG: signature and the IHDR chunk's header.
constexpr std::string_view kPng = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR"sv;

std::string png_bytes() { return std::string(kPng.data(), kPng.size()); }

TEST(ReadMaterials, EveryMaterialFieldIsRead) {
  ReadResult r = read_bytes(document(R"(
    "textures": [{}, {}, {}, {}, {}],
    "materials": [{
      "name": "painted",
      "pbrMetallicRoughness": {
        "baseColorFactor": [0.5, 0.25, 0.125, 0.75],
        "baseColorTexture": {"index": 0, "texCoord": 1},
        "metallicFactor": 0.1,
        "roughnessFactor": 0.2,
        "metallicRoughnessTexture": {"index": 1}
      },
      "normalTexture": {"index": 2, "scale": 0.5, "texCoord": 2},
      "occlusionTexture": {"index": 3, "strength": 0.25},
      "emissiveTexture": {"index": 4},
      "emissiveFactor": [1, 0.5, 0],
      "alphaMode": "MASK",
      "alphaCutoff": 0.3,
      "doubleSided": true,
      "extras": {"shader": "car paint"}
    }, {"alphaMode": "BLEND"}, {}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.scene->materials.size(), 3u);
  const Material& m = r.scene->materials[0];
  EXPECT_EQ(m.name, "painted");
  EXPECT_THAT(m.base_color, ElementsAre(0.5, 0.25, 0.125, 0.75));
  EXPECT_EQ(m.base_color_texture.texture, 0);
  EXPECT_EQ(m.base_color_texture.texcoord, 1);
  EXPECT_EQ(m.metallic, 0.1);
  EXPECT_EQ(m.roughness, 0.2);
  EXPECT_EQ(m.metallic_roughness_texture.texture, 1);
  EXPECT_EQ(m.normal_texture.texture, 2);
  EXPECT_EQ(m.normal_texture.scale, 0.5);
  EXPECT_EQ(m.normal_texture.texcoord, 2);
  EXPECT_EQ(m.occlusion_texture.texture, 3);
  EXPECT_EQ(m.occlusion_texture.scale, 0.25);
  EXPECT_EQ(m.emissive_texture.texture, 4);
  EXPECT_THAT(m.emissive, ElementsAre(1, 0.5, 0));
  EXPECT_EQ(m.alpha_mode, AlphaMode::kMask);
  EXPECT_EQ(m.alpha_cutoff, 0.3);
  EXPECT_TRUE(m.double_sided);
  const Value* extras = find_value(m.extras, "extras");
  ASSERT_NE(extras, nullptr);
  EXPECT_EQ(find_value(extras->as_map(), "shader")->as_string(), "car paint");
  EXPECT_EQ(r.scene->materials[1].alpha_mode, AlphaMode::kBlend);
  // glTF's defaults.
  const Material& d = r.scene->materials[2];
  EXPECT_THAT(d.base_color, ElementsAre(1, 1, 1, 1));
  EXPECT_EQ(d.metallic, 1);
  EXPECT_EQ(d.roughness, 1);
  EXPECT_FALSE(d.base_color_texture.present());
  EXPECT_EQ(d.alpha_mode, AlphaMode::kOpaque);
  EXPECT_EQ(d.alpha_cutoff, 0.5);
  EXPECT_FALSE(d.double_sided);
}

TEST(ReadMaterials, MalformedMaterialsAreRefused) {
  EXPECT_EQ(
      rule_of(read_bytes(document(R"("materials": [{"alphaMode": "CUTOUT"}])")).scene.status()),
      "gltf.json.value");
  EXPECT_EQ(rule_of(read_bytes(document(R"("materials": [{"emissiveTexture": {"index": 0}}])"))
                        .scene.status()),
            "gltf.reference.unresolved");
  absl::Status bad_factor = read_bytes(document(R"("materials": [{"pbrMetallicRoughness":
                                {"baseColorFactor": [1, 1, 1]}}])"))
                                .scene.status();
  EXPECT_EQ(rule_of(bad_factor), "gltf.json.type");
  EXPECT_THAT(bad_factor.message(), HasSubstr("/materials/0/pbrMetallicRoughness/baseColorFactor"));
}

TEST(ReadTextures, SamplersGiveTheirSettingsAndTheirAbsenceTheDefaults) {
  ReadResult r = read_bytes(document(R"(
    "images": [{"uri": "a.png"}],
    "samplers": [{"magFilter": 9728, "minFilter": 9987, "wrapS": 33071, "wrapT": 33648}],
    "textures": [{"source": 0, "sampler": 0, "name": "t"}, {"source": 0}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Texture& t = r.scene->textures[0];
  EXPECT_EQ(t.name, "t");
  EXPECT_EQ(t.image, 0);
  EXPECT_EQ(t.mag_filter, 9728);
  EXPECT_EQ(t.min_filter, 9987);
  EXPECT_EQ(t.wrap_s, 33071);
  EXPECT_EQ(t.wrap_t, 33648);
  const Texture& d = r.scene->textures[1];
  EXPECT_EQ(d.wrap_s, 10497);
  EXPECT_EQ(d.wrap_t, 10497);
  EXPECT_EQ(d.mag_filter, 0);
  EXPECT_EQ(d.min_filter, 0);
  EXPECT_EQ(rule_of(read_bytes(document(R"("samplers": [{"wrapS": 1}],
                                          "textures": [{"sampler": 0}])"))
                        .scene.status()),
            "gltf.json.value");
}

TEST(ReadTextures, TextureWithoutASourceIsAPlaceholderOfImageMinusOne) {
  ReadResult r = read_bytes(document(R"(
    "extensionsUsed": ["KHR_texture_basisu"],
    "images": [{"uri": "a.ktx2"}],
    "textures": [{"extensions": {"KHR_texture_basisu": {"source": 0}}}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->textures[0].image, -1);
  // Its KTX2 source is kept (issue 15 point 9; tests/formats/gltf/carried_extensions_test.cc).
  EXPECT_EQ(r.scene->textures[0].source_extension, "KHR_texture_basisu");
  EXPECT_EQ(r.scene->textures[0].extension_image, 0);
  EXPECT_EQ(r.diagnostics.count("gltf.read.extension-dropped"), 0);
}

TEST(ReadImages, DataUriAndBufferViewImagesHoldTheirBytes) {
  Bin bin;
  size_t offset = bin.add_raw(png_bytes());
  std::string data =
      data_uri("image/png", {reinterpret_cast<const uint8_t*>(kPng.data()), kPng.size()});
  ReadResult r = read_bytes(
      document(cat(R"("bufferViews": [{"buffer": 0, "byteOffset": )", offset, R"(, "byteLength": )",
                   kPng.size(), R"(}], "images": [{"uri": ")", data, R"(", "name": "inline"},
             {"bufferView": 0, "mimeType": "image/png"}])"),
               bin));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  for (const Image& image : r.scene->images) {
    EXPECT_EQ(std::string(image.bytes.begin(), image.bytes.end()), png_bytes());
    EXPECT_EQ(image.mime_type, "image/png");
    EXPECT_EQ(image.uri, "");
  }
  EXPECT_EQ(r.scene->images[0].name, "inline");
}

TEST(ReadImages, FilesAreReadBesideTheDocumentAndTheirUriKeptAsSpelled) {
  std::filesystem::path dir = temp_folder("read_images_files");
  std::filesystem::create_directories(dir / "doc");
  write_file(dir / "doc" / "my tex.png", png_bytes());
  write_file(dir / "outside.png", png_bytes());
  const std::string json = document(R"(
    "images": [{"uri": "my%20tex.png"}, {"uri": "gone.png"}, {"uri": "../outside.png"},
               {"uri": "https://example.com/a.png"}])");
  ReadResult r = read_bytes(json, {}, dir / "doc");
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<Image>& images = r.scene->images;
  EXPECT_EQ(images[0].uri, "my%20tex.png");
  EXPECT_EQ(images[0].bytes.size(), kPng.size());
  EXPECT_EQ(images[0].mime_type, "image/png");
  EXPECT_EQ(images[1].uri, "gone.png");
  EXPECT_TRUE(images[1].bytes.empty());
  EXPECT_EQ(r.diagnostics.count("gltf.image.missing"), 1);
  EXPECT_EQ(images[2].uri, "../outside.png");
  EXPECT_TRUE(images[2].bytes.empty());
  EXPECT_EQ(r.diagnostics.count("gltf.read.image-outside-folder"), 1);
  EXPECT_EQ(images[3].uri, "https://example.com/a.png");
  EXPECT_TRUE(images[3].bytes.empty());

  ReadOptions allow;
  allow.allow_external_files = true;
  ReadResult allowed = read_bytes(json, allow, dir / "doc");
  ASSERT_TRUE(allowed.scene.ok());
  EXPECT_EQ(allowed.scene->images[2].bytes.size(), kPng.size());
  EXPECT_EQ(allowed.diagnostics.count("gltf.read.image-outside-folder"), 0);
}

}  // namespace
}  // namespace px::gltf::testing
