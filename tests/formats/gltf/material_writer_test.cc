// Materials, textures, samplers and images.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

// Whole images: the writer leaves out PNG or JPEG bytes the validator would reject.
const std::vector<uint8_t> kPng = *base64_decode(kPngBase64);
// SOI, a frame header of one 1x1 component, a start of scan, EOI.
const std::vector<uint8_t> kJpeg = {0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01,
                                    0x00, 0x01, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xDA, 0x00,
                                    0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0xFF, 0xD9};

TEST(MaterialWriter, DefaultValuesAreLeftOut) {
  Scene scene;
  scene.materials.resize(1);
  Parsed p = write_gltf(scene);
  ASSERT_EQ(p.doc["materials"].Size(), 1u);
  EXPECT_EQ(p.doc["materials"][0].MemberCount(), 0u);
}

// An animation pointer into pbrMetallicRoughness or KHR_materials_specular needs that object in
// the material (KHR_animation_pointer), so a material of default values is written with it.
TEST(MaterialWriter, AnAnimatedPropertysObjectIsWrittenThoughItsValuesAreDefaults) {
  Scene scene;
  scene.materials.resize(2);
  animate_pointer(scene, "/materials/1/pbrMetallicRoughness/roughnessFactor", {0.5, 1}, 1);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_FALSE(p.doc["materials"][0].HasMember("pbrMetallicRoughness"));
  EXPECT_TRUE(p.doc["materials"][1].HasMember("pbrMetallicRoughness"));

  animate_pointer(scene, "/materials/0/extensions/KHR_materials_specular/specularColorFactor",
                  {1, 1, 1, 0.5, 0.5, 0.5}, 3);
  p = write_gltf(scene, diagnostics);
  EXPECT_TRUE(p.doc["materials"][0]["extensions"].HasMember("KHR_materials_specular"));
  EXPECT_FALSE(p.doc["materials"][1].HasMember("extensions"));
  bool used = false;
  for (const auto& e : p.doc["extensionsUsed"].GetArray()) {
    used = used || std::string(e.GetString()) == "KHR_materials_specular";
  }
  EXPECT_TRUE(used);
}

TEST(MaterialWriter, WritesEveryField) {
  Scene scene;
  scene.textures.resize(3);
  Material m;
  m.name = "Steel";
  m.base_color = {0.5, 0.25, 1, 0.75};
  m.metallic = 0.5;
  m.roughness = 0;
  m.emissive = {0, 0.5, 0};
  m.base_color_texture = {0, 0, 1};
  m.metallic_roughness_texture = {1, 1, 1};
  m.normal_texture = {2, 0, 0.5};
  m.occlusion_texture = {2, 0, 0.25};
  m.emissive_texture = {1, 0, 1};
  m.alpha_mode = AlphaMode::kMask;
  m.alpha_cutoff = 0.25;
  m.double_sided = true;
  scene.materials.push_back(m);
  Parsed p = write_gltf(scene);
  const auto& out = p.doc["materials"][0];
  EXPECT_STREQ(out["name"].GetString(), "Steel");
  const auto& pbr = out["pbrMetallicRoughness"];
  EXPECT_EQ(pbr["baseColorFactor"][3].GetDouble(), 0.75);
  EXPECT_EQ(pbr["metallicFactor"].GetDouble(), 0.5);
  EXPECT_EQ(pbr["roughnessFactor"].GetDouble(), 0);
  EXPECT_EQ(pbr["baseColorTexture"]["index"].GetInt(), 0);
  EXPECT_FALSE(pbr["baseColorTexture"].HasMember("texCoord"));
  EXPECT_EQ(pbr["metallicRoughnessTexture"]["texCoord"].GetInt(), 1);
  EXPECT_EQ(out["normalTexture"]["scale"].GetDouble(), 0.5);
  EXPECT_EQ(out["occlusionTexture"]["strength"].GetDouble(), 0.25);
  EXPECT_EQ(out["emissiveTexture"]["index"].GetInt(), 1);
  EXPECT_EQ(out["emissiveFactor"][1].GetDouble(), 0.5);
  EXPECT_STREQ(out["alphaMode"].GetString(), "MASK");
  EXPECT_EQ(out["alphaCutoff"].GetDouble(), 0.25);
  EXPECT_TRUE(out["doubleSided"].GetBool());
}

TEST(MaterialWriter, AlphaCutoffOnlyForMask) {
  Scene scene;
  scene.materials.resize(2);
  scene.materials[0].alpha_mode = AlphaMode::kBlend;
  scene.materials[0].alpha_cutoff = 0.2;
  scene.materials[1].alpha_mode = AlphaMode::kMask;
  Parsed p = write_gltf(scene);
  EXPECT_STREQ(p.doc["materials"][0]["alphaMode"].GetString(), "BLEND");
  EXPECT_FALSE(p.doc["materials"][0].HasMember("alphaCutoff"));
  EXPECT_FALSE(p.doc["materials"][1].HasMember("alphaCutoff"));
}

TEST(MaterialWriter, FactorsOutsideTheirRangeAreClamped) {
  Scene scene;
  scene.materials.resize(1);
  scene.materials[0].base_color = {2, 0.5, -1, 1};
  scene.materials[0].roughness = 1.5;
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& pbr = p.doc["materials"][0]["pbrMetallicRoughness"];
  EXPECT_EQ(pbr["baseColorFactor"][0].GetDouble(), 1);
  EXPECT_EQ(pbr["baseColorFactor"][2].GetDouble(), 0);
  EXPECT_FALSE(pbr.HasMember("roughnessFactor"));  // clamped to 1, the default
  EXPECT_EQ(diagnostics.count("gltf.write.factor-clamped"), 3);
}

