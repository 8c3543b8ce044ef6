// Issue 15, point 9 (beyond the spec): glTF -> glTF keeps what the file holds. The ratified
// material extensions the model has no typed terms for (KHR_materials_anisotropy, _clearcoat,
// _diffuse_transmission, _dispersion, _iridescence, _sheen, _transmission, _volume) are carried as
// they are, their textures checked as the material's own; data that is not what its extension
// says is left out with a warning. A texture's WebP / KTX2 / AVIF source behind EXT_texture_webp /
// KHR_texture_basisu / EXT_texture_avif is kept, its image renumbered as written.
#include <algorithm>
#include <cstring>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;

constexpr std::string_view kCarried[] = {
    "KHR_materials_anisotropy",   "KHR_materials_clearcoat",   "KHR_materials_diffuse_transmission",
    "KHR_materials_dispersion",   "KHR_materials_iridescence", "KHR_materials_sheen",
    "KHR_materials_transmission", "KHR_materials_volume"};

// Every member of every carried extension, textures with a texCoord, a normal scale and a
// KHR_texture_transform among them.
constexpr std::string_view kAllExtensions = R"({
  "KHR_materials_anisotropy": {"anisotropyStrength": 0.5, "anisotropyRotation": -1.5,
                               "anisotropyTexture": {"index": 0}},
  "KHR_materials_clearcoat": {"clearcoatFactor": 1, "clearcoatTexture": {"index": 1, "texCoord": 1},
                              "clearcoatRoughnessFactor": 0.25,
                              "clearcoatRoughnessTexture": {"index": 0},
                              "clearcoatNormalTexture": {"index": 1, "scale": 0.5}},
  "KHR_materials_diffuse_transmission": {"diffuseTransmissionFactor": 0.5,
                                         "diffuseTransmissionTexture": {"index": 0},
                                         "diffuseTransmissionColorFactor": [1, 0.5, 0],
                                         "diffuseTransmissionColorTexture": {"index": 1}},
  "KHR_materials_dispersion": {"dispersion": 0.1},
  "KHR_materials_iridescence": {"iridescenceFactor": 1, "iridescenceTexture": {"index": 0},
                                "iridescenceIor": 1.8, "iridescenceThicknessMinimum": 50,
                                "iridescenceThicknessMaximum": 500,
                                "iridescenceThicknessTexture": {"index": 1}},
  "KHR_materials_sheen": {"sheenColorFactor": [0.5, 0.25, 1],
                          "sheenColorTexture": {"index": 0, "extensions": {"KHR_texture_transform":
                              {"offset": [0.5, 0], "scale": [2, 2]}}},
                          "sheenRoughnessFactor": 0.75, "sheenRoughnessTexture": {"index": 1}},
  "KHR_materials_transmission": {"transmissionFactor": 0.9, "transmissionTexture": {"index": 0}},
  "KHR_materials_volume": {"thicknessFactor": 2, "thicknessTexture": {"index": 1},
                           "attenuationDistance": 10, "attenuationColor": [1, 0.9, 0.8],
                           "extras": {"note": "kept"}}})";

std::string used_list(std::string_view more = "") {
  std::string out = R"("extensionsUsed": ["KHR_texture_transform")";
  for (std::string_view name : kCarried) out += cat(", \"", name, "\"");
  return cat(out, more, "],");
}

