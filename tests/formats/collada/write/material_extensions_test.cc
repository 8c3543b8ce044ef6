// Issue 15, point 5 (beyond the spec): COLLADA's material terms and glTF's material extensions,
// both ways - <constant> and KHR_materials_unlit, an emission above 1 and
// KHR_materials_emissive_strength, <index_of_refraction> and KHR_materials_ior, Maya's texture
// placement and KHR_texture_transform - each read, written, and kept through dae -> glb -> dae
// and glb -> dae -> glb. Each document written here is checked against the schema
// (collada_write_schema).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "formats/collada/texture_placement.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "tests/formats/collada/write/effect_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

// The scene as glTF JSON (.gltf), its warnings in *diagnostics when given.
std::string gltf_json(const Scene& scene, Diagnostics* diagnostics = nullptr) {
  Diagnostics own;
  absl::StatusOr<gltf::Written> w =
      gltf::write_to_memory(scene, false, "out.bin", diagnostics ? *diagnostics : own);
  EXPECT_TRUE(w.ok()) << w.status();
  return w.ok() ? w->json : "";
}

Scene read_gltf(std::string_view json, Diagnostics* diagnostics = nullptr) {
  Diagnostics own;
  absl::StatusOr<Scene> scene =
      gltf::read_memory(json, {}, ReadOptions(), diagnostics ? *diagnostics : own);
  EXPECT_TRUE(scene.ok()) << scene.status() << "\n" << json;
  return scene.ok() ? *std::move(scene) : Scene();
}

Scene through_gltf(const Scene& scene) { return read_gltf(gltf_json(scene)); }

// The scene through a COLLADA document (saved for the schema check) and back.
Scene through_dae(const Scene& scene) {
  RoundTrip r = write_and_read(scene);
  return r.read.scene.ok() ? *std::move(r.read.scene) : Scene();
}

Scene read_dae(const std::string& text) {
  ReadResult r = read_text(text);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return r.scene.ok() ? *std::move(r.scene) : Scene();
}

// A document of one image "wood.png" and, per entry, an effect of that profile_COMMON technique
// content (with a sampler "samp" of the image) and its material.
std::string effects_document(const std::vector<std::string>& techniques) {
  std::string effects, materials;
  for (size_t i = 0; i < techniques.size(); ++i) {
    effects += cat(
        "<effect id=\"fx", i,
        "\"><profile_COMMON><newparam sid=\"surf\"><surface type=\"2D\"><init_from>wood"
        "</init_from></surface></newparam><newparam sid=\"samp\"><sampler2D><source>surf</source>"
        "</sampler2D></newparam><technique sid=\"common\">",
        techniques[i], "</technique></profile_COMMON></effect>");
    materials += cat("<material id=\"m", i, "\" name=\"m", i, "\"><instance_effect url=\"#fx", i,
                     "\"/></material>");
  }
  return document(cat(
      "<library_images><image id=\"wood\"><init_from>wood.png</init_from></image></library_images>"
      "<library_effects>",
      effects, "</library_effects><library_materials>", materials, "</library_materials>"));
}

// A glTF document of the given materials (JSON array content) and extensionsUsed, with one image
// and texture for them to sample.
std::string gltf_document(std::string_view materials, std::string_view used) {
  return cat("{\"asset\":{\"version\":\"2.0\"},\"extensionsUsed\":[", used,
             "],\"images\":[{\"uri\":\"wood.png\"}],\"textures\":[{\"source\":0}],"
             "\"materials\":[",
             materials, "]}");
}

