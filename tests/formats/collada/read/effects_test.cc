// spec/collada.md, Reading and Quirks: materials built from fixed-function effects - shading,
// diffuse colour or texture, emission, transparency modes and the SketchUp exception.
#include <gtest/gtest.h>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

constexpr int kClampToEdge = 33071;
constexpr int kMirroredRepeat = 33648;
constexpr int kRepeat = 10497;
constexpr int kLinearMipmapLinear = 9987;

// A <profile_COMMON> with `params` (newparams) and a technique of `shading` holding `inner`.
std::string common(std::string_view shading, std::string_view inner, std::string_view params = "") {
  return cat("<profile_COMMON>", params, "<technique sid=\"common\"><", shading, ">", inner, "</",
             shading, "></technique></profile_COMMON>");
}

// Effect i holds `profiles[i]` and material "m<i>" instances it; images come first.
std::string effects_document(const std::vector<std::string>& profiles,
                             std::string_view images = "") {
  std::string effects, materials;
  for (size_t i = 0; i < profiles.size(); ++i) {
    effects += cat("<effect id=\"fx", i, "\">", profiles[i], "</effect>\n");
    materials +=
        cat("<material id=\"m", i, "\"><instance_effect url=\"#fx", i, "\"/></material>\n");
  }
  return document(cat(images.empty() ? "" : cat("<library_images>", images, "</library_images>\n"),
                      "<library_effects>\n", effects, "</library_effects>\n<library_materials>\n",
                      materials, "</library_materials>"));
}

const Scene& scene_of(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return *r.scene;
}

std::string shading_of(const Material& m) { return std::string(shading_name(m.shading)); }

// A sampler "samp" over a surface "surf" of image `image`, 1.4 style.
std::string sampler_chain(std::string_view image, std::string_view sampler_settings = "") {
  return cat("<newparam sid=\"surf\"><surface type=\"2D\"><init_from>", image,
             "</init_from></surface></newparam><newparam sid=\"samp\"><sampler2D>"
             "<source>surf</source>",
             sampler_settings, "</sampler2D></newparam>");
}

constexpr std::string_view kImages =
    "<image id=\"wood\"><init_from>wood.png</init_from></image>"
    "<image id=\"glow\"><init_from>glow.png</init_from></image>";

TEST(EffectsTest, ShadingModelIsKept) {
  ReadResult r = read_text(effects_document(
      {common("phong", ""), common("lambert", ""), common("blinn", ""), common("constant", "")}));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.materials.size(), 4u);
  EXPECT_EQ(shading_of(scene.materials[0]), "phong");
  EXPECT_EQ(shading_of(scene.materials[1]), "lambert");
  EXPECT_EQ(shading_of(scene.materials[2]), "blinn");
  EXPECT_EQ(shading_of(scene.materials[3]), "constant");
  for (const Material& m : scene.materials) EXPECT_EQ(m.metallic, 0);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(EffectsTest, DiffuseColourIsTheBaseColour) {
  ReadResult r = read_text(
      effects_document({common("lambert", "<diffuse><color>0.5 0.25 1 1</color></diffuse>")}));
  const Scene& scene = scene_of(r);
  const Material& m = scene.materials[0];
  EXPECT_EQ(m.base_color, (std::array<double, 4>{0.5, 0.25, 1, 1}));
  EXPECT_FALSE(m.base_color_texture.present());
  EXPECT_EQ(m.alpha_mode, AlphaMode::kOpaque);
}

