// The GLB container's layout, on whole writes.
#include <cstring>
#include <string>

#include "gtest/gtest.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

uint32_t u32(const std::string& bytes, size_t at) {
  uint32_t v;
  std::memcpy(&v, bytes.data() + at, 4);
  return v;
}

std::string write_glb(const Scene& scene) {
  Diagnostics diagnostics;
  absl::StatusOr<Written> written = write_to_memory(scene, true, "", diagnostics);
  EXPECT_TRUE(written.ok()) << written.status();
  EXPECT_TRUE(written->bin.empty());
  return written.ok() ? written->json : "";
}

TEST(GlbContainer, HeaderAndChunksAreLaidOutAligned) {
  Scene scene = triangle_scene();
  std::string glb = write_glb(scene);
  ASSERT_GE(glb.size(), 28u);
  EXPECT_EQ(glb.substr(0, 4), "glTF");
  EXPECT_EQ(u32(glb, 4), 2u);
  EXPECT_EQ(u32(glb, 8), glb.size());
  EXPECT_EQ(glb.size() % 4, 0u);

  uint32_t json_length = u32(glb, 12);
  EXPECT_EQ(u32(glb, 16), 0x4E4F534Au);
  EXPECT_EQ(json_length % 4, 0u);
  std::string json = glb.substr(20, json_length);
  // Padding is spaces, which JSON ignores.
  EXPECT_EQ(json.back() == '}' || json.back() == ' ', true);
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  ASSERT_FALSE(doc.HasParseError());
  EXPECT_FALSE(doc["buffers"][0].HasMember("uri"));

  size_t bin_at = 20 + json_length;
  uint32_t bin_length = u32(glb, bin_at);
  EXPECT_EQ(u32(glb, bin_at + 4), 0x004E4942u);
  EXPECT_EQ(bin_length % 4, 0u);
  EXPECT_EQ(bin_at + 8 + bin_length, glb.size());
  EXPECT_EQ(doc["buffers"][0]["byteLength"].GetUint64(), bin_length);
}

TEST(GlbContainer, JsonChunkIsPaddedWithSpaces) {
  // Find a name length that leaves the JSON unaligned, to see the padding.
  for (int extra = 0; extra < 4; ++extra) {
    Scene scene = triangle_scene();
    scene.nodes[0].name = std::string(extra, 'n');
    std::string glb = write_glb(scene);
    uint32_t json_length = u32(glb, 12);
    std::string json = glb.substr(20, json_length);
    size_t end = json.rfind('}');
    EXPECT_LT(json_length - end - 1, 4u);
    EXPECT_EQ(json.find_first_not_of(' ', end + 1), std::string::npos);
  }
}

TEST(GlbContainer, NoBinChunkWithoutBinaryData) {
  Scene scene;
  scene.nodes.resize(1);
  scene.scenes.push_back({0});
  std::string glb = write_glb(scene);
  uint32_t json_length = u32(glb, 12);
  EXPECT_EQ(glb.size(), 20u + json_length);
  rapidjson::Document doc;
  doc.Parse(glb.data() + 20, json_length);
  ASSERT_FALSE(doc.HasParseError());
  EXPECT_FALSE(doc.HasMember("buffers"));
  EXPECT_FALSE(doc.HasMember("bufferViews"));
  EXPECT_FALSE(doc.HasMember("accessors"));
}

}  // namespace
}  // namespace px::gltf::testing
