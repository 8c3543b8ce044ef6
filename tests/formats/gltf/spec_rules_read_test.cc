// spec/gltf.md's reading rules the other reader tests leave unchecked (see tests/SPEC_COVERAGE.md,
// rows G1, G2 and G6): read_scene through the public API keeps the whole graph, to_polydata
// flattens what it read, and a GLB is told by its magic whatever it is called.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "polyxios/polyxios.h"
#include "polyxios/scene/polydata.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using namespace std::string_view_literals;
using ::testing::ElementsAre;

// Two meshes (the first of two primitives, each with its material), three nodes in a tree under
// a TRS root, two materials, a texture with its sampler and an embedded image (the square's
// texture coordinates, which its material's texture reads).
std::string graph_document() {
  Bin bin;
  size_t square = bin.add<float>({0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});
  size_t front = bin.add<uint8_t>({0, 1, 2});
  size_t back = bin.add<uint8_t>({0, 2, 3});
  size_t triangle = bin.add<float>({0, 0, 0, 0, 0, 1, 0, 1, 0});
  size_t image = bin.add_raw(whole_png());
  size_t uv = bin.add<float>({0, 0, 1, 0, 1, 1, 0, 1});
  return document(cat(R"(
    "scene": 0,
    "scenes": [{"nodes": [0]}],
    "nodes": [
      {"name": "root", "children": [1, 2], "translation": [10, 0, 0]},
      {"name": "square", "mesh": 0, "scale": [2, 2, 2]},
      {"name": "triangle", "mesh": 1}],
    "meshes": [
      {"name": "square", "primitives": [
        {"attributes": {"POSITION": 0, "TEXCOORD_0": 4}, "indices": 1, "material": 0},
        {"attributes": {"POSITION": 0, "TEXCOORD_0": 4}, "indices": 2, "material": 1}]},
      {"name": "triangle", "primitives": [{"attributes": {"POSITION": 3}}]}],
    "bufferViews": [
      {"buffer": 0, "byteOffset": )",
                      square, R"(, "byteLength": 48},
      {"buffer": 0, "byteOffset": )",
                      front, R"(, "byteLength": 3},
      {"buffer": 0, "byteOffset": )",
                      back, R"(, "byteLength": 3},
      {"buffer": 0, "byteOffset": )",
                      triangle, R"(, "byteLength": 36},
      {"buffer": 0, "byteOffset": )",
                      image, R"(, "byteLength": )", whole_png().size(), R"(},
      {"buffer": 0, "byteOffset": )",
                      uv, R"(, "byteLength": 32}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3",
       "min": [0, 0, 0], "max": [1, 1, 0]},
      {"bufferView": 1, "componentType": 5121, "count": 3, "type": "SCALAR"},
      {"bufferView": 2, "componentType": 5121, "count": 3, "type": "SCALAR"},
      {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC3",
       "min": [0, 0, 0], "max": [0, 1, 1]},
      {"bufferView": 5, "componentType": 5126, "count": 4, "type": "VEC2"}],
    "materials": [
      {"name": "paint", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0},
                                                 "metallicFactor": 0.25}},
      {"name": "chrome", "pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1]}}],
    "textures": [{"source": 0, "sampler": 0}],
    "samplers": [{"magFilter": 9728, "wrapS": 33071}],
    "images": [{"name": "checker", "bufferView": 4, "mimeType": "image/png"}])"),
                  bin);
}

std::filesystem::path written_document(std::string_view folder, std::string_view name,
                                       std::string_view bytes) {
  std::filesystem::path dir = temp_folder(folder);
  write_file(dir / name, bytes);
  return dir / name;
}

