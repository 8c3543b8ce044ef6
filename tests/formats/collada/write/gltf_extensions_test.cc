// Issue 15, point 9 (beyond the spec): the glTF material extensions a glTF read carries as they
// are (KHR_materials_clearcoat, _sheen, _volume, ...) go in the effect's polyxios technique, one
// <gltf_extension> each, and a COLLADA read takes them back with the checks a glTF read applies;
// what COLLADA has no place for (KHR_materials_variants, a texture's KTX2, WebP or AVIF source)
// is left out with collada.write.gltf-extension-dropped, once per extension, naming it. Each
// document written here is checked against the schema (collada_write_schema).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "tests/formats/collada/write/effect_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)
using ::testing::HasSubstr;

std::string messages(const Diagnostics& diagnostics) {
  std::string text;
  for (const Diagnostic& d : diagnostics.entries()) text += d.message + "\n";
  return text;
}

// The numbers and colours of an extension's values as "key=n n n;" text.
std::string spelled(const ValueMap& values) {
  std::string out;
  for (const auto& [key, value] : values) {
    out += key + "=";
    if (value.is_number()) out += cat(value.as_double());
    if (value.is_array()) {
      for (const Value& v : value.as_array()) out += cat(v.as_double(), " ");
    }
    out += ";";
  }
  return out;
}

// The JSON object `"name":{...}` spells in json, "" when it has none.
std::string object_named(const std::string& json, std::string_view name) {
  size_t start = json.find(cat("\"", name, "\":{"));
  if (start == std::string::npos) return "";
  int depth = 0;
  for (size_t i = json.find('{', start); i < json.size(); ++i) {
    depth += json[i] == '{' ? 1 : json[i] == '}' ? -1 : 0;
    if (depth == 0) return json.substr(start, i + 1 - start);
  }
  return "";
}

std::string gltf_json(const Scene& scene) {
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> w = gltf::write_to_memory(scene, false, "out.bin", diagnostics);
  EXPECT_TRUE(w.ok()) << w.status();
  return w.ok() ? w->json : "";
}

TEST(GltfExtensions, MaterialExtensionsGoThroughThePolyxiosTechniqueAndBack) {
  // Two images, so that the extensions' textures reach another image than the base colour's.
  const std::string json = R"({"asset":{"version":"2.0"},
    "extensionsUsed":["KHR_materials_clearcoat","KHR_materials_sheen","KHR_materials_volume",
      "KHR_materials_transmission","KHR_texture_transform"],
    "images":[{"uri":"wood.png"},{"uri":"coat.png"}],
    "samplers":[{"wrapS":33071}],
    "textures":[{"source":0},{"source":1,"sampler":0}],
    "materials":[{"name":"coat","pbrMetallicRoughness":{"baseColorTexture":{"index":0}},
      "extensions":{
        "KHR_materials_clearcoat":{"clearcoatFactor":0.75,"clearcoatTexture":{"index":1},
          "clearcoatRoughnessFactor":0.25,
          "clearcoatNormalTexture":{"index":1,"scale":0.5,
            "extensions":{"KHR_texture_transform":{"offset":[0.5,0.25],"scale":[2,2]}}}},
        "KHR_materials_sheen":{"sheenColorFactor":[1,0.5,0.25],"sheenRoughnessFactor":0.5},
        "KHR_materials_transmission":{"transmissionFactor":0.9},
        "KHR_materials_volume":{"thicknessFactor":2,"thicknessTexture":{"index":1},
          "attenuationDistance":3.5,"attenuationColor":[0.5,0.75,1]}}},
      {"name":"plain"}]})";
  Diagnostics read_diagnostics;
  absl::StatusOr<Scene> gltf = gltf::read_memory(json, {}, ReadOptions(), read_diagnostics);
  ASSERT_TRUE(gltf.ok()) << gltf.status();
  ASSERT_EQ(gltf->materials[0].extensions.size(), 4u);

  RoundTrip r = write_and_read(*gltf);
  ASSERT_TRUE(r.read.scene.ok());
  EXPECT_EQ(r.written.diagnostics.count("collada.write.gltf-extension-dropped"), 0);
  EXPECT_EQ(r.read.diagnostics.count("collada.effect.gltf-extension-ignored"), 0);
  EXPECT_THAT(*r.written.text, HasSubstr("<gltf_extension name=\"KHR_materials_clearcoat\">"));
  EXPECT_THAT(*r.written.text, HasSubstr("<sheenColorFactor>1 0.5 0.25</sheenColorFactor>"));

  const Scene& back = *r.read.scene;
  ASSERT_EQ(back.materials.size(), 2u);
  EXPECT_TRUE(back.materials[1].extensions.empty());
  const std::vector<MaterialExtension>& was = gltf->materials[0].extensions;
  const std::vector<MaterialExtension>& is = back.materials[0].extensions;
  ASSERT_EQ(is.size(), was.size());
  for (size_t e = 0; e < was.size(); ++e) {
    SCOPED_TRACE(was[e].name);
    EXPECT_EQ(is[e].name, was[e].name);
    EXPECT_EQ(spelled(is[e].values), spelled(was[e].values));
    ASSERT_EQ(is[e].textures.size(), was[e].textures.size());
    for (size_t t = 0; t < was[e].textures.size(); ++t) {
      const auto& [key, ref] = was[e].textures[t];
      EXPECT_EQ(is[e].textures[t].first, key);
      EXPECT_EQ(image_uri(back, is[e].textures[t].second), image_uri(*gltf, ref));
      EXPECT_EQ(back.textures[is[e].textures[t].second.texture].wrap_s, 33071);
      EXPECT_EQ(is[e].textures[t].second.scale, ref.scale);
      EXPECT_EQ(is[e].textures[t].second.transform.scale, ref.transform.scale);
      EXPECT_NEAR(is[e].textures[t].second.transform.offset[0], ref.transform.offset[0], 1e-12);
      EXPECT_NEAR(is[e].textures[t].second.transform.offset[1], ref.transform.offset[1], 1e-12);
    }
  }
  // glTF -> dae -> glTF spells each extension as the first glTF write does (the textures keep
  // their numbers here: the read-back ones are made in the same order).
  const std::string before = gltf_json(*gltf), after = gltf_json(back);
  for (const MaterialExtension& e : was) {
    SCOPED_TRACE(e.name);
    EXPECT_NE(object_named(before, e.name), "");
    EXPECT_EQ(object_named(after, e.name), object_named(before, e.name));
  }
}

