// Tests of formats/collada/write/effect_writer.cc, a test per rule of spec/collada.md "Writing":
// materials as effects in their shading (W15), the polyxios extra (W16, W17 write side), the
// refusals (W18), the dropped extras (W13) and textures (Q24); names and images are in
// effect_naming_test.cc.
#include "formats/collada/write/effect_writer.h"

#include <gmock/gmock.h>

#include <array>
#include <cmath>

#include "tests/formats/collada/write/effect_test_util.h"

namespace px::collada::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr int kMirror = 33648, kClamp = 33071, kNearest = 9728, kLinearMipmapLinear = 9987;
constexpr char kPolyxiosProfile[] = "profile=\"polyxios\"";

// W15: the shading Material::shading names (phong by default), the base colour as diffuse and
// emissive as emission. W17: a material the common profile reads back whole gets no polyxios
// extra.
TEST(EffectWriter, ShadingDiffuseAndEmissionReadBackWithoutAPolyxiosExtra) {
  Material lambert = named("clay", Shading::kLambert);
  lambert.base_color = {0.2, 0.4, 0.6, 1};
  lambert.emissive = {0.1, 0.2, 0.3};
  Material plain = named("plain");
  Material blinn = named("shiny", Shading::kBlinn);
  Material constant = named("glow", Shading::kConstant);
  constant.emissive = {1, 0.5, 0};
  RoundTrip rt = write_and_read(textured_scene({lambert, plain, blinn, constant}));
  ASSERT_TRUE(rt.read.scene.ok());
  const std::vector<Material>& back = rt.read.scene->materials;
  ASSERT_EQ(back.size(), 4u);
  EXPECT_EQ(shading_of(back[0]), "lambert");
  expect_colour(back[0].base_color, lambert.base_color);
  expect_colour(back[0].emissive, lambert.emissive);
  EXPECT_EQ(back[0].metallic, 0);
  EXPECT_EQ(back[0].alpha_mode, AlphaMode::kOpaque);
  EXPECT_EQ(shading_of(back[1]), "phong");
  EXPECT_EQ(shading_of(back[2]), "blinn");
  EXPECT_EQ(shading_of(back[3]), "constant");
  expect_colour(back[3].emissive, constant.emissive);
  EXPECT_THAT(*rt.written.text, HasSubstr("<diffuse>"));
  EXPECT_THAT(*rt.written.text, Not(HasSubstr(kPolyxiosProfile)));
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  EXPECT_EQ(rt.read.diagnostics.warning_count(), 0);
}

// W15: alpha below one is the alpha of an A_ONE <transparent> colour, which reads back BLEND.
TEST(EffectWriter, AlphaBelowOneIsAnAOneTransparentColour) {
  Material glass = named("glass");
  glass.base_color = {0.5, 0.5, 1, 0.25};
  glass.alpha_mode = AlphaMode::kBlend;
  RoundTrip rt = write_and_read(textured_scene({glass}));
  ASSERT_TRUE(rt.read.scene.ok());
  const Material& back = rt.read.scene->materials[0];
  expect_colour(back.base_color, glass.base_color);
  EXPECT_EQ(back.alpha_mode, AlphaMode::kBlend);
  EXPECT_THAT(*rt.written.text, HasSubstr("<transparent opaque=\"A_ONE\">"));
  EXPECT_THAT(*rt.written.text, Not(HasSubstr(kPolyxiosProfile)));
}