// G1 (with G7): read_scene keeps nodes, one mesh per glTF mesh with its primitives merged and a
// material per cell, materials, textures and images.
TEST(GltfSpecRead, ReadSceneKeepsTheWholeGraph) {
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = px::read_scene(
      written_document("spec_read_graph", "graph.gltf", graph_document()), {}, diagnostics);
  ASSERT_TRUE(scene.ok()) << scene.status();
  EXPECT_EQ(diagnostics.warning_count(), 0);

  ASSERT_EQ(scene->nodes.size(), 3u);
  EXPECT_EQ(scene->nodes[0].name, "root");
  EXPECT_THAT(scene->nodes[0].children, ElementsAre(1, 2));
  EXPECT_EQ(scene->nodes[0].mesh, -1);
  EXPECT_EQ(scene->nodes[0].matrix(0, 3), 10);
  EXPECT_EQ(scene->nodes[1].mesh, 0);
  EXPECT_EQ(scene->nodes[1].matrix(1, 1), 2);
  EXPECT_EQ(scene->nodes[2].mesh, 1);
  EXPECT_EQ(scene->scenes, (std::vector<std::vector<int>>{{0}}));
  EXPECT_EQ(scene->default_scene, 0);

  ASSERT_EQ(scene->meshes.size(), 2u);
  const Mesh& square = scene->meshes[0];
  EXPECT_EQ(square.num_points(), 4u);
  EXPECT_THAT(connectivity(square), ElementsAre(0, 1, 2, 0, 2, 3));
  EXPECT_THAT(materials(square), ElementsAre(0, 1));
  EXPECT_EQ(find_value(square.global_attrs, "mesh_name")->as_string(), "square");
  EXPECT_EQ(scene->meshes[1].num_cells(), 1u);

  ASSERT_EQ(scene->materials.size(), 2u);
  EXPECT_EQ(scene->materials[0].name, "paint");
  EXPECT_EQ(scene->materials[0].base_color_texture.texture, 0);
  EXPECT_EQ(scene->materials[0].metallic, 0.25);
  EXPECT_EQ(scene->materials[1].base_color[1], 0);
  ASSERT_EQ(scene->textures.size(), 1u);
  EXPECT_EQ(scene->textures[0].image, 0);
  EXPECT_EQ(scene->textures[0].mag_filter, 9728);
  EXPECT_EQ(scene->textures[0].wrap_s, 33071);
  ASSERT_EQ(scene->images.size(), 1u);
  EXPECT_EQ(scene->images[0].name, "checker");
  EXPECT_EQ(std::string(scene->images[0].bytes.begin(), scene->images[0].bytes.end()), whole_png());
  EXPECT_EQ(scene->images[0].mime_type, "image/png");
}

// G2: what read_scene gives flattens into one mesh, every mesh under its node's world transform.
TEST(GltfSpecRead, ToPolydataFlattensTheReadSceneUnderWorldTransforms) {
  ReadResult r = read_bytes(graph_document());
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  PolyData flat = to_polydata(*r.scene);
  const Mesh& m = flat.mesh;
  ASSERT_EQ(m.num_points(), 7u);
  EXPECT_THAT(cell_types(m),
              ElementsAre(CellType::kTriangle, CellType::kTriangle, CellType::kTriangle));
  EXPECT_THAT(connectivity(m), ElementsAre(0, 1, 2, 0, 2, 3, 4, 5, 6));
  EXPECT_THAT(materials(m), ElementsAre(0, 1, -1));
  // The square's (1, 1, 0) scaled by 2 then moved by 10 along x; the triangle's (0, 0, 1) moved.
  EXPECT_THAT(values_of(m.points), ElementsAre(10, 0, 0, 12, 0, 0, 12, 2, 0, 10, 2, 0,  //
                                               10, 0, 0, 10, 0, 1, 10, 1, 0));
}

// G6: a GLB is told by its magic bytes, whatever its file is called.
TEST(GltfSpecRead, GlbIsReadWhateverItsFileIsCalled) {
  Bin bin;
  bin.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0});
  const std::string json = cat(R"({"asset": {"version": "2.0"},
      "buffers": [{"byteLength": 36}],
      "bufferViews": [{"buffer": 0, "byteLength": 36}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                     "min": [0, 0, 0], "max": [1, 1, 0]}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
      "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]})");
  const std::string bytes = glb(json, bin.bytes());
  for (std::string_view name : {"model.glb", "model.gltf", "model.dae", "model"}) {
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene =
        px::read_scene(written_document(cat("spec_read_glb_", name), name, bytes), {}, diagnostics);
    ASSERT_TRUE(scene.ok()) << name << ": " << scene.status();
    ASSERT_EQ(scene->meshes.size(), 1u) << name;
    EXPECT_EQ(scene->meshes[0].num_cells(), 1u) << name;
  }
}

}  // namespace
}  // namespace px::gltf::testing