TEST(EffectsTest, DiffuseTextureReachesItsImageThroughSamplerAndSurface) {
  ReadResult r = read_text(effects_document(
      {common("phong", "<diffuse><texture texture=\"samp\" texcoord=\"UVSET0\"/></diffuse>",
              sampler_chain("wood",
                            "<wrap_s>CLAMP</wrap_s><wrap_t>MIRROR</wrap_t>"
                            "<minfilter>LINEAR_MIPMAP_LINEAR</minfilter>"))},
      kImages));
  const Scene& scene = scene_of(r);
  const Material& m = scene.materials[0];
  // A diffuse holds a colour or a texture, not both: the tint reads white.
  EXPECT_EQ(m.base_color, (std::array<double, 4>{1, 1, 1, 1}));
  EXPECT_EQ(m.metallic, 0);
  ASSERT_TRUE(m.base_color_texture.present());
  const Texture& t = scene.textures[m.base_color_texture.texture];
  ASSERT_GE(t.image, 0);
  EXPECT_EQ(scene.images[t.image].uri, "wood.png");
  EXPECT_EQ(t.wrap_s, kClampToEdge);
  EXPECT_EQ(t.wrap_t, kMirroredRepeat);
  EXPECT_EQ(t.min_filter, kLinearMipmapLinear);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(EffectsTest, SamplerNamingItsImageWithInstanceImageResolves) {
  // COLLADA 1.5: <sampler2D><instance_image url="#wood"/>.
  ReadResult r = read_text(effects_document(
      {common("lambert", "<diffuse><texture texture=\"samp\" texcoord=\"UV\"/></diffuse>",
              "<newparam sid=\"samp\"><sampler2D><instance_image url=\"#wood\"/>"
              "</sampler2D></newparam>")},
      kImages));
  const Scene& scene = scene_of(r);
  const Material& m = scene.materials[0];
  ASSERT_TRUE(m.base_color_texture.present());
  EXPECT_EQ(scene.images[scene.textures[m.base_color_texture.texture].image].uri, "wood.png");
}

TEST(EffectsTest, OneTexturePerDistinctImageWrapAndFilter) {
  std::string diffuse = "<diffuse><texture texture=\"samp\" texcoord=\"UV\"/></diffuse>";
  ReadResult r = read_text(effects_document(
      {common("lambert", diffuse, sampler_chain("wood")),
       common("lambert", diffuse, sampler_chain("wood")),
       common("lambert", diffuse, sampler_chain("wood", "<wrap_s>MIRROR</wrap_s>")),
       common("lambert", diffuse, sampler_chain("glow"))},
      kImages));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.materials.size(), 4u);
  EXPECT_EQ(scene.textures.size(), 3u);
  EXPECT_EQ(scene.materials[0].base_color_texture.texture,
            scene.materials[1].base_color_texture.texture);
  EXPECT_NE(scene.materials[0].base_color_texture.texture,
            scene.materials[2].base_color_texture.texture);
  const Texture& mirrored = scene.textures[scene.materials[2].base_color_texture.texture];
  EXPECT_EQ(mirrored.wrap_s, kMirroredRepeat);
  EXPECT_EQ(mirrored.wrap_t, kRepeat);
}

TEST(EffectsTest, EmissionColourIsTheEmissive) {
  ReadResult r = read_text(
      effects_document({common("constant", "<emission><color>0.25 0.5 1 1</color></emission>")}));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(scene.materials[0].emissive, (std::array<double, 3>{0.25, 0.5, 1}));
}

TEST(EffectsTest, EmissionTextureReadsWithAWhiteEmissive) {
  ReadResult r = read_text(effects_document(
      {common("phong", "<emission><texture texture=\"samp\" texcoord=\"UV\"/></emission>",
              sampler_chain("glow"))},
      kImages));
  const Scene& scene = scene_of(r);
  const Material& m = scene.materials[0];
  ASSERT_TRUE(m.emissive_texture.present());
  EXPECT_EQ(scene.images[scene.textures[m.emissive_texture.texture].image].uri, "glow.png");
  EXPECT_EQ(m.emissive, (std::array<double, 3>{1, 1, 1}));
}

// A phong effect with <transparent opaque=mode> of `color` and <transparency> `factor`.
std::string transparent(std::string_view mode, std::string_view color, std::string_view factor) {
  return common("phong", cat("<diffuse><color>1 1 1 1</color></diffuse><transparent",
                             mode.empty() ? "" : cat(" opaque=\"", mode, "\""), "><color>", color,
                             "</color></transparent><transparency><float>", factor,
                             "</float></transparency>"));
}

