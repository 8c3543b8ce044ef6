// The glTF terms a polyxios write keeps in <extra><technique profile="polyxios"> are restored.
#include <gtest/gtest.h>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using testing::document;
using testing::read_text;
using testing::ReadResult;

constexpr char kImage[] =
    "<library_images><image id=\"img\"><init_from>a.png</init_from></image></library_images>";
constexpr char kSampler[] =
    "<newparam sid=\"surf\"><surface type=\"2D\"><init_from>img</init_from></surface></newparam>"
    "<newparam sid=\"samp\"><sampler2D><source>surf</source></sampler2D></newparam>";

ReadResult read_effect(std::string_view shading, std::string_view extra) {
  return read_text(document(
      cat(kImage, "<library_effects><effect id=\"fx\"><profile_COMMON>", kSampler,
          "<technique sid=\"c\">", shading, "<extra><technique profile=\"polyxios\">", extra,
          "</technique></extra></technique></profile_COMMON></effect></library_effects>"
          "<library_materials><material id=\"m\"><instance_effect url=\"#fx\"/></material>"
          "</library_materials>")));
}

TEST(PolyxiosExtraTest, RestoresPbrFactorsTexturesAndTheMaskCutoff) {
  ReadResult r = read_effect(
      "<lambert><diffuse><texture texture=\"samp\" texcoord=\"UV0\"/></diffuse></lambert>",
      "<metallic>0.25</metallic><roughness>0.5</roughness><alpha_mode>MASK</alpha_mode>"
      "<alpha_cutoff>0.3</alpha_cutoff><base_color>0.5 0.6 0.7 1</base_color>"
      "<metallic_roughness_texture texture=\"samp\" texcoord=\"UV0\"/>"
      "<occlusion_texture texture=\"samp\" texcoord=\"UV0\" strength=\"0.8\"/>");
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Material& m = r.scene->materials[0];
  EXPECT_EQ(m.metallic, 0.25);
  EXPECT_EQ(m.roughness, 0.5);
  EXPECT_EQ(m.alpha_mode, AlphaMode::kMask);
  EXPECT_EQ(m.alpha_cutoff, 0.3);
  EXPECT_EQ(m.base_color[1], 0.6);  // the tint beside the base colour texture
  EXPECT_TRUE(m.metallic_roughness_texture.present());
  EXPECT_TRUE(m.occlusion_texture.present());
  EXPECT_EQ(m.occlusion_texture.scale, 0.8);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(PolyxiosExtraTest, ACutoffIsRestoredOnlyUnderMask) {
  ReadResult r = read_effect("<lambert/>", "<alpha_cutoff>0.3</alpha_cutoff>");
  ASSERT_TRUE(r.scene.ok());
  EXPECT_EQ(r.scene->materials[0].alpha_cutoff, 0.5);
}

TEST(PolyxiosExtraTest, ATintBesideNoTextureIsIgnoredWithAWarning) {
  ReadResult r = read_effect("<lambert><diffuse><color>1 0 0 1</color></diffuse></lambert>",
                             "<base_color>0 1 0 1</base_color>");
  ASSERT_TRUE(r.scene.ok());
  EXPECT_EQ(r.scene->materials[0].base_color[0], 1);
  EXPECT_EQ(r.diagnostics.count("collada.effect.tint-ignored"), 1);
}

TEST(PolyxiosExtraTest, ATintIsRestoredUnderConstantShading) {
  ReadResult r = read_effect("<constant/>", "<base_color>0 1 0 1</base_color>");
  ASSERT_TRUE(r.scene.ok());
  EXPECT_EQ(r.scene->materials[0].base_color[1], 1);
  EXPECT_EQ(r.scene->materials[0].base_color[0], 0);
}

TEST(PolyxiosExtraTest, TermsThatAreNotFiniteNumbersOfTheirCountAreIgnoredWithAWarning) {
  ReadResult r = read_effect("<lambert/>",
                             "<metallic>NaN</metallic><roughness>1 2</roughness>"
                             "<alpha_mode>SOMETIMES</alpha_mode>");
  ASSERT_TRUE(r.scene.ok());
  const Material& m = r.scene->materials[0];
  EXPECT_EQ(m.metallic, 0);
  EXPECT_EQ(m.roughness, 1);
  EXPECT_EQ(m.alpha_mode, AlphaMode::kOpaque);
  EXPECT_EQ(r.diagnostics.count("collada.effect.polyxios-term-ignored"), 2);
  EXPECT_EQ(r.diagnostics.count("collada.effect.alpha-mode"), 1);
}

TEST(PolyxiosExtraTest, RestoredAlsoFromATechniqueThatNamesNoShading) {
  ReadResult r = read_effect("", "<metallic>1</metallic>");
  ASSERT_TRUE(r.scene.ok());
  EXPECT_EQ(r.scene->materials[0].metallic, 1);
  EXPECT_EQ(r.diagnostics.count("collada.effect.no-common-profile"), 0);
}

TEST(PolyxiosExtraTest, FcolladaBumpIsTheNormalTexture) {
  ReadResult r = read_text(document(
      cat(kImage, "<library_effects><effect id=\"fx\"><profile_COMMON>", kSampler,
          "<technique sid=\"c\"><phong/><extra><technique profile=\"FCOLLADA\"><bump>"
          "<texture texture=\"samp\" texcoord=\"UV0\"/></bump></technique></extra></technique>"
          "</profile_COMMON></effect></library_effects><library_materials><material id=\"m\">"
          "<instance_effect url=\"#fx\"/></material></library_materials>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->materials[0].normal_texture.present());
}

}  // namespace
}  // namespace px::collada