// A document of one material whose "extensions" is `extensions`, two textures of one image.
std::string material_document(std::string_view extensions) {
  return document(cat(used_list(), R"("materials": [{"extensions": )", extensions,
                      R"(}], "textures": [{"source": 0}, {"source": 0}],
                      "images": [{"uri": "a.png"}])"));
}

TEST(CarriedExtensions, EachRatifiedMaterialExtensionComesBackAsItWas) {
  ReadResult r = read_bytes(material_document(kAllExtensions));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.extension-dropped"), 0);
  EXPECT_EQ(r.diagnostics.count("gltf.read.material-extension-invalid"), 0);
  const Material& m = r.scene->materials[0];
  ASSERT_EQ(m.extensions.size(), 8u);
  EXPECT_EQ(m.extensions[1].name, "KHR_materials_clearcoat");
  ASSERT_EQ(m.extensions[1].textures.size(), 3u);
  EXPECT_EQ(m.extensions[1].textures[0].second.texcoord, 1);
  EXPECT_EQ(m.extensions[1].textures[2].second.scale, 0.5);
  EXPECT_EQ(m.texture_refs().size(), 7u + 12u);

  Diagnostics diagnostics;
  Parsed p = write_gltf(*r.scene, diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.material-extension-dropped"), 0);
  rapidjson::Document in;
  in.Parse(kAllExtensions.data(), kAllExtensions.size());
  const rapidjson::Value& out = p.doc["materials"][0]["extensions"];
  for (std::string_view name : kCarried) {
    const rapidjson::Value key(name.data(), static_cast<rapidjson::SizeType>(name.size()));
    ASSERT_TRUE(out.HasMember(key)) << name;
    EXPECT_TRUE(out[key] == in[key]) << name;
  }
  std::vector<std::string> used;
  for (const auto& v : p.doc["extensionsUsed"].GetArray()) used.emplace_back(v.GetString());
  for (std::string_view name : kCarried) {
    EXPECT_NE(std::find(used.begin(), used.end(), name), used.end()) << name;
  }
  EXPECT_NE(std::find(used.begin(), used.end(), "KHR_texture_transform"), used.end());
}

TEST(CarriedExtensions, DataNotWhatItsExtensionSaysIsLeftOutWithAWarning) {
  ReadResult r = read_bytes(material_document(R"({
      "KHR_materials_clearcoat": {"clearcoatFactor": 2},
      "KHR_materials_sheen": {"sheenColorFactor": [1, 1]},
      "KHR_materials_transmission": {"transmissionTexture": {"index": 9}},
      "KHR_materials_volume": {"attenuationDistance": 0},
      "KHR_materials_iridescence": "no object",
      "KHR_materials_dispersion": {"dispersion": 0.5, "custom": {"kept": [1]}}})"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.material-extension-invalid"), 5);
  const Material& m = r.scene->materials[0];
  ASSERT_EQ(m.extensions.size(), 1u);
  EXPECT_EQ(m.extensions[0].name, "KHR_materials_dispersion");
  // A member the extension does not define is glTF's to allow: kept as it is.
  ASSERT_EQ(m.extensions[0].values.size(), 2u);
  EXPECT_EQ(m.extensions[0].values[1].first, "custom");
  Parsed p = write_gltf(*r.scene);
  const rapidjson::Value& dispersion =
      p.doc["materials"][0]["extensions"]["KHR_materials_dispersion"];
  EXPECT_EQ(dispersion["custom"]["kept"][0].GetInt(), 1);
}

TEST(CarriedExtensions, AnExtensionNotInExtensionsUsedIsNotRead) {
  ReadResult r = read_bytes(document(R"("materials": [{"extensions": {
      "KHR_materials_clearcoat": {"clearcoatFactor": 1}}}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->materials[0].extensions.empty());
  EXPECT_EQ(r.diagnostics.count("gltf.read.extension-undeclared"), 1);
}

MaterialExtension extension(std::string name, ValueMap values,
                            std::vector<std::pair<std::string, TextureRef>> textures = {}) {
  return MaterialExtension{std::move(name), std::move(values), std::move(textures)};
}

TextureRef texture(int index, int texcoord = 0) {
  TextureRef ref;
  ref.texture = index;
  ref.texcoord = texcoord;
  return ref;
}