TEST(GltfExtensions, WhatTheTechniqueCannotSpellIsLeftOutWithAWarning) {
  Material coat = named("coat");
  coat.extensions = {
      MaterialExtension{
          "KHR_materials_clearcoat",
          {{"clearcoatFactor", 1}, {"extras", Value(ValueMap{{"note", 1}})}},
          {{"clearcoatTexture", texture_ref(0)}, {"clearcoatRoughnessTexture", texture_ref(7)}}},
      MaterialExtension{"KHR_materials_sheen", {{"sheenRoughnessFactor", 2}}, {}},
      MaterialExtension{"KHR_materials_unknown", {}, {}}};
  RoundTrip r = write_and_read(textured_scene({coat}));
  ASSERT_TRUE(r.read.scene.ok());
  const Diagnostics& w = r.written.diagnostics;
  // The extras member, the sheen out of its range and the extension polyxios does not carry.
  EXPECT_EQ(w.count("collada.write.gltf-extension-dropped"), 3) << messages(w);
  EXPECT_THAT(messages(w), HasSubstr("KHR_materials_clearcoat: member \"extras\" left out"));
  EXPECT_THAT(messages(w), HasSubstr("KHR_materials_sheen left out"));
  EXPECT_THAT(messages(w), HasSubstr("KHR_materials_unknown left out"));
  // The texture that does not exist.
  EXPECT_EQ(w.count("collada.write.texture-dropped"), 1);
  const std::vector<MaterialExtension>& is = r.read.scene->materials[0].extensions;
  ASSERT_EQ(is.size(), 1u);
  EXPECT_EQ(is[0].name, "KHR_materials_clearcoat");
  EXPECT_EQ(spelled(is[0].values), "clearcoatFactor=1;");
  ASSERT_EQ(is[0].textures.size(), 1u);
  EXPECT_EQ(is[0].textures[0].first, "clearcoatTexture");
  EXPECT_EQ(image_uri(*r.read.scene, is[0].textures[0].second), "wood.png");
}