// W15: a base colour texture is the diffuse texture, sampled with the texture's wrap and filters
// through a sampler and surface, naming the symbol the node writer binds; a normal texture is an
// FCOLLADA <bump>; double_sided is the GOOGLEEARTH extra.
TEST(EffectWriter, TexturesBumpAndDoubleSidedReadBack) {
  Material m = named("wood");
  m.base_color_texture = texture_ref(0);
  m.normal_texture = texture_ref(1);
  m.double_sided = true;
  Scene scene = textured_scene({m});
  Texture clamped;
  clamped.image = 0;
  clamped.wrap_s = kMirror;
  clamped.wrap_t = kClamp;
  clamped.min_filter = kLinearMipmapLinear;
  clamped.mag_filter = kNearest;
  scene.textures.push_back(clamped);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const Scene& back = *rt.read.scene;
  const Material& read = back.materials[0];
  EXPECT_EQ(image_uri(back, read.base_color_texture), "wood.png");
  EXPECT_EQ(image_uri(back, read.normal_texture), "wood.png");
  const Texture& normal = back.textures[read.normal_texture.texture];
  EXPECT_EQ(normal.wrap_s, kMirror);
  EXPECT_EQ(normal.wrap_t, kClamp);
  EXPECT_EQ(normal.min_filter, kLinearMipmapLinear);
  EXPECT_EQ(normal.mag_filter, kNearest);
  const Texture& base = back.textures[read.base_color_texture.texture];
  EXPECT_EQ(base.wrap_s, 10497);
  EXPECT_EQ(base.min_filter, 0);
  EXPECT_TRUE(read.double_sided);
  expect_colour(read.base_color, std::array<double, 4>{1, 1, 1, 1});
  EXPECT_THAT(*rt.written.text, HasSubstr("texcoord=\"UVSET0\""));
  // One technique, the extra's last, holds the normal map and double_sided: three.js reads only
  // that one.
  EXPECT_THAT(
      *rt.written.text,
      HasSubstr("<technique profile=\"FCOLLADA\">\n              <bump bumptype=\"NORMALMAP\">"));
  EXPECT_THAT(*rt.written.text,
              HasSubstr("</bump>\n              <double_sided>1</double_sided>\n            "
                        "</technique>\n          </extra>\n        </technique>"));
  EXPECT_THAT(*rt.written.text, Not(HasSubstr(kPolyxiosProfile)));
  EXPECT_EQ(rt.read.diagnostics.warning_count(), 0);
}

// W15: without a normal map, double_sided is Google Earth's technique, last in the technique's
// extra, after the polyxios one.
TEST(EffectWriter, DoubleSidedIsTheLastTechniqueOfTheExtraAfterThePolyxiosOne) {
  Scene scene;
  Material& m = scene.materials.emplace_back();
  m.name = "two_sided";
  m.double_sided = true;
  m.roughness = 0.25;
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_TRUE(rt.read.scene->materials[0].double_sided);
  EXPECT_DOUBLE_EQ(rt.read.scene->materials[0].roughness, 0.25);
  const std::string& text = *rt.written.text;
  size_t polyxios = text.find(kPolyxiosProfile);
  size_t google = text.find("<technique profile=\"GOOGLEEARTH\">");
  ASSERT_NE(polyxios, std::string::npos);
  ASSERT_NE(google, std::string::npos);
  EXPECT_LT(polyxios, google);
  EXPECT_THAT(text.substr(google), HasSubstr("<double_sided>1</double_sided>\n            "
                                             "</technique>\n          </extra>"));
}

// W15, W17: a document another exporter wrote (blinn, a diffuse texture, emission, A_ONE
// transparency, FCOLLADA bump, MAX3D double_sided) reads back the same after a write: every term
// comes back from the common profile, so no polyxios extra is written.
TEST(EffectWriter, AnotherExportersEffectsReadBackTheSameAfterAWrite) {
  std::string document =
      cat("<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" "
          "version=\"1.4.1\"><library_images><image id=\"img\" name=\"diffuse.png\">"
          "<init_from>diffuse.png</init_from></image></library_images><library_effects>"
          "<effect id=\"fx\"><profile_COMMON><newparam sid=\"surf\"><surface type=\"2D\">"
          "<init_from>img</init_from></surface></newparam><newparam sid=\"samp\"><sampler2D>"
          "<source>surf</source><wrap_s>MIRROR</wrap_s><minfilter>LINEAR</minfilter></sampler2D>"
          "</newparam><technique sid=\"c\"><blinn><emission><color>0.1 0 0 1</color></emission>"
          "<diffuse><texture texture=\"samp\" texcoord=\"UV0\"/></diffuse>"
          "<transparent opaque=\"A_ONE\"><color>0 0 0 0.5</color></transparent></blinn><extra>"
          "<technique profile=\"FCOLLADA\"><bump><texture texture=\"samp\" texcoord=\"UV0\"/>"
          "</bump></technique></extra></technique><extra><technique profile=\"MAX3D\">"
          "<double_sided>1</double_sided></technique></extra></profile_COMMON></effect>"
          "<effect id=\"fx2\"><profile_COMMON><technique sid=\"c\"><lambert><diffuse><color>0.3 "
          "0.3 0.3 1</color></diffuse></lambert></technique></profile_COMMON></effect>"
          "</library_effects><library_materials><material id=\"m\" name=\"Skin\">"
          "<instance_effect url=\"#fx\"/></material><material id=\"m2\"><instance_effect "
          "url=\"#fx2\"/></material></library_materials></COLLADA>");
  ReadResult original = read_text(document);
  ASSERT_TRUE(original.scene.ok()) << original.scene.status();
  ASSERT_EQ(original.scene->materials.size(), 2u);
  ASSERT_TRUE(original.scene->materials[0].normal_texture.present());
  RoundTrip rt = write_and_read(*original.scene);
  ASSERT_TRUE(rt.read.scene.ok());
  expect_same_materials(*original.scene, *rt.read.scene);
  EXPECT_THAT(*rt.written.text, Not(HasSubstr(kPolyxiosProfile)));
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  EXPECT_EQ(rt.read.diagnostics.warning_count(), 0);
}

