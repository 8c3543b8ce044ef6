// Round trips through the reader and the writer: glb -> gltf -> glb and gltf -> glb -> gltf keep
// every accessor's decoded values, the cells, node transforms, materials, textures and images
// (compared as decoded values, not bytes); writing the same scene twice gives the same bytes.
#include <string>
#include <vector>

#include "formats/gltf/write/gltf_writer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

// A whole PNG: the writer leaves out bytes the validator would reject.
const std::string kPng = whole_png();

// A document using most of what glTF holds: interleaved and normalized attributes, two meshes
// of several modes and materials, textures with samplers, an embedded image, TRS and matrix nodes
// in two scenes.
std::string rich_document() {
  Bin bin;
  // Four vertices, 24 bytes each: position (12), normal (12).
  size_t vertices = bin.add<float>(
      {0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1, 0.5f, 0, 0.6f, 0.8f});
  size_t uv = bin.add<uint16_t>({0, 0, 65535, 0, 65535, 65535, 0, 65535});
  size_t colors = bin.add<uint8_t>({255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40});
  size_t triangles = bin.add<uint8_t>({0, 1, 2, 0, 2, 3});
  size_t loop = bin.add<uint16_t>({0, 1, 3});
  size_t points = bin.add<float>({5, 5, 5, 6, 6, 6, 7, 7, 7});
  size_t image = bin.add_raw(kPng);
  return document(cat(R"(
    "scene": 1,
    "scenes": [{"nodes": [0]}, {"nodes": [0, 3]}],
    "nodes": [
      {"name": "root", "children": [1, 2], "translation": [1, 2, 3],
       "rotation": [0, 0.6, 0, 0.8], "scale": [2, 2, 2]},
      {"name": "quad", "mesh": 0,
       "matrix": [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 4, 5, 6, 1]},
      {"name": "cloud", "mesh": 1, "translation": [0, -1, 0]},
      {"name": "lonely"}],
    "meshes": [
      {"name": "quad", "primitives": [
        {"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2, "COLOR_0": 3},
         "indices": 4, "material": 0},
        {"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2, "COLOR_0": 3},
         "indices": 5, "mode": 2, "material": 1}]},
      {"name": "cloud", "primitives": [{"attributes": {"POSITION": 6}, "mode": 0}]}],
    "bufferViews": [
      {"buffer": 0, "byteOffset": )",
                      vertices, R"(, "byteLength": 96, "byteStride": 24},
      {"buffer": 0, "byteOffset": )",
                      uv, R"(, "byteLength": 16},
      {"buffer": 0, "byteOffset": )",
                      colors, R"(, "byteLength": 16},
      {"buffer": 0, "byteOffset": )",
                      triangles, R"(, "byteLength": 6},
      {"buffer": 0, "byteOffset": )",
                      loop, R"(, "byteLength": 6},
      {"buffer": 0, "byteOffset": )",
                      points, R"(, "byteLength": 36},
      {"buffer": 0, "byteOffset": )",
                      image, R"(, "byteLength": )", kPng.size(), R"(}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3",
       "min": [0, 0, 0], "max": [1, 1, 0]},
      {"bufferView": 0, "byteOffset": 12, "componentType": 5126, "count": 4, "type": "VEC3"},
      {"bufferView": 1, "componentType": 5123, "normalized": true, "count": 4, "type": "VEC2"},
      {"bufferView": 2, "componentType": 5121, "normalized": true, "count": 4, "type": "VEC4"},
      {"bufferView": 3, "componentType": 5121, "count": 6, "type": "SCALAR"},
      {"bufferView": 4, "componentType": 5123, "count": 3, "type": "SCALAR"},
      {"bufferView": 5, "componentType": 5126, "count": 3, "type": "VEC3",
       "min": [5, 5, 5], "max": [7, 7, 7]}],
    "materials": [
      {"name": "paint", "pbrMetallicRoughness": {"baseColorFactor": [0.5, 0.5, 1, 1],
        "baseColorTexture": {"index": 0}, "metallicFactor": 0.25, "roughnessFactor": 0.75},
       "normalTexture": {"index": 1, "scale": 0.5}, "occlusionTexture": {"index": 0,
       "strength": 0.5}, "emissiveFactor": [0.1, 0.2, 0.3], "alphaMode": "MASK",
       "alphaCutoff": 0.25, "doubleSided": true},
      {"name": "wire", "alphaMode": "BLEND"}],
    "textures": [{"source": 0, "sampler": 0}, {"source": 0}, {"name": "placeholder"}],
    "samplers": [{"magFilter": 9728, "minFilter": 9986, "wrapS": 33071, "wrapT": 33648}],
    "images": [{"name": "checker", "bufferView": 6, "mimeType": "image/png"}],
    "extras": {"project": "round trip"})"),
                  bin);
}