TEST(GltfExtensions, TechniqueContentAGltfReadWouldRefuseIsIgnoredOnRead) {
  const std::string technique =
      "<phong/><extra><technique profile=\"polyxios\">"
      // kept
      "<gltf_extension name=\"KHR_materials_sheen\"><sheenColorFactor>1 0 0</sheenColorFactor>"
      "<sheenColorTexture texture=\"samp\" texcoord=\"UVSET0\"/></gltf_extension>"
      // out of range, not a colour, a member it does not define, given twice, not carried, no
      // image, a member twice, not a number
      "<gltf_extension name=\"KHR_materials_clearcoat\"><clearcoatFactor>2</clearcoatFactor>"
      "</gltf_extension>"
      "<gltf_extension name=\"KHR_materials_volume\"><attenuationColor>1 1</attenuationColor>"
      "</gltf_extension>"
      "<gltf_extension name=\"KHR_materials_transmission\"><bogus>1</bogus></gltf_extension>"
      "<gltf_extension name=\"KHR_materials_sheen\"/>"
      "<gltf_extension name=\"KHR_materials_nope\"/>"
      "<gltf_extension name=\"KHR_materials_iridescence\"><iridescenceTexture texture=\"none\" "
      "texcoord=\"UVSET0\"/></gltf_extension>"
      "<gltf_extension name=\"KHR_materials_anisotropy\"><anisotropyStrength>0.5"
      "</anisotropyStrength><anisotropyStrength>0.5</anisotropyStrength></gltf_extension>"
      "<gltf_extension name=\"KHR_materials_dispersion\"><dispersion>x</dispersion>"
      "</gltf_extension>"
      "</technique></extra>";
  const std::string document = cat(
      "<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" "
      "version=\"1.4.1\"><asset><created>2026-01-01T00:00:00</created>"
      "<modified>2026-01-01T00:00:00</modified></asset>"
      "<library_images><image id=\"wood\"><init_from>wood.png</init_from></image>"
      "</library_images><library_effects><effect id=\"fx\"><profile_COMMON>"
      "<newparam sid=\"surf\"><surface type=\"2D\"><init_from>wood</init_from></surface>"
      "</newparam><newparam sid=\"samp\"><sampler2D><source>surf</source></sampler2D></newparam>"
      "<technique sid=\"common\">",
      technique,
      "</technique></profile_COMMON></effect></library_effects><library_materials>"
      "<material id=\"m\"><instance_effect url=\"#fx\"/></material></library_materials>"
      "</COLLADA>");
  ReadResult r = read_text(document);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.effect.gltf-extension-ignored"), 8)
      << messages(r.diagnostics);
  EXPECT_EQ(r.diagnostics.count("collada.texture.unresolved"), 1);
  const std::vector<MaterialExtension>& is = r.scene->materials[0].extensions;
  ASSERT_EQ(is.size(), 1u);
  EXPECT_EQ(is[0].name, "KHR_materials_sheen");
  EXPECT_EQ(spelled(is[0].values), "sheenColorFactor=1 0 0 ;");
  ASSERT_EQ(is[0].textures.size(), 1u);
  EXPECT_EQ(image_uri(*r.scene, is[0].textures[0].second), "wood.png");
}

TEST(GltfExtensions, VariantsAndTextureSourcesAreLeftOutWithAWarningNamingThem) {
  Material coat = named("coat");
  coat.extensions = {MaterialExtension{"KHR_materials_sheen", {}, {}}};
  Scene scene = textured_scene({coat});
  scene.textures[0].source_extension = "EXT_texture_webp";
  scene.textures[0].extension_image = 0;
  scene.material_variants.names = {"red"};
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(w.diagnostics.count("collada.write.gltf-extension-dropped"), 2);
  EXPECT_EQ(w.diagnostics.count("collada.write.global-dropped"), 0);
  EXPECT_THAT(messages(w.diagnostics),
              HasSubstr("the EXT_texture_webp source of 1 texture left out"));
  EXPECT_THAT(messages(w.diagnostics), HasSubstr("KHR_materials_variants left out"));
  // The core source is written as always; the sheen, even without members, is kept.
  EXPECT_THAT(*w.text, HasSubstr("wood.png"));
  EXPECT_THAT(*w.text, HasSubstr("<gltf_extension name=\"KHR_materials_sheen\"/>"));
}

}  // namespace
}  // namespace px::collada