TEST(EffectsTest, TransparencyFollowsTheOpaqueModeTimesTransparency) {
  ReadResult r = read_text(effects_document({
      transparent("A_ONE", "0 0 0 0.25", "1"),          // alpha * transparency
      transparent("A_ONE", "0 0 0 1", "0.5"),           // alpha * transparency
      transparent("A_ZERO", "0 0 0 0.25", "1"),         // 1 - alpha * transparency
      transparent("RGB_ZERO", "0.5 0.5 0.5 1", "1"),    // 1 - luminance * transparency
      transparent("RGB_ONE", "0.25 0.25 0.25 1", "1"),  // luminance * transparency
      transparent("", "0 0 0 0.5", "1"),                // A_ONE by default
      transparent("A_ONE", "0 0 0 1", "1"),             // opaque
  }));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.materials.size(), 7u);
  const double alphas[] = {0.25, 0.5, 0.75, 0.5, 0.25, 0.5, 1};
  for (size_t i = 0; i < 7; ++i) {
    const Material& m = scene.materials[i];
    EXPECT_NEAR(m.base_color[3], alphas[i], 1e-9) << "material " << i;
    // An alpha below one reads as BLEND.
    EXPECT_EQ(m.alpha_mode, alphas[i] < 1 ? AlphaMode::kBlend : AlphaMode::kOpaque)
        << "material " << i;
  }
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(EffectsTest, UnknownOpaqueModeIsReadAsAOneWithAWarning) {
  ReadResult r = read_text(effects_document({transparent("A_HALF", "0 0 0 0.25", "1")}));
  const Scene& scene = scene_of(r);
  EXPECT_NEAR(scene.materials[0].base_color[3], 0.25, 1e-9);
  EXPECT_EQ(scene.materials[0].alpha_mode, AlphaMode::kBlend);
  EXPECT_EQ(r.diagnostics.count("collada.effect.opaque-mode"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(EffectsTest, SketchUpOpaqueExceptionIsReadOpaqueWithAWarning) {
  // A_ONE, a white transparent colour and transparency 0: opaque, as SketchUp means it.
  ReadResult r = read_text(effects_document({transparent("A_ONE", "1 1 1 1", "0")}));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(scene.materials[0].base_color[3], 1);
  EXPECT_EQ(scene.materials[0].alpha_mode, AlphaMode::kOpaque);
  EXPECT_EQ(r.diagnostics.count("collada.effect.opaque-exception"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(EffectsTest, NonFiniteDiffuseAlphaIsReadOpaqueWithAWarning) {
  ReadResult r = read_text(
      effects_document({common("lambert", "<diffuse><color>1 0 0 NaN</color></diffuse>")}));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(scene.materials[0].base_color, (std::array<double, 4>{1, 0, 0, 1}));
  EXPECT_EQ(scene.materials[0].alpha_mode, AlphaMode::kOpaque);
  EXPECT_EQ(r.diagnostics.count("collada.effect.non-finite-alpha"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(EffectsTest, NonFiniteTransparencyIsReadOpaqueWithAWarning) {
  ReadResult r = read_text(effects_document({transparent("A_ONE", "0 0 0 0.5", "INF")}));
  const Scene& scene = scene_of(r);
  EXPECT_EQ(scene.materials[0].base_color[3], 1);
  EXPECT_EQ(scene.materials[0].alpha_mode, AlphaMode::kOpaque);
  EXPECT_EQ(r.diagnostics.count("collada.effect.non-finite-alpha"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(EffectsTest, EveryLibraryEffectsIsRead) {
  ReadResult r = read_text(document(
      "<library_effects><effect id=\"fx1\">"
      "<profile_COMMON><technique sid=\"c\"><lambert/></technique></profile_COMMON></effect>"
      "</library_effects>\n<library_effects><effect id=\"fx2\"><profile_COMMON>"
      "<technique sid=\"c\"><blinn/></technique></profile_COMMON></effect></library_effects>\n"
      "<library_materials><material id=\"m1\"><instance_effect url=\"#fx1\"/></material>"
      "<material id=\"m2\"><instance_effect url=\"#fx2\"/></material></library_materials>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.materials.size(), 2u);
  EXPECT_EQ(shading_of(scene.materials[0]), "lambert");
  EXPECT_EQ(shading_of(scene.materials[1]), "blinn");
}

TEST(EffectsTest, EffectInAnotherDocumentReadsAsABarePhongMaterialWithAWarning) {
  ReadResult r = read_text(
      document("<library_materials><material id=\"m\"><instance_effect url=\"shared.dae#fx\"/>"
               "</material></library_materials>"));
  const Scene& scene = scene_of(r);
  ASSERT_EQ(scene.materials.size(), 1u);
  EXPECT_EQ(shading_of(scene.materials[0]), "phong");
  EXPECT_EQ(scene.materials[0].base_color, (std::array<double, 4>{1, 1, 1, 1}));
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

}  // namespace
}  // namespace px::collada