// Every sampler of an effect has its own sids: two textures of one image, and an image whose id
// is what a numbered sampler of another would take, each read back on their own image and wrap.
TEST(EffectWriter, SamplerSidsAreUniqueWithinAnEffect) {
  Material m = named("mixed");
  m.base_color_texture = texture_ref(0);
  m.normal_texture = texture_ref(1);
  m.occlusion_texture = texture_ref(2);
  Scene scene = textured_scene({m});
  Texture mirrored;
  mirrored.image = 0;
  mirrored.wrap_s = kMirror;
  scene.textures.push_back(mirrored);
  Image other;
  other.name = "wood-2";
  other.uri = "other.png";
  scene.images.push_back(other);
  Texture of_other;
  of_other.image = 1;
  scene.textures.push_back(of_other);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  const Scene& back = *rt.read.scene;
  const Material& read = back.materials[0];
  EXPECT_EQ(image_uri(back, read.base_color_texture), "wood.png");
  EXPECT_EQ(image_uri(back, read.normal_texture), "wood.png");
  EXPECT_EQ(back.textures[read.normal_texture.texture].wrap_s, kMirror);
  EXPECT_EQ(image_uri(back, read.occlusion_texture), "other.png");
  EXPECT_THAT(*rt.written.text, HasSubstr("<newparam sid=\"wood-2-2-surface\">"));
}

// MaterialPlan::texcoord_symbol names the symbol of a textured effect, none of an untextured one.
TEST(EffectWriter, PlanNamesTheTexcoordSymbolOfTexturedEffectsOnly) {
  Material textured = named("a");
  textured.occlusion_texture = texture_ref(0);
  Scene scene = textured_scene({textured, named("b")});
  WritePlan plan;
  Diagnostics diagnostics;
  ASSERT_TRUE(plan_effects(scene, plan, diagnostics).ok());
  ASSERT_EQ(plan.effects.materials.size(), 2u);
  EXPECT_EQ(plan.effects.materials[0].texcoord_symbol, "UVSET0");
  EXPECT_EQ(plan.effects.materials[1].texcoord_symbol, "");
  EXPECT_EQ(plan.effects.materials[0].effect_id, "a-effect");
  EXPECT_EQ(plan.effects.image_ids, std::vector<std::string>{"wood"});
}

// W16, W17: the glTF terms the common profile has no slot for go in the polyxios technique and
// a polyxios read restores each: metallic, roughness, the MASK alpha mode and cutoff, the tints
// beside their textures, the metallic-roughness and occlusion textures (with its strength).
TEST(EffectWriter, PbrMaterialRoundTripsThroughThePolyxiosExtra) {
  Material pbr;
  pbr.name = "pbr";
  pbr.base_color = {0.8, 0.6, 0.4, 1};
  pbr.metallic = 0.3;
  pbr.roughness = 0.6;
  pbr.emissive = {0.5, 0.25, 0.125};
  pbr.alpha_mode = AlphaMode::kMask;
  pbr.alpha_cutoff = 0.25;
  pbr.base_color_texture = texture_ref(0);
  pbr.emissive_texture = texture_ref(0);
  pbr.metallic_roughness_texture = texture_ref(0);
  pbr.occlusion_texture = texture_ref(0, 0.7);
  pbr.normal_texture = texture_ref(0);
  pbr.double_sided = true;
  RoundTrip rt = write_and_read(textured_scene({pbr}));
  ASSERT_TRUE(rt.read.scene.ok());
  const Scene& back = *rt.read.scene;
  const Material& m = back.materials[0];
  EXPECT_EQ(m.name, "pbr");
  expect_colour(m.base_color, pbr.base_color);
  expect_colour(m.emissive, pbr.emissive);
  EXPECT_EQ(m.metallic, 0.3);
  EXPECT_EQ(m.roughness, 0.6);
  EXPECT_EQ(m.alpha_mode, AlphaMode::kMask);
  EXPECT_EQ(m.alpha_cutoff, 0.25);
  for (const TextureRef* ref : {&m.base_color_texture, &m.emissive_texture, &m.normal_texture,
                                &m.metallic_roughness_texture, &m.occlusion_texture}) {
    EXPECT_EQ(image_uri(back, *ref), "wood.png");
    EXPECT_EQ(ref->texcoord, 0);
  }
  EXPECT_EQ(m.occlusion_texture.scale, 0.7);
  EXPECT_TRUE(m.double_sided);
  EXPECT_EQ(back.textures.size(), 1u);  // one sampler of one (image, wrap, filter)
  Scene expected = textured_scene({pbr});
  expected.materials[0].shading = Shading::kPhong;  // a glTF material's
  expect_same_materials(expected, back);
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  EXPECT_EQ(rt.read.diagnostics.warning_count(), 0);
}