TEST(MaterialWriter, ReferencesToMissingTexturesAreDropped) {
  Scene scene;
  scene.materials.resize(1);
  scene.materials[0].normal_texture.texture = 4;
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_FALSE(p.doc["materials"][0].HasMember("normalTexture"));
  EXPECT_EQ(diagnostics.count("gltf.write.texture-dropped"), 1);
}

TEST(MaterialWriter, RefusesNaN) {
  Scene scene;
  scene.materials.resize(1);
  scene.materials[0].metallic = NAN;
  Diagnostics diagnostics;
  EXPECT_EQ(write_to_memory(scene, true, "", diagnostics).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(TextureWriter, SamplersAreDeduplicatedAndDefaultsLeftOut) {
  Scene scene;
  scene.images.push_back(Image{"", "a.png", "", {}});
  scene.textures.resize(4);
  scene.textures[0].image = 0;
  scene.textures[0].name = "plain";
  scene.textures[1].wrap_s = 33071;
  scene.textures[1].min_filter = 9987;
  scene.textures[1].image = 0;
  scene.textures[2] = scene.textures[1];
  scene.textures[3].mag_filter = 9728;
  scene.textures[3].image = -1;
  Parsed p = write_gltf(scene);
  const auto& textures = p.doc["textures"];
  EXPECT_STREQ(textures[0]["name"].GetString(), "plain");
  EXPECT_FALSE(textures[0].HasMember("sampler"));
  EXPECT_EQ(textures[0]["source"].GetInt(), 0);
  EXPECT_EQ(textures[1]["sampler"].GetInt(), 0);
  EXPECT_EQ(textures[2]["sampler"].GetInt(), 0);
  EXPECT_EQ(textures[3]["sampler"].GetInt(), 1);
  EXPECT_FALSE(textures[3].HasMember("source"));
  const auto& samplers = p.doc["samplers"];
  ASSERT_EQ(samplers.Size(), 2u);
  EXPECT_EQ(samplers[0]["wrapS"].GetInt(), 33071);
  EXPECT_FALSE(samplers[0].HasMember("wrapT"));
  EXPECT_EQ(samplers[0]["minFilter"].GetInt(), 9987);
  EXPECT_FALSE(samplers[0].HasMember("magFilter"));
  EXPECT_EQ(samplers[1]["magFilter"].GetInt(), 9728);
}

TEST(ImageWriter, UriIsKeptAsGiven) {
  Scene scene;
  scene.images.push_back(Image{"wall", "tex/my%20wall.png", "", {}});
  Parsed p = write_gltf(scene);
  EXPECT_STREQ(p.doc["images"][0]["uri"].GetString(), "tex/my%20wall.png");
  EXPECT_STREQ(p.doc["images"][0]["name"].GetString(), "wall");
}

TEST(ImageWriter, BytesBecomeADataUriInGltf) {
  Scene scene;
  scene.images.push_back(Image{"", "", "", kJpeg});
  Parsed p = write_gltf(scene);
  EXPECT_STREQ(p.doc["images"][0]["uri"].GetString(),
               "data:image/jpeg;base64,/9j/wAALCAABAAEBAREA/9oACAEBAAA/AP/Z");
  EXPECT_FALSE(p.doc.HasMember("buffers"));
  EXPECT_TRUE(p.bin.empty());
}

TEST(ImageWriter, BytesGoIntoTheBinChunkInGlb) {
  Scene scene;
  scene.images.push_back(Image{"", "", "", kPng});
  scene.images.push_back(Image{"", "", "", kJpeg});
  Diagnostics diagnostics;
  absl::StatusOr<Written> glb = write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  uint32_t json_length;
  std::memcpy(&json_length, glb->json.data() + 12, 4);
  rapidjson::Document doc;
  doc.Parse(glb->json.data() + 20, json_length);
  ASSERT_FALSE(doc.HasParseError());
  const char* bin = glb->json.data() + 20 + json_length + 8;
  for (int i = 0; i < 2; ++i) {
    const auto& image = doc["images"][i];
    EXPECT_STREQ(image["mimeType"].GetString(), i == 0 ? "image/png" : "image/jpeg");
    const auto& view = doc["bufferViews"][image["bufferView"].GetInt()];
    EXPECT_FALSE(view.HasMember("target"));
    const std::vector<uint8_t>& bytes = i == 0 ? kPng : kJpeg;
    uint64_t offset = view.HasMember("byteOffset") ? view["byteOffset"].GetUint64() : 0;
    ASSERT_EQ(view["byteLength"].GetUint64(), bytes.size());
    EXPECT_EQ(std::memcmp(bin + offset, bytes.data(), bytes.size()), 0);
  }
}

TEST(ImageWriter, ImageWithoutBytesOrUriIsLeftOutAndTexturesLoseTheirSource) {
  Scene scene;
  scene.images.push_back(Image{});
  scene.images.push_back(Image{"", "b.png", "", {}});
  scene.textures.resize(2);
  scene.textures[0].image = 0;
  scene.textures[1].image = 1;
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(p.doc["images"].Size(), 1u);
  EXPECT_FALSE(p.doc["textures"][0].HasMember("source"));
  EXPECT_EQ(p.doc["textures"][1]["source"].GetInt(), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.image-dropped"), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.texture-source-dropped"), 1);
}

}  // namespace
}  // namespace px::gltf::testing