void expect_same_columns(const Column& a, const Column& b, const std::string& what) {
  ASSERT_EQ(a.rows, b.rows) << what;
  ASSERT_EQ(a.cols, b.cols) << what;
  std::vector<double> va = values_of(a);
  std::vector<double> vb = values_of(b);
  for (size_t i = 0; i < va.size(); ++i)
    EXPECT_NEAR(va[i], vb[i], 1e-6) << what << " [" << i << "]";
}

void expect_same_scene(const Scene& a, const Scene& b) {
  ASSERT_EQ(a.meshes.size(), b.meshes.size());
  for (size_t m = 0; m < a.meshes.size(); ++m) {
    const Mesh& ma = a.meshes[m];
    const Mesh& mb = b.meshes[m];
    const std::string label = cat("mesh ", m);
    expect_same_columns(ma.points, mb.points, cat(label, " points"));
    ASSERT_EQ(ma.point_data.size(), mb.point_data.size()) << label;
    for (size_t c = 0; c < ma.point_data.size(); ++c) {
      EXPECT_EQ(ma.point_data[c].name, mb.point_data[c].name) << label;
      expect_same_columns(ma.point_data[c].column, mb.point_data[c].column,
                          cat(label, " ", ma.point_data[c].name));
    }
    EXPECT_EQ(cell_types(ma), cell_types(mb)) << label;
    EXPECT_EQ(connectivity(ma), connectivity(mb)) << label;
    EXPECT_EQ(std::vector<uint32_t>(ma.offsets.begin(), ma.offsets.end()),
              std::vector<uint32_t>(mb.offsets.begin(), mb.offsets.end()))
        << label;
    EXPECT_EQ(materials(ma), materials(mb)) << label;
    EXPECT_EQ(find_value(ma.global_attrs, "mesh_name")->as_string(),
              find_value(mb.global_attrs, "mesh_name")->as_string());
  }
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  for (size_t n = 0; n < a.nodes.size(); ++n) {
    EXPECT_EQ(a.nodes[n].name, b.nodes[n].name);
    EXPECT_EQ(a.nodes[n].mesh, b.nodes[n].mesh);
    EXPECT_EQ(a.nodes[n].children, b.nodes[n].children);
    EXPECT_TRUE(a.nodes[n].matrix.isApprox(b.nodes[n].matrix, 1e-9)) << "node " << n << "\n"
                                                                     << a.nodes[n].matrix << "\n"
                                                                     << b.nodes[n].matrix;
  }
  EXPECT_EQ(a.scenes, b.scenes);
  EXPECT_EQ(a.default_scene, b.default_scene);
  ASSERT_EQ(a.materials.size(), b.materials.size());
  for (size_t i = 0; i < a.materials.size(); ++i) {
    const Material& x = a.materials[i];
    const Material& y = b.materials[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.base_color, y.base_color);
    EXPECT_EQ(x.metallic, y.metallic);
    EXPECT_EQ(x.roughness, y.roughness);
    EXPECT_EQ(x.emissive, y.emissive);
    for (auto [rx, ry] : {std::pair{x.base_color_texture, y.base_color_texture},
                          {x.metallic_roughness_texture, y.metallic_roughness_texture},
                          {x.normal_texture, y.normal_texture},
                          {x.occlusion_texture, y.occlusion_texture},
                          {x.emissive_texture, y.emissive_texture}}) {
      EXPECT_EQ(rx.texture, ry.texture);
      EXPECT_EQ(rx.texcoord, ry.texcoord);
      EXPECT_EQ(rx.scale, ry.scale);
    }
    EXPECT_EQ(x.alpha_mode, y.alpha_mode);
    EXPECT_EQ(x.alpha_cutoff, y.alpha_cutoff);
    EXPECT_EQ(x.double_sided, y.double_sided);
  }
  ASSERT_EQ(a.textures.size(), b.textures.size());
  for (size_t i = 0; i < a.textures.size(); ++i) {
    const Texture& x = a.textures[i];
    const Texture& y = b.textures[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(std::tie(x.image, x.wrap_s, x.wrap_t, x.mag_filter, x.min_filter),
              std::tie(y.image, y.wrap_s, y.wrap_t, y.mag_filter, y.min_filter));
  }
  ASSERT_EQ(a.images.size(), b.images.size());
  for (size_t i = 0; i < a.images.size(); ++i) {
    EXPECT_EQ(a.images[i].name, b.images[i].name);
    EXPECT_EQ(a.images[i].bytes, b.images[i].bytes);
    EXPECT_EQ(a.images[i].mime_type, b.images[i].mime_type);
  }
  const Value* ea = find_value(a.global_attrs, "extras");
  const Value* eb = find_value(b.global_attrs, "extras");
  ASSERT_NE(ea, nullptr);
  ASSERT_NE(eb, nullptr);
  EXPECT_EQ(find_value(ea->as_map(), "project")->as_string(),
            find_value(eb->as_map(), "project")->as_string());
}

Scene read_ok(std::string_view bytes, const std::filesystem::path& dir = {}) {
  ReadResult r = read_bytes(bytes, {}, dir);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return r.scene.ok() ? *std::move(r.scene) : Scene();
}

std::string to_glb(const Scene& scene) {
  Diagnostics diagnostics;
  absl::StatusOr<Written> out = write_to_memory(scene, true, "", diagnostics);
  EXPECT_TRUE(out.ok()) << out.status();
  return out.ok() ? out->json : "";
}

// Writes the scene as dir/name.gltf + .bin and reads it back from the files.
Scene through_gltf_files(const Scene& scene, const std::filesystem::path& dir) {
  Diagnostics diagnostics;
  EXPECT_TRUE(write(scene, dir / "scene.gltf", false, diagnostics).ok());
  Diagnostics read_diagnostics;
  absl::StatusOr<Scene> back = read(dir / "scene.gltf", {}, read_diagnostics);
  EXPECT_TRUE(back.ok()) << back.status();
  return back.ok() ? *std::move(back) : Scene();
}

TEST(ReaderRoundTrip, TheRichDocumentReadsAsWritten) {
  Scene scene = read_ok(rich_document());
  ASSERT_EQ(scene.meshes.size(), 2u);
  const Mesh& quad = scene.meshes[0];
  EXPECT_EQ(quad.num_points(), 4u);
  EXPECT_THAT(cell_types(quad), ::testing::ElementsAre(CellType::kTriangle, CellType::kTriangle,
                                                       CellType::kPolyLine));
  EXPECT_THAT(connectivity(quad), ::testing::ElementsAre(0, 1, 2, 0, 2, 3, 0, 1, 3, 0));
  EXPECT_THAT(materials(quad), ::testing::ElementsAre(0, 0, 1));
  EXPECT_THAT(point_data(quad, "normals"),
              ::testing::ElementsAre(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, double{0.6f}, double{0.8f}));
  EXPECT_THAT(point_data(quad, "texcoords"), ::testing::ElementsAre(0, 0, 1, 0, 1, 1, 0, 1));
  EXPECT_EQ(scene.images[0].bytes.size(), kPng.size());
  EXPECT_EQ(scene.textures[2].image, -1);
}

TEST(ReaderRoundTrip, GltfToGlbToGltfKeepsTheDecodedScene) {
  Scene original = read_ok(rich_document());
  Scene from_glb = read_ok(to_glb(original));
  expect_same_scene(original, from_glb);
  Scene from_gltf = through_gltf_files(from_glb, temp_folder("roundtrip_gltf_glb_gltf"));
  expect_same_scene(original, from_gltf);
}

TEST(ReaderRoundTrip, GlbToGltfToGlbKeepsTheDecodedScene) {
  const std::string glb_bytes = to_glb(read_ok(rich_document()));
  Scene original = read_ok(glb_bytes);
  Scene from_gltf = through_gltf_files(original, temp_folder("roundtrip_glb_gltf_glb"));
  expect_same_scene(original, from_gltf);
  Scene from_glb = read_ok(to_glb(from_gltf));
  expect_same_scene(original, from_glb);
}

TEST(ReaderRoundTrip, WritingTheSameSceneTwiceGivesTheSameBytes) {
  Scene scene = read_ok(rich_document());
  EXPECT_EQ(to_glb(scene), to_glb(scene));
  Diagnostics diagnostics;
  absl::StatusOr<Written> first = write_to_memory(scene, false, "a.bin", diagnostics);
  absl::StatusOr<Written> second = write_to_memory(scene, false, "a.bin", diagnostics);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(first->json, second->json);
  EXPECT_EQ(first->bin, second->bin);
  // A scene read back from what was written writes the same bytes again.
  const std::string glb_bytes = to_glb(scene);
  EXPECT_EQ(to_glb(read_ok(glb_bytes)), glb_bytes);
}

}  // namespace
}  // namespace px::gltf::testing