// W16: a material at its default metallic=1 (as write names material_<n>) reads back metallic;
// an alpha mode the alpha does not imply is written (OPAQUE under an alpha below one, BLEND
// under an opaque one), and one it implies is not.
TEST(EffectWriter, DefaultMetallicAndAnAlphaModeTheAlphaDoesNotImplyAreWritten) {
  Material metal;
  metal.name = "material_0";
  Material cutout = named("cutout");
  cutout.base_color[3] = 0.5;
  Material blend = named("blend");
  blend.alpha_mode = AlphaMode::kBlend;
  RoundTrip rt = write_and_read(textured_scene({metal, cutout, blend}));
  ASSERT_TRUE(rt.read.scene.ok());
  const std::vector<Material>& back = rt.read.scene->materials;
  EXPECT_EQ(back[0].metallic, 1);
  EXPECT_EQ(back[0].name, "material_0");
  EXPECT_EQ(back[1].alpha_mode, AlphaMode::kOpaque);
  EXPECT_EQ(back[1].base_color[3], 0.5);
  EXPECT_EQ(back[2].alpha_mode, AlphaMode::kBlend);
  EXPECT_EQ(back[2].base_color[3], 1);
  EXPECT_THAT(*rt.written.text, HasSubstr("<metallic>1</metallic>"));
  EXPECT_THAT(*rt.written.text, HasSubstr("<alpha_mode>OPAQUE</alpha_mode>"));
  EXPECT_THAT(*rt.written.text, HasSubstr("<alpha_mode>BLEND</alpha_mode>"));
}

// W16: glTF uses alpha_cutoff under MASK alone, and a write drops it under any other mode; a
// MASK cutoff of 0.5, the default, is not written either.
TEST(EffectWriter, AlphaCutoffIsWrittenUnderMaskOnlyWhenNotTheDefault) {
  Material blend = named("blend");
  blend.alpha_mode = AlphaMode::kBlend;
  blend.alpha_cutoff = 0.3;
  blend.base_color[3] = 0.5;
  Material mask = named("mask");
  mask.alpha_mode = AlphaMode::kMask;
  RoundTrip rt = write_and_read(textured_scene({blend, mask}));
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_THAT(*rt.written.text, Not(HasSubstr("alpha_cutoff")));
  EXPECT_EQ(rt.read.scene->materials[1].alpha_mode, AlphaMode::kMask);
  EXPECT_EQ(rt.read.scene->materials[1].alpha_cutoff, 0.5);
}

// W18: a metallic, roughness or (under MASK) alpha_cutoff that is not a finite number is
// refused; a cutoff under another mode is not looked at.
TEST(EffectWriter, NonFiniteMetallicRoughnessOrMaskCutoffIsRefused) {
  for (int which = 0; which < 3; ++which) {
    Material m = named("bad");
    if (which == 0) m.metallic = std::nan("");
    if (which == 1) m.roughness = INFINITY;
    if (which == 2) {
      m.alpha_mode = AlphaMode::kMask;
      m.alpha_cutoff = -INFINITY;
    }
    Written w = write_text(textured_scene({m}));
    ASSERT_FALSE(w.text.ok()) << which;
    EXPECT_THAT(std::string(w.text.status().message()),
                HasSubstr("collada.write.material-not-finite"));
  }
  Material blend = named("blend");
  blend.alpha_mode = AlphaMode::kBlend;
  blend.alpha_cutoff = std::nan("");
  EXPECT_TRUE(write_text(textured_scene({blend})).text.ok());
}