TEST(CarriedExtensions, AWriteLeavesOutWhatTheValidatorWouldReject) {
  Scene scene;
  scene.textures.resize(1);
  Material m;
  m.extensions = {
      extension("KHR_materials_foo", {{"x", Value(1)}}),
      extension("KHR_materials_sheen",
                {{"sheenRoughnessFactor", Value(0.5)}, {"sheenColorTexture", Value(1)}},
                {{"sheenColorTexture", texture(0)}, {"sheenRoughnessTexture", texture(4)}}),
      extension("KHR_materials_sheen", {}),
      extension("KHR_materials_clearcoat", {{"clearcoatFactor", Value(-1)}}),
      extension("KHR_materials_volume", {{"attenuationColor", Value(ValueArray{1, 1})}})};
  scene.materials.push_back(m);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  // The unknown extension, the second sheen, the clearcoat and the volume; a texture as a value.
  EXPECT_EQ(diagnostics.count("gltf.write.material-extension-dropped"), 5);
  EXPECT_EQ(diagnostics.count("gltf.write.texture-dropped"), 1);
  const rapidjson::Value& out = p.doc["materials"][0]["extensions"];
  EXPECT_EQ(out.MemberCount(), 1u);
  const rapidjson::Value& sheen = out["KHR_materials_sheen"];
  EXPECT_EQ(sheen.MemberCount(), 2u);
  EXPECT_EQ(sheen["sheenRoughnessFactor"].GetDouble(), 0.5);
  EXPECT_EQ(sheen["sheenColorTexture"]["index"].GetInt(), 0);
  ASSERT_EQ(p.doc["extensionsUsed"].Size(), 1u);
  EXPECT_STREQ(p.doc["extensionsUsed"][0].GetString(), "KHR_materials_sheen");
}

// A triangle with TEXCOORD_0 (and TANGENT when asked) of material 0.
Scene textured_triangle(bool tangents) {
  Scene scene;
  MeshBuilder b(scene);
  b.points({0, 0, 0, 1, 0, 0, 0, 1, 0})
      .point_data("normals", std::vector<float>{0, 0, 1, 0, 0, 1, 0, 0, 1}, 3)
      .point_data("texcoords", std::vector<float>{0, 0, 1, 0, 0, 1}, 2);
  if (tangents) b.point_data("tangents", std::vector<float>{1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1}, 4);
  b.cell(CellType::kTriangle, {0, 1, 2}, 0).add();
  Node node;
  node.mesh = 0;
  scene.nodes.push_back(node);
  scene.scenes.push_back({0});
  scene.textures.resize(1);
  return scene;
}

TEST(CarriedExtensions, ATextureOnASetTheMeshLacksIsLeftOutOfACopy) {
  Scene scene = textured_triangle(false);
  Material m;
  m.extensions = {
      extension("KHR_materials_sheen", {},
                {{"sheenColorTexture", texture(0, 0)}, {"sheenRoughnessTexture", texture(0, 1)}})};
  scene.materials.push_back(m);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.texture-dropped"), 1);
  ASSERT_EQ(p.doc["materials"].Size(), 2u);
  EXPECT_EQ(p.doc["meshes"][0]["primitives"][0]["material"].GetInt(), 1);
  const rapidjson::Value& sheen = p.doc["materials"][1]["extensions"]["KHR_materials_sheen"];
  EXPECT_TRUE(sheen.HasMember("sheenColorTexture"));
  EXPECT_FALSE(sheen.HasMember("sheenRoughnessTexture"));
}

// The validator's MESH_PRIMITIVE_NO_TANGENT_SPACE: anisotropy and a clearcoat normal texture need
// a TANGENT or a normal texture to make one from.
TEST(CarriedExtensions, WhatNeedsATangentSpaceIsLeftOutOfACopyOnAMeshWithout) {
  Material m;
  m.extensions = {extension("KHR_materials_anisotropy", {{"anisotropyStrength", Value(1)}}),
                  extension("KHR_materials_clearcoat", {{"clearcoatFactor", Value(1)}},
                            {{"clearcoatNormalTexture", texture(0)}})};
  for (bool tangents : {false, true}) {
    Scene scene = textured_triangle(tangents);
    scene.materials.push_back(m);
    Diagnostics diagnostics;
    Parsed p = write_gltf(scene, diagnostics);
    EXPECT_EQ(diagnostics.count("gltf.write.material-extension-dropped"), tangents ? 0 : 1);
    const int used = p.doc["meshes"][0]["primitives"][0]["material"].GetInt();
    EXPECT_EQ(used, tangents ? 0 : 1);
    const rapidjson::Value& e = p.doc["materials"][used]["extensions"];
    EXPECT_EQ(e.HasMember("KHR_materials_anisotropy"), tangents);
    EXPECT_EQ(e["KHR_materials_clearcoat"].HasMember("clearcoatNormalTexture"), tangents);
  }
  // A normal texture makes the tangent space.
  Scene scene = textured_triangle(false);
  m.normal_texture = texture(0);
  scene.materials.push_back(m);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.material-extension-dropped"), 0);
  EXPECT_EQ(p.doc["materials"].Size(), 1u);
}