// The text without the indentation between elements.
std::string compact(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      while (i + 1 < text.size() && text[i + 1] == ' ') ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

bool has(const std::string& text, std::string_view what) {
  return compact(text).find(what) != std::string::npos;
}

// ---- <constant> and KHR_materials_unlit

TEST(MaterialExtensions, ConstantIsUnlitWithItsEmissionAsTheBaseColour) {
  Scene dae = read_dae(effects_document(
      {"<constant><emission><color>0.25 0.5 0.75 1</color></emission></constant>",
       "<constant><emission><texture texture=\"samp\" texcoord=\"UV\"/></emission></constant>",
       "<phong><emission><color>0.25 0.5 0.75 1</color></emission></phong>"}));
  std::string json = gltf_json(dae);
  EXPECT_TRUE(has(json, "\"extensionsUsed\":[\"KHR_materials_unlit\"]")) << json;
  EXPECT_EQ(occurrences(json, "\"KHR_materials_unlit\":{}"), 2u) << json;
  EXPECT_TRUE(has(json,
                  "{\"name\":\"m0\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[0.25,0.5,"
                  "0.75,1.0],\"metallicFactor\":0.0}"))
      << json;
  EXPECT_TRUE(has(json,
                  "{\"name\":\"m1\",\"pbrMetallicRoughness\":{\"baseColorTexture\":{"
                  "\"index\":0},\"metallicFactor\":0.0}"))
      << json;
  // The phong one keeps its emissive.
  EXPECT_TRUE(has(json, "\"emissiveFactor\":[0.25,0.5,0.75]")) << json;

  Scene glb = read_gltf(json);
  for (int i : {0, 1}) {
    EXPECT_EQ(shading_of(glb.materials[i]), "constant");
    expect_colour(glb.materials[i].emissive, dae.materials[i].emissive);
    expect_colour(glb.materials[i].base_color, std::array<double, 4>{1, 1, 1, 1});
    EXPECT_EQ(glb.materials[i].emissive_texture.present(), i == 1);
  }
  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(has(*w.text, "<constant><emission><color>0.25 0.5 0.75 1</color></emission>"))
      << *w.text;
  EXPECT_FALSE(has(*w.text, "profile=\"polyxios\"")) << *w.text;
  expect_same_materials(dae, through_dae(glb));
}

TEST(MaterialExtensions, UnlitReadsAsConstantAndComesBack) {
  std::string source = gltf_document(
      "{\"name\":\"flat\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[1,0.5,0,0.5]},"
      "\"alphaMode\":\"BLEND\",\"extensions\":{\"KHR_materials_unlit\":{}}},"
      "{\"name\":\"tinted\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[0,0,1,1]},"
      "\"emissiveFactor\":[1,0,0],\"extensions\":{\"KHR_materials_unlit\":{}}}",
      "\"KHR_materials_unlit\"");
  Diagnostics diagnostics;
  Scene glb = read_gltf(source, &diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.read.extension-dropped"), 0);
  ASSERT_EQ(glb.materials.size(), 2u);
  const Material& flat = glb.materials[0];
  EXPECT_EQ(shading_of(flat), "constant");
  expect_colour(flat.emissive, std::array<double, 3>{1, 0.5, 0});
  expect_colour(flat.base_color, std::array<double, 4>{1, 1, 1, 0.5});
  // With an emissive of its own the base colour stays (the polyxios technique keeps it).
  expect_colour(glb.materials[1].base_color, std::array<double, 4>{0, 0, 1, 1});

  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(occurrences(*w.text, "<constant>"), 2u) << *w.text;
  Scene back = through_dae(glb);
  expect_same_materials(glb, back);
  std::string json = gltf_json(back);
  EXPECT_EQ(occurrences(json, "\"KHR_materials_unlit\":{}"), 2u) << json;
  EXPECT_TRUE(has(json, "\"baseColorFactor\":[1.0,0.5,0.0,0.5]")) << json;
  EXPECT_TRUE(has(json, "\"baseColorFactor\":[0.0,0.0,1.0,1.0]")) << json;
}

// ---- an emission above 1 and KHR_materials_emissive_strength

TEST(MaterialExtensions, AnEmissionAbove1IsAFactorAndAStrength) {
  Scene dae =
      read_dae(effects_document({"<phong><emission><color>4 2 1 1</color></emission></phong>",
                                 "<phong><emission><color>1 0.5 0 1</color></emission></phong>"}));
  Diagnostics diagnostics;
  std::string json = gltf_json(dae, &diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.factor-clamped"), 0);
  EXPECT_TRUE(has(json, "\"extensionsUsed\":[\"KHR_materials_emissive_strength\"]")) << json;
  EXPECT_TRUE(has(json,
                  "\"emissiveFactor\":[1.0,0.5,0.25],\"extensions\":{"
                  "\"KHR_materials_emissive_strength\":{\"emissiveStrength\":4.0}}"))
      << json;
  EXPECT_EQ(occurrences(json, "emissiveStrength"), 1u) << json;
  Scene glb = read_gltf(json);
  expect_colour(glb.materials[0].emissive, std::array<double, 3>{4, 2, 1});
  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(has(*w.text, "<emission><color>4 2 1 1</color></emission>")) << *w.text;
  expect_same_materials(dae, through_dae(glb));
}

TEST(MaterialExtensions, EmissiveStrengthReadsIntoTheEmissiveAndComesBack) {
  std::string source = gltf_document(
      "{\"name\":\"a\",\"emissiveFactor\":[1,0.5,0],\"extensions\":{\"KHR_materials_emissive_"
      "strength\":"
      "{\"emissiveStrength\":3}}},"
      "{\"name\":\"b\",\"emissiveFactor\":[1,1,1],\"extensions\":{\"KHR_materials_emissive_"
      "strength\":"
      "{\"emissiveStrength\":-2}}}",
      "\"KHR_materials_emissive_strength\"");
  Diagnostics diagnostics;
  Scene glb = read_gltf(source, &diagnostics);
  expect_colour(glb.materials[0].emissive, std::array<double, 3>{3, 1.5, 0});
  // A negative strength is left out with a warning.
  expect_colour(glb.materials[1].emissive, std::array<double, 3>{1, 1, 1});
  EXPECT_EQ(diagnostics.count("gltf.read.material-extension-invalid"), 1);
  Scene back = through_gltf(through_dae(glb));
  expect_same_materials(glb, back);
}

// ---- <index_of_refraction> and KHR_materials_ior

TEST(MaterialExtensions, IndexOfRefractionIsIor) {
  ReadResult r = read_text(effects_document(
      {"<phong><index_of_refraction><float>1.45</float></index_of_refraction></phong>",
       "<lambert><index_of_refraction><float>1</float></index_of_refraction></lambert>",
       "<blinn><index_of_refraction><float>0</float></index_of_refraction></blinn>",
       "<constant><index_of_refraction><float>0.5</float></index_of_refraction></constant>"}));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Scene& dae = *r.scene;
  EXPECT_EQ(dae.materials[0].ior, 1.45);
  // 1 and 0 are what exporters write when nothing refracts; below 1 is no ior (a warning).
  EXPECT_EQ(dae.materials[1].ior, 1.5);
  EXPECT_EQ(dae.materials[2].ior, 1.5);
  EXPECT_EQ(dae.materials[3].ior, 1.5);
  EXPECT_EQ(r.diagnostics.count("collada.effect.ior-ignored"), 1);
  std::string json = gltf_json(dae);
  EXPECT_TRUE(has(json, "\"extensionsUsed\":[\"KHR_materials_ior\",\"KHR_materials_unlit\"]"))
      << json;
  EXPECT_EQ(occurrences(json, "\"KHR_materials_ior\":{\"ior\":1.45}"), 1u) << json;
  Scene glb = read_gltf(json);
  EXPECT_EQ(glb.materials[0].ior, 1.45);
  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(occurrences(compact(*w.text), "<index_of_refraction><float>1.45</float>"), 1u)
      << *w.text;
  EXPECT_EQ(occurrences(*w.text, "<index_of_refraction>"), 1u) << *w.text;
  Scene back = through_dae(glb);
  for (size_t i = 0; i < dae.materials.size(); ++i)
    EXPECT_EQ(back.materials[i].ior, dae.materials[i].ior);
}

TEST(MaterialExtensions, IorReadsAndComesBackIncluding1And0) {
  std::string source = gltf_document(
      "{\"name\":\"m0\",\"extensions\":{\"KHR_materials_ior\":{\"ior\":2.4}}},"
      "{\"name\":\"m1\",\"extensions\":{\"KHR_materials_ior\":{\"ior\":1}}},"
      "{\"name\":\"m2\",\"extensions\":{\"KHR_materials_ior\":{\"ior\":0}}},"
      "{\"name\":\"m3\",\"extensions\":{\"KHR_materials_ior\":{\"ior\":0.5}}},"
      "{\"name\":\"m4\",\"extensions\":{\"KHR_materials_ior\":{\"ior\":\"glass\"}}}",
      "\"KHR_materials_ior\"");
  Diagnostics diagnostics;
  Scene glb = read_gltf(source, &diagnostics);
  std::vector<double> iors;
  for (const Material& m : glb.materials) iors.push_back(m.ior);
  EXPECT_EQ(iors, (std::vector<double>{2.4, 1, 0, 1.5, 1.5}));
  EXPECT_EQ(diagnostics.count("gltf.read.material-extension-invalid"), 2);
  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  // 2.4 in the common profile; 1 and 0, which a read there takes for no refraction, in the
  // polyxios technique.
  EXPECT_TRUE(has(*w.text, "<index_of_refraction><float>2.4</float></index_of_refraction>"));
  EXPECT_TRUE(has(*w.text, "<ior>1</ior>")) << *w.text;
  EXPECT_TRUE(has(*w.text, "<ior>0</ior>")) << *w.text;
  Scene back = through_gltf(through_dae(glb));
  expect_same_materials(glb, back);
  for (size_t i = 0; i < glb.materials.size(); ++i)
    EXPECT_EQ(back.materials[i].ior, glb.materials[i].ior);
}

// ---- Maya's texture placement and KHR_texture_transform

// Where Maya samples (texture_placement.h): Rccw(a) (S uv + o - h) + h.
std::array<double, 2> maya_sample(const MayaPlacement& p, std::array<double, 2> uv) {
  double a = p.rotate_degrees * std::numbers::pi / 180;
  double x = uv[0] * p.repeat[0] + p.offset[0] - 0.5, y = uv[1] * p.repeat[1] + p.offset[1] - 0.5;
  return {std::cos(a) * x - std::sin(a) * y + 0.5, std::sin(a) * x + std::cos(a) * y + 0.5};
}

// Where KHR_texture_transform samples: offset + [[cos r, sin r], [-sin r, cos r]] (S uv).
std::array<double, 2> gltf_sample(const TextureTransform& t, std::array<double, 2> uv) {
  double x = uv[0] * t.scale[0], y = uv[1] * t.scale[1];
  double c = std::cos(t.rotation), s = std::sin(t.rotation);
  return {t.offset[0] + c * x + s * y, t.offset[1] - s * x + c * y};
}

TEST(MaterialExtensions, MayaPlacementAndTextureTransformSampleTheSameTexel) {
  const MayaPlacement placements[] = {
      {{2, 3}, {0.1, 0.2}, 30}, {{1, 1}, {0.5, 0}, 0}, {{0.5, 4}, {-1, 2}, -135}};
  for (const MayaPlacement& maya : placements) {
    TextureTransform t = transform_of(maya);
    for (std::array<double, 2> uv : {std::array<double, 2>{0.3, 0.7}, {0, 0}, {1.5, -2}}) {
      std::array<double, 2> a = maya_sample(maya, uv), b = gltf_sample(t, uv);
      EXPECT_NEAR(a[0], b[0], 1e-12);
      EXPECT_NEAR(a[1], b[1], 1e-12);
    }
    MayaPlacement back = maya_placement_of(t);
    for (int i = 0; i < 2; ++i) {
      EXPECT_DOUBLE_EQ(back.repeat[i], maya.repeat[i]);
      EXPECT_NEAR(back.offset[i], maya.offset[i], 1e-12);
    }
    EXPECT_NEAR(back.rotate_degrees, maya.rotate_degrees, 1e-12);
  }
  // A sample point by hand: repeat (2, 3), offset (0.1, 0.2), 30 degrees at uv (0.3, 0.7):
  // S uv + o - h = (0.2, 1.8); rotated by 30 degrees (-0.7268, 1.6588); + h = (-0.2268, 2.1588).
  std::array<double, 2> p = gltf_sample(transform_of(placements[0]), {0.3, 0.7});
  EXPECT_NEAR(p[0], -0.226795, 1e-6);
  EXPECT_NEAR(p[1], 2.158846, 1e-6);
}

constexpr std::string_view kMayaTexture =
    "<texture texture=\"samp\" texcoord=\"UV\"><extra><technique profile=\"MAYA\">"
    "<wrapU>1</wrapU><wrapV>1</wrapV><repeatU>2</repeatU><repeatV>3</repeatV>"
    "<offsetU>0.25</offsetU><offsetV>0.5</offsetV><rotateUV>0</rotateUV>"
    "</technique></extra></texture>";

TEST(MaterialExtensions, MayaPlacementIsTextureTransform) {
  Scene dae = read_dae(effects_document(
      {cat("<phong><diffuse>", kMayaTexture, "</diffuse></phong>"),
       "<phong><diffuse><texture texture=\"samp\" texcoord=\"UV\"><extra><technique "
       "profile=\"MAYA\"><repeatU>1</repeatU><repeatV>1</repeatV><offsetU>0</offsetU><offsetV>0"
       "</offsetV><rotateUV>0</rotateUV></technique></extra></texture></diffuse></phong>",
       "<phong><diffuse><texture texture=\"samp\" texcoord=\"UV\"><extra><technique "
       "profile=\"MAYA\"><repeatU>2</repeatU><offsetU>inf</offsetU></technique></extra></texture>"
       "</diffuse><emission><texture texture=\"samp\" texcoord=\"UV\"><extra><technique "
       "profile=\"MAYA\"><rotateUV>90</rotateUV></technique></extra></texture></emission>"
       "</phong>"}));
  const TextureTransform& t = dae.materials[0].base_color_texture.transform;
  EXPECT_EQ(t.scale, (std::array<double, 2>{2, 3}));
  EXPECT_EQ(t.offset, (std::array<double, 2>{0.25, 0.5}));
  EXPECT_EQ(t.rotation, 0);
  // An identity placement is none; a term that is not a finite number drops the placement.
  EXPECT_TRUE(dae.materials[1].base_color_texture.transform.identity());
  EXPECT_TRUE(dae.materials[2].base_color_texture.transform.identity());
  EXPECT_NEAR(dae.materials[2].emissive_texture.transform.rotation, -std::numbers::pi / 2, 1e-15);

  std::string json = gltf_json(dae);
  EXPECT_TRUE(has(json, "\"extensionsUsed\":[\"KHR_texture_transform\"]")) << json;
  EXPECT_TRUE(has(json,
                  "\"baseColorTexture\":{\"index\":0,\"extensions\":{"
                  "\"KHR_texture_transform\":{\"offset\":[0.25,0.5],\"scale\":[2.0,3.0]}}}"))
      << json;
  EXPECT_EQ(occurrences(json, "KHR_texture_transform"), 3u) << json;

  Scene glb = read_gltf(json);
  EXPECT_EQ(glb.materials[0].base_color_texture.transform.scale, t.scale);
  EXPECT_EQ(glb.materials[0].base_color_texture.transform.offset, t.offset);
  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(has(*w.text,
                  "<technique profile=\"MAYA\"><wrapU>1</wrapU><wrapV>1</wrapV>"
                  "<mirrorU>0</mirrorU><mirrorV>0</mirrorV><repeatU>2</repeatU>"
                  "<repeatV>3</repeatV><offsetU>0.25</offsetU><offsetV>0.5</offsetV>"
                  "<rotateUV>0</rotateUV></technique>"))
      << *w.text;
  Scene back = through_dae(glb);
  for (size_t i = 0; i < 3; ++i) {
    for (auto ref : {&Material::base_color_texture, &Material::emissive_texture}) {
      const TextureTransform& x = (dae.materials[i].*ref).transform;
      const TextureTransform& y = (back.materials[i].*ref).transform;
      EXPECT_EQ(x.scale, y.scale);
      EXPECT_NEAR(x.rotation, y.rotation, 1e-12);
      EXPECT_NEAR(x.offset[0], y.offset[0], 1e-12);
      EXPECT_NEAR(x.offset[1], y.offset[1], 1e-12);
    }
  }
}

// Maya's and the 3ds Max exporters' wrapU / wrapV and mirrorU / mirrorV (the latter write their
// tiling in the same MAYA technique: kwxport, ColladaMax) are the texture's wrap modes over the
// sampler's REPEAT, and come back through the sampler.
TEST(MaterialExtensions, MayaWrapAndMirrorAreTheTexturesWrapModes) {
  auto maya = [](std::string_view terms) {
    return cat(
        "<phong><diffuse><texture texture=\"samp\" texcoord=\"UV\"><extra><technique "
        "profile=\"MAYA\">",
        terms,
        "</technique><technique profile=\"MAX3D\"><amount>1</amount></technique>"
        "</extra></texture></diffuse></phong>");
  };
  Scene dae = read_dae(effects_document({maya("<wrapU>0</wrapU><mirrorV>1</mirrorV>"),
                                         maya("<wrapU>1</wrapU><mirrorU>0</mirrorU>"),
                                         maya("<wrapV>FALSE</wrapV><mirrorU>TRUE</mirrorU>")}));
  auto wraps = [&](const Scene& scene, size_t m) {
    const Texture& t = scene.textures.at(scene.materials[m].base_color_texture.texture);
    return std::pair(t.wrap_s, t.wrap_t);
  };
  EXPECT_EQ(wraps(dae, 0), std::pair(33071, 33648));  // clamped in U, mirrored in V
  EXPECT_EQ(wraps(dae, 1), std::pair(10497, 10497));
  EXPECT_EQ(wraps(dae, 2), std::pair(33648, 33071));
  std::string json = gltf_json(dae);
  EXPECT_TRUE(has(json, "\"wrapS\":33071,\"wrapT\":33648")) << json;
  Scene back = through_dae(read_gltf(json));
  for (size_t m = 0; m < 3; ++m) EXPECT_EQ(wraps(back, m), wraps(dae, m)) << m;
}

TEST(MaterialExtensions, TextureTransformReadsAndComesBackOnEveryTexture) {
  std::string transform =
      "\"extensions\":{\"KHR_texture_transform\":{\"offset\":[0.5,-1],\"rotation\":0.5,"
      "\"scale\":[4,0.5]}}";
  std::string source = gltf_document(
      cat("{\"pbrMetallicRoughness\":{\"baseColorTexture\":{\"index\":0,", transform,
          "},\"metallicRoughnessTexture\":{\"index\":0,", transform, "}},\"normalTexture\":{",
          "\"index\":0,", transform, "},\"occlusionTexture\":{\"index\":0,", transform,
          "},\"emissiveTexture\":{\"index\":0,", transform,
          "},\"emissiveFactor\":[1,1,1]},"
          "{\"pbrMetallicRoughness\":{\"baseColorTexture\":{\"index\":0,\"extensions\":{"
          "\"KHR_texture_transform\":{\"scale\":[1,\"x\"]}}}}}"),
      "\"KHR_texture_transform\"");
  Diagnostics diagnostics;
  Scene glb = read_gltf(source, &diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.read.material-extension-invalid"), 1);
  EXPECT_TRUE(glb.materials[1].base_color_texture.transform.identity());
  const Material& m = glb.materials[0];
  for (const TextureRef* ref : {&m.base_color_texture, &m.metallic_roughness_texture,
                                &m.normal_texture, &m.occlusion_texture, &m.emissive_texture}) {
    EXPECT_EQ(ref->transform.offset, (std::array<double, 2>{0.5, -1}));
    EXPECT_EQ(ref->transform.rotation, 0.5);
    EXPECT_EQ(ref->transform.scale, (std::array<double, 2>{4, 0.5}));
  }
  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(occurrences(*w.text, "<technique profile=\"MAYA\">"), 5u) << *w.text;
  Scene back = through_dae(glb);
  const Material& b = back.materials[0];
  for (const TextureRef* ref : {&b.base_color_texture, &b.metallic_roughness_texture,
                                &b.normal_texture, &b.occlusion_texture, &b.emissive_texture}) {
    EXPECT_EQ(ref->transform.scale, (std::array<double, 2>{4, 0.5}));
    EXPECT_NEAR(ref->transform.rotation, 0.5, 1e-12);
    EXPECT_NEAR(ref->transform.offset[0], 0.5, 1e-12);
    EXPECT_NEAR(ref->transform.offset[1], -1, 1e-12);
  }
  std::string json = gltf_json(back);
  EXPECT_EQ(occurrences(json, "\"KHR_texture_transform\":{"), 5u) << json;
}

// ---- <specular> and <shininess>, KHR_materials_specular and roughness

TEST(MaterialExtensions, PhongSpecularAndShininessAreGltfsSpecularAndRoughness) {
  Scene dae = read_dae(effects_document(
      {"<phong><diffuse><color>1 0 0 1</color></diffuse><specular><color>0.5 0.25 0 1</color>"
       "</specular><shininess><float>20</float></shininess></phong>",
       "<blinn><specular><texture texture=\"samp\" texcoord=\"UV\"/></specular></blinn>",
       "<lambert><diffuse><color>1 1 1 1</color></diffuse></lambert>",
       "<phong><specular><color>1 1 1 1</color></specular><shininess><float>-3</float>"
       "</shininess></phong>"}));
  const Material& m = dae.materials[0];
  EXPECT_EQ(m.specular_color, (std::array<double, 3>{0.5, 0.25, 0}));
  EXPECT_NEAR(m.roughness, std::pow(2.0 / 22, 0.25), 1e-15);
  EXPECT_TRUE(dae.materials[1].specular_color_texture.present());
  EXPECT_FALSE(dae.materials[2].has_specular());
  EXPECT_EQ(dae.materials[2].roughness, 1);
  EXPECT_EQ(dae.materials[3].roughness, 1);  // a negative exponent is ignored

  std::string json = gltf_json(dae);
  EXPECT_TRUE(has(json, "\"KHR_materials_specular\":{\"specularColorFactor\":[0.5,0.25,0.0]}"))
      << json;
  EXPECT_TRUE(has(json, "\"KHR_materials_specular\":{\"specularColorTexture\":{\"index\":0}}"))
      << json;
  EXPECT_EQ(occurrences(json, "\"KHR_materials_specular\""), 3u) << json;  // 2 + extensionsUsed
  Scene glb = read_gltf(json);
  EXPECT_EQ(glb.materials[0].specular_color, m.specular_color);
  EXPECT_EQ(glb.materials[0].roughness, m.roughness);

  // Back to COLLADA: the colour, the texture and the exponent, which reads back to the roughness.
  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  // (2 / r^4 - 2 in doubles: 19.999999999999996)
  EXPECT_TRUE(
      has(*w.text, "<specular><color>0.5 0.25 0 1</color></specular><shininess><float>19.99"))
      << *w.text;
  Scene back = through_dae(glb);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(back.materials[i].specular_color, dae.materials[i].specular_color) << i;
    EXPECT_EQ(back.materials[i].specular_color_texture.present(),
              dae.materials[i].specular_color_texture.present())
        << i;
    EXPECT_NEAR(back.materials[i].roughness, dae.materials[i].roughness, 1e-12) << i;
  }
}

TEST(MaterialExtensions, SpecularExtensionReadsAndComesBackThroughCollada) {
  std::string source = gltf_document(
      "{\"name\":\"s\",\"extensions\":{\"KHR_materials_specular\":{\"specularFactor\":0.5,"
      "\"specularColorFactor\":[0.2,0.3,2.5],\"specularTexture\":{\"index\":0},"
      "\"specularColorTexture\":{\"index\":0,\"texCoord\":1}}}},"
      "{\"extensions\":{\"KHR_materials_specular\":{\"specularFactor\":2}}},"
      "{\"extensions\":{\"KHR_materials_specular\":{\"specularTexture\":{\"index\":7}}}}",
      "\"KHR_materials_specular\"");
  Diagnostics diagnostics;
  Scene glb = read_gltf(source, &diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.read.material-extension-invalid"), 2);
  const Material& m = glb.materials[0];
  EXPECT_EQ(m.specular_factor, 0.5);
  EXPECT_EQ(m.specular_color, (std::array<double, 3>{0.2, 0.3, 2.5}));
  EXPECT_EQ(m.specular_texture.texture, 0);
  EXPECT_EQ(m.specular_color_texture.texcoord, 1);
  EXPECT_FALSE(glb.materials[1].has_specular());
  EXPECT_FALSE(glb.materials[2].has_specular());

  Written w = write_text(glb);
  ASSERT_TRUE(w.text.ok());
  EXPECT_TRUE(
      has(*w.text,
          "<specular_factor>0.5</specular_factor><specular_color>0.2 0.3 2.5</specular_color>"
          "<specular_texture"))
      << *w.text;
  Scene back = through_dae(glb);
  const Material& b = back.materials[0];
  EXPECT_EQ(b.specular_factor, 0.5);
  EXPECT_EQ(b.specular_color, m.specular_color);
  EXPECT_TRUE(b.specular_texture.present());
  EXPECT_TRUE(b.specular_color_texture.present());
  std::string json = gltf_json(back);
  EXPECT_TRUE(has(json, "\"specularFactor\":0.5")) << json;
  EXPECT_TRUE(has(json, "\"specularColorFactor\":[0.2,0.3,2.5]")) << json;
}

TEST(MaterialExtensions, ShadingWithoutAHighlightDropsTheSpecularWithAWarning) {
  Material m = named("matte", Shading::kLambert);
  m.specular_color = {0.5, 0.5, 0.5};
  Material odd = named("odd");
  odd.specular_factor = std::nan("");
  Written w = write_text(textured_scene({m, odd}));
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(warned(w, "collada.write.specular-dropped"), 1);
  EXPECT_EQ(warned(w, "collada.write.material-term-not-finite"), 1);
  EXPECT_FALSE(has(*w.text, "<specular>")) << *w.text;
  EXPECT_FALSE(has(*w.text, "specular_factor")) << *w.text;
}

// ---- what neither writer can spell

TEST(MaterialExtensions, TermsThatAreNotFiniteOrOutOfRangeAreLeftOutWithAWarning) {
  Material m = named("odd");
  m.ior = std::nan("");
  m.base_color_texture = texture_ref(0);
  m.base_color_texture.transform.offset = {HUGE_VAL, 0};
  Material low = named("low");
  low.ior = 0.5;
  Scene scene = textured_scene({m, low});

  Diagnostics diagnostics;
  std::string json = gltf_json(scene, &diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.ior-dropped"), 2);
  EXPECT_EQ(diagnostics.count("gltf.write.texture-transform-dropped"), 1);
  EXPECT_FALSE(has(json, "extensionsUsed")) << json;

  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(warned(w, "collada.write.ior-dropped"), 2);
  EXPECT_EQ(warned(w, "collada.write.texture-placement-dropped"), 1);
  EXPECT_FALSE(has(*w.text, "MAYA")) << *w.text;
  EXPECT_FALSE(has(*w.text, "index_of_refraction")) << *w.text;
}

}  // namespace
}  // namespace px::collada