// W18: an alpha mode other than OPAQUE, MASK or BLEND is dropped with a warning; the material
// reads back with the mode its alpha implies.
TEST(EffectWriter, UnknownAlphaModeIsDroppedWithAWarning) {
  Material m = named("odd");
  m.alpha_mode = static_cast<AlphaMode>(7);
  RoundTrip rt = write_and_read(textured_scene({m}));
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.alpha-mode"), 1);
  EXPECT_EQ(rt.read.scene->materials[0].alpha_mode, AlphaMode::kOpaque);
  EXPECT_THAT(*rt.written.text, Not(HasSubstr("alpha_mode")));
}

// W13 (material part): extras COLLADA has no place for are dropped with a warning; the shading
// is kept, and a material without one (a glTF material's) is written as phong.
TEST(EffectWriter, MaterialExtrasAreDroppedWithAWarning) {
  Material m = named("tagged", Shading::kBlinn);
  set_value(m.extras, "extras", Value(ValueMap{{"author", Value("Ada")}}));
  Material plain = named("plain");
  RoundTrip rt = write_and_read(textured_scene({m, plain}));
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.material-extra-dropped"), 1);
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 1);
  EXPECT_EQ(shading_of(rt.read.scene->materials[0]), "blinn");
  EXPECT_EQ(shading_of(rt.read.scene->materials[1]), "phong");
}

// Q24: under a black emissive an emissive texture is dropped with a warning rather than written
// to glow, as is the base colour texture of a constant effect, whose tint is still restored.
TEST(EffectWriter, EmissiveTextureUnderBlackAndConstantBaseTextureAreDroppedWithAWarning) {
  Material dark = named("dark");
  dark.emissive_texture = texture_ref(0);
  Material flat = named("flat", Shading::kConstant);
  flat.base_color = {0, 1, 0, 1};
  flat.base_color_texture = texture_ref(0);
  RoundTrip rt = write_and_read(textured_scene({dark, flat}));
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.emissive-texture-dropped"), 1);
  EXPECT_EQ(warned(rt.written, "collada.write.constant-texture-dropped"), 1);
  const std::vector<Material>& back = rt.read.scene->materials;
  EXPECT_FALSE(back[0].emissive_texture.present());
  expect_colour(back[0].emissive, std::array<double, 3>{0, 0, 0});
  EXPECT_FALSE(back[1].base_color_texture.present());
  expect_colour(back[1].base_color, flat.base_color);
  EXPECT_EQ(rt.read.diagnostics.warning_count(), 0);
}

// Textures that do not exist, name no image or an image not written are dropped with a warning
// and never read out of bounds.
TEST(EffectWriter, TextureReferencesOutOfRangeAreDroppedWithAWarning) {
  Material m = named("broken");
  m.base_color_texture = texture_ref(9);
  m.emissive = {1, 1, 1};
  m.emissive_texture = texture_ref(1);
  m.occlusion_texture = texture_ref(2);
  Scene scene = textured_scene({m});
  Texture placeholder;  // image -1
  scene.textures.push_back(placeholder);
  Texture past;
  past.image = 5;
  scene.textures.push_back(past);
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.texture-dropped"), 3);
  const Material& back = rt.read.scene->materials[0];
  EXPECT_FALSE(back.base_color_texture.present());
  EXPECT_FALSE(back.emissive_texture.present());
  EXPECT_FALSE(back.occlusion_texture.present());
  EXPECT_THAT(*rt.written.text, Not(HasSubstr("<texture ")));
}

// Colours and strengths that are not finite are written at their defaults with a warning.
TEST(EffectWriter, NonFiniteColoursAreWrittenAtTheirDefaultsWithAWarning) {
  Material m = named("nan");
  m.base_color = {std::nan(""), 0, 0, 1};
  m.emissive = {0, INFINITY, 0};
  m.occlusion_texture = texture_ref(0, std::nan(""));
  RoundTrip rt = write_and_read(textured_scene({m}));
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.material-term-not-finite"), 3);
  const Material& back = rt.read.scene->materials[0];
  expect_colour(back.base_color, std::array<double, 4>{1, 1, 1, 1});
  expect_colour(back.emissive, std::array<double, 3>{0, 0, 0});
  EXPECT_EQ(back.occlusion_texture.scale, 1);
}