// The JSON chunk of a GLB, as a Written of its own.
Written glb_json(const std::string& glb) {
  uint32_t length = 0;
  std::memcpy(&length, glb.data() + 12, 4);
  return Written{glb.substr(20, length), ""};
}

std::string webp_uri() {
  const std::string riff("RIFF\x04\x00\x00\x00WEBP", 12);
  return data_uri("image/webp", {reinterpret_cast<const uint8_t*>(riff.data()), riff.size()});
}

std::string png_uri() {
  const std::string png = whole_png();
  return data_uri("image/png", {reinterpret_cast<const uint8_t*>(png.data()), png.size()});
}

TEST(CarriedExtensions, ATexturesWebpSourceIsKeptAndItsImageRenumbered) {
  // Image 0 has neither bytes nor URI and is left out, so that images 1 and 2 are written as 0
  // and 1. Texture 1 has no core source: EXT_texture_webp is then required.
  ReadResult r = read_bytes(document(cat(R"("extensionsUsed": ["EXT_texture_webp"],
      "images": [{"name": "none"}, {"uri": ")",
                                         png_uri(), R"("}, {"uri": ")", webp_uri(), R"("}],
      "textures": [{"source": 1, "extensions": {"EXT_texture_webp": {"source": 2}}},
                   {"extensions": {"EXT_texture_webp": {"source": 2}}},
                   {"source": 1, "extensions": {"EXT_texture_webp": {"source": 7}}}])")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.texture-extension-invalid"), 1);
  const std::vector<Texture>& textures = r.scene->textures;
  EXPECT_EQ(textures[0].source_extension, "EXT_texture_webp");
  EXPECT_EQ(textures[0].extension_image, 2);
  EXPECT_EQ(textures[1].image, -1);
  EXPECT_EQ(textures[1].extension_image, 2);
  EXPECT_EQ(textures[2].extension_image, -1);
  for (bool binary : {false, true}) {
    Diagnostics diagnostics;
    absl::StatusOr<Written> written = write_to_memory(*r.scene, binary, "scene.bin", diagnostics);
    ASSERT_TRUE(written.ok()) << written.status();
    Parsed p = parse(binary ? glb_json(written->json) : *written);
    ASSERT_EQ(p.doc["images"].Size(), 2u) << binary;
    const rapidjson::Value& t = p.doc["textures"];
    EXPECT_EQ(t[0]["source"].GetInt(), 0);
    EXPECT_EQ(t[0]["extensions"]["EXT_texture_webp"]["source"].GetInt(), 1);
    EXPECT_FALSE(t[1].HasMember("source"));
    EXPECT_EQ(t[1]["extensions"]["EXT_texture_webp"]["source"].GetInt(), 1);
    EXPECT_FALSE(t[2].HasMember("extensions"));
    EXPECT_EQ(p.doc["extensionsUsed"][0], "EXT_texture_webp");
    EXPECT_EQ(p.doc["extensionsRequired"][0], "EXT_texture_webp");
    if (binary) EXPECT_EQ(p.doc["images"][1]["mimeType"], "image/webp");
  }
}

TEST(CarriedExtensions, ASourceWhoseImageIsNotOfItsTypeIsLeftOut) {
  Scene scene;
  const std::string png = whole_png();
  scene.images.push_back(Image{"", "", "", std::vector<uint8_t>(png.begin(), png.end())});
  Texture t;
  t.image = 0;
  t.source_extension = "EXT_texture_webp";
  t.extension_image = 0;
  scene.textures.push_back(t);
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.texture-source-dropped"), 1);
  EXPECT_FALSE(p.doc["textures"][0].HasMember("extensions"));
  EXPECT_FALSE(p.doc.HasMember("extensionsUsed"));
}

// KHR_materials_variants: the root's names and the mappings of the primitive of mesh 0 and
// material 0, in Scene::material_variants.
MaterialVariants variants_of(std::vector<VariantMapping> mappings) {
  return {{"red", "blue"}, {{0, 0, std::move(mappings)}}};
}

