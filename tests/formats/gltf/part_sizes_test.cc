// A glTF document's bytes by part (formats/gltf/check/part_sizes.h): each kind of part found
// through the accessors and views that name it, meshopt's compressed bytes and placeholder
// buffers, data: URIs, a GLB's framing, and the polyxios writer's own GLB summing to its size.
#include "formats/gltf/check/part_sizes.h"

#include <string>

#include "gtest/gtest.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

// Six views of 100, 200, ... bytes: geometry (attribute, indices, a morph target, Draco), an
// animation's input and output, a skin's matrices, instance translations, an image; view 5 no
// part names (other).
constexpr std::string_view kDocument = R"({
  "asset": {"version": "2.0"},
  "buffers": [{"byteLength": 4000}],
  "bufferViews": [
    {"buffer": 0, "byteLength": 100}, {"buffer": 0, "byteLength": 200},
    {"buffer": 0, "byteLength": 300}, {"buffer": 0, "byteLength": 400},
    {"buffer": 0, "byteLength": 500}, {"buffer": 0, "byteLength": 600},
    {"buffer": 0, "byteLength": 700}, {"buffer": 0, "byteLength": 800},
    {"buffer": 0, "byteLength": 50}],
  "accessors": [{"bufferView": 0}, {"bufferView": 1}, {"bufferView": 2}, {"bufferView": 3},
                {"bufferView": 4}, {"bufferView": 6}, {"bufferView": 7}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1,
                              "targets": [{"POSITION": 2}]},
                             {"attributes": {}, "extensions": {
                                 "KHR_draco_mesh_compression": {"bufferView": 8}}}]}],
  "animations": [{"samplers": [{"input": 3, "output": 4}], "channels": []}],
  "skins": [{"joints": [0], "inverseBindMatrices": 5}],
  "nodes": [{"extensions": {"EXT_mesh_gpu_instancing": {"attributes": {"TRANSLATION": 6}}}}],
  "images": [{"bufferView": 5, "mimeType": "image/png"},
             {"uri": "data:image/png;base64,AAAAAA=="}, {"uri": "wood.png"}]
})";

TEST(PartSizes, EachPartIsFoundThroughWhatNamesIt) {
  absl::StatusOr<PartSizes> sizes = gltf_part_sizes(kDocument);
  ASSERT_TRUE(sizes.ok()) << sizes.status();
  EXPECT_EQ(sizes->geometry, 100u + 200 + 300 + 50);
  EXPECT_EQ(sizes->animation, 400u + 500);
  EXPECT_EQ(sizes->skins, 700u);
  EXPECT_EQ(sizes->instances, 800u);
  // View 5 (600 bytes) and the data: URI's 4 decoded bytes; a file beside it is not counted.
  EXPECT_EQ(sizes->images, 600u + 4);
  const uint64_t uri_text = std::string_view("data:image/png;base64,AAAAAA==").size();
  EXPECT_EQ(sizes->json, kDocument.size() - uri_text);
  EXPECT_EQ(sizes->total, sizes->json + 4000 + 4);
  EXPECT_EQ(sizes->total, sizes->json + sizes->geometry + sizes->animation + sizes->skins +
                              sizes->instances + sizes->images + sizes->other);
}

TEST(PartSizes, MeshoptViewsCountTheirCompressedBytesAndPlaceholdersNothing) {
  constexpr std::string_view kMeshopt = R"({
    "buffers": [{"byteLength": 1000},
                {"byteLength": 4000, "extensions": {"EXT_meshopt_compression": {"fallback": true}}}],
    "bufferViews": [{"buffer": 1, "byteLength": 4000, "extensions": {"EXT_meshopt_compression":
                       {"buffer": 0, "byteOffset": 0, "byteLength": 900}}}],
    "accessors": [{"bufferView": 0}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}]
  })";
  absl::StatusOr<PartSizes> sizes = gltf_part_sizes(kMeshopt);
  ASSERT_TRUE(sizes.ok()) << sizes.status();
  EXPECT_EQ(sizes->geometry, 900u);
  EXPECT_EQ(sizes->total, kMeshopt.size() + 1000);
  EXPECT_EQ(sizes->other, 100u);
}

TEST(PartSizes, AWrittenGlbSumsToItsBytes) {
  Diagnostics diagnostics;
  absl::StatusOr<Written> written = write_to_memory(triangle_scene(), true, "", diagnostics);
  ASSERT_TRUE(written.ok()) << written.status();
  const std::string& glb = written->json;
  absl::StatusOr<PartSizes> sizes = gltf_part_sizes(glb);
  ASSERT_TRUE(sizes.ok()) << sizes.status();
  EXPECT_EQ(sizes->total, glb.size());
  EXPECT_GT(sizes->geometry, 0u);
  EXPECT_EQ(sizes->json + sizes->geometry + sizes->other, glb.size());
  // The GLB's framing (its header and two chunk headers) and the views' 4-byte alignment (at
  // most 3 bytes before each of the triangle's few views).
  EXPECT_GE(sizes->other, 12u + 8 + 8);
  EXPECT_LE(sizes->other, 12u + 8 + 8 + 3 * 8);
}

TEST(PartSizes, BytesThatAreNoDocumentAreRefused) {
  EXPECT_FALSE(gltf_part_sizes("glTF\x02").ok());
  EXPECT_FALSE(gltf_part_sizes("[1, 2]").ok());
  EXPECT_FALSE(gltf_part_sizes("{\"asset\": ").ok());
}

}  // namespace
}  // namespace px::gltf::testing