// W15: the node writer binds a textured effect's symbol to the lowest TEXCOORD set its mesh
// writes, one set per material: a texture on another set is written with a warning (a texture on
// the mesh's lowest set reads back on set 0 with the mesh's renumbered sets, so it is not warned).
TEST(EffectWriter, ATextureOnASetOtherThanItsMeshsLowestIsWarned) {
  Material misbound = named("misbound");
  misbound.base_color_texture = texture_ref(0);
  misbound.base_color_texture.texcoord = 1;
  Material lowest = named("lowest");
  lowest.occlusion_texture = texture_ref(0);
  lowest.occlusion_texture.texcoord = 1;
  Scene scene = textured_scene({misbound, lowest});
  WritePlan plan;
  plan.geometries.geometries.resize(2);
  plan.geometries.geometries[0].materials = {0, 1};
  plan.geometries.geometries[0].texcoord_set = 1;
  plan.geometries.geometries[1].materials = {0};
  plan.geometries.geometries[1].texcoord_set = 0;
  Diagnostics diagnostics;
  ASSERT_TRUE(plan_effects(scene, plan, diagnostics).ok());
  EXPECT_EQ(diagnostics.count("collada.write.texcoord-set"), 1);
  EXPECT_EQ(plan.effects.materials[0].texcoord_symbol, "UVSET0");
  EXPECT_EQ(plan.effects.materials[1].texcoord_symbol, "UVSET0");
}

// <bump> holds no normal scale: a normal texture's scale is left out with a warning.
TEST(EffectWriter, NormalScaleIsLeftOutWithAWarning) {
  Material m = named("bumpy");
  m.normal_texture = texture_ref(0, 0.5);
  RoundTrip rt = write_and_read(textured_scene({m}));
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.normal-scale-dropped"), 1);
  const Material& back = rt.read.scene->materials[0];
  EXPECT_TRUE(back.normal_texture.present());
  EXPECT_EQ(back.normal_texture.scale, 1);
}

// A wrap or filter that is not a glTF constant is written as WRAP, or left out, with a warning.
TEST(EffectWriter, SamplerConstantsCOLLADACannotSpellAreWarned) {
  Material m = named("odd");
  m.base_color_texture = texture_ref(0);
  Scene scene = textured_scene({m});
  scene.textures[0].wrap_s = 1;
  scene.textures[0].min_filter = 2;
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.texture-sampler"), 2);
  const Scene& back = *rt.read.scene;
  const Texture& t = back.textures[back.materials[0].base_color_texture.texture];
  EXPECT_EQ(t.wrap_s, 10497);
  EXPECT_EQ(t.min_filter, 0);
}

// A document written from a read-back scene is a fixed point: writing what it reads back gives
// the same bytes, unnamed materials and images (named by their ids) included.
TEST(EffectWriter, AWrittenDocumentReadBackWritesTheSameBytes) {
  Material pbr;  // unnamed
  pbr.base_color = {0.5, 0.5, 0.5, 0.5};
  pbr.base_color_texture = texture_ref(1);
  pbr.occlusion_texture = texture_ref(0, 0.5);
  pbr.alpha_mode = AlphaMode::kMask;
  Scene scene = textured_scene({pbr, named("clay", Shading::kLambert)});
  Image embedded;  // unnamed
  embedded.bytes = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0};
  scene.images.push_back(embedded);
  Texture of_embedded;
  of_embedded.image = 1;
  scene.textures.push_back(of_embedded);
  RoundTrip first = write_and_read(scene);
  ASSERT_TRUE(first.read.scene.ok());
  RoundTrip second = write_and_read(*first.read.scene);
  ASSERT_TRUE(second.read.scene.ok());
  Written third = write_text(*second.read.scene);
  ASSERT_TRUE(third.text.ok());
  EXPECT_EQ(*third.text, *second.written.text);
  EXPECT_THAT(*second.written.text, HasSubstr("<material id=\"material\" name=\"material\">"));
  EXPECT_THAT(*second.written.text, HasSubstr("<image id=\"image\" name=\"image\">"));
}

}  // namespace
}  // namespace px::collada::testing