VariantMapping mapping(int material, std::vector<int> variants) {
  return {material, std::move(variants), std::nullopt};
}

TEST(MaterialVariants, TheVariantsAndAPrimitivesMappingsAreWrittenAndReadBack) {
  Scene scene = textured_triangle(false);
  scene.materials.resize(2);
  scene.material_variants = variants_of({mapping(1, {1}), mapping(0, {0})});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.variants-dropped"), 0);
  EXPECT_EQ(diagnostics.count("gltf.write.global-dropped"), 0);
  const rapidjson::Value& root = p.doc["extensions"]["KHR_materials_variants"]["variants"];
  ASSERT_EQ(root.Size(), 2u);
  EXPECT_EQ(root[1]["name"], "blue");
  const rapidjson::Value& mappings =
      p.doc["meshes"][0]["primitives"][0]["extensions"]["KHR_materials_variants"]["mappings"];
  ASSERT_EQ(mappings.Size(), 2u);
  EXPECT_EQ(mappings[0]["material"].GetInt(), 1);
  EXPECT_EQ(mappings[0]["variants"][0].GetInt(), 1);
  EXPECT_EQ(p.doc["extensionsUsed"][0], "KHR_materials_variants");

  absl::StatusOr<Written> glb = write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  ReadResult back = read_bytes(glb->json);
  ASSERT_TRUE(back.scene.ok()) << back.scene.status();
  EXPECT_EQ(back.scene->material_variants.names, scene.material_variants.names);
  Parsed again = write_gltf(*back.scene);
  EXPECT_TRUE(again.doc["extensions"] == p.doc["extensions"]);
  EXPECT_TRUE(again.doc["meshes"] == p.doc["meshes"]);
}

TEST(MaterialVariants, AMappingThatNamesNoMaterialOrVariantIsLeftOutOnWrite) {
  Scene scene = textured_triangle(false);
  scene.materials.resize(2);
  scene.material_variants =
      variants_of({mapping(7, {0}), mapping(1, {5}), mapping(1, {0}), mapping(0, {0})});
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.variants-dropped"), 1);
  const rapidjson::Value& mappings =
      p.doc["meshes"][0]["primitives"][0]["extensions"]["KHR_materials_variants"]["mappings"];
  ASSERT_EQ(mappings.Size(), 1u);
  EXPECT_EQ(mappings[0]["material"].GetInt(), 1);
}

TEST(MaterialVariants, AReadLeavesOutWhatIsNotAVariantOrAMapping) {
  Bin bin;
  bin.add(std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0});
  ReadResult r = read_bytes(document(R"("extensionsUsed": ["KHR_materials_variants"],
      "extensions": {"KHR_materials_variants": {"variants": [{"name": "a"}, {}]}},
      "materials": [{}, {}],
      "bufferViews": [{"buffer": 0, "byteLength": 36}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                     "min": [0, 0, 0], "max": [1, 1, 0]}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "material": 0,
          "extensions": {"KHR_materials_variants": {"mappings": [
              {"material": 1, "variants": [0]}, {"material": 5, "variants": [1]},
              {"material": 0, "variants": [0]}]}}}]}])",
                                     bin));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  // The nameless variant, the mapping of material 5 and variant 0 mapped twice.
  EXPECT_EQ(r.diagnostics.count("gltf.read.variants-property-missing"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.variants-reference-unresolved"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.variants-non-unique"), 1);
  const MaterialVariants& read = r.scene->material_variants;
  EXPECT_EQ(read.names, (std::vector<std::string>{"a", ""}));
  ASSERT_EQ(read.primitives.size(), 1u);
  EXPECT_EQ(read.primitives[0].mesh, 0);
  EXPECT_EQ(read.primitives[0].material, 0);
  ASSERT_EQ(read.primitives[0].mappings.size(), 1u);
  EXPECT_EQ(read.primitives[0].mappings[0].material, 1);
  EXPECT_EQ(read.primitives[0].mappings[0].variants, std::vector<int>{0});
}

}  // namespace
}  // namespace px::gltf::testing
