// Issue 15 point 4: KHR_animation_pointer channels written as COLLADA channels on the effect,
// light and camera parameters they animate (formats/collada/write/pointer_channels.h), the sids
// given where a channel needs them, and read back as the same pointer channels. Each document
// written here is checked against the schema (collada_write_schema).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <numbers>

#include "polyxios/scene/animation_pointer.h"
#include "polyxios/scene/light.h"
#include "tests/formats/collada/write/animation_test_util.h"
#include "tests/formats/collada/write/node_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)
using ::testing::DoubleNear;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pointwise;

// Two phong materials (the second's alpha 0.5), a constant one, a node carrying a point light and
// one carrying a perspective camera.
Scene scene_with_parameters() {
  Scene scene = scene_of_nodes(2);
  scene.scenes[0] = {0, 1};
  for (int i = 0; i < 3; ++i) {
    Material& m = scene.materials.emplace_back();
    m.name = cat("m", i);
    m.metallic = 0;
  }
  scene.materials[1].base_color = {1, 1, 1, 0.5};
  scene.materials[1].alpha_mode = AlphaMode::kBlend;
  scene.materials[2].shading = Shading::kConstant;
  Light light;
  light.type = LightType::kPoint;
  light.color = {1, 0.5, 0.5};
  light.intensity = 2;
  scene.lights.push_back(light);
  scene.nodes[0].light = 0;
  Camera& camera = scene.cameras.emplace_back();
  camera.yfov = 0.5;
  camera.znear = 0.1;
  camera.zfar = 100;
  scene.nodes[1].camera = 0;
  return scene;
}

std::vector<double> values_of(const Animation& a, std::string_view pointer) {
  for (const AnimationChannel& c : a.channels) {
    if (c.target.pointer == pointer) return column_values(a.samplers[c.sampler]->values);
  }
  ADD_FAILURE() << "no channel on " << pointer;
  return {};
}

TEST(PointerChannels, MaterialLightAndCameraPointersRoundTripThroughCollada) {
  Scene scene = scene_with_parameters();
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {1, 0, 0, 1, 0, 1, 0, 0.25}, 4);
  b.channel(-1, "pointer").target.pointer = "/materials/0/pbrMetallicRoughness/baseColorFactor";
  b.sampler({0, 1}, {0, 0, 0, 0.5, 0.5, 0.5}, 3, "STEP");
  b.channel(-1, "pointer").target.pointer = "/materials/1/emissiveFactor";
  b.sampler({0, 1}, {1, 0, 0, 0, 0, 1}, 3);
  b.channel(0, "pointer").target.pointer = "/extensions/KHR_lights_punctual/lights/0/color";
  b.sampler({0, 1}, {0.5, 1.0}, 1);
  b.channel(1, "pointer").target.pointer = "/cameras/0/perspective/yfov";
  set_animations(scene, {b.animation});
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.written.text.ok());
  const std::string& text = *r.written.text;
  EXPECT_THAT(text, HasSubstr("sid=\"diffuse-color\""));
  EXPECT_THAT(text, HasSubstr("sid=\"transparent-color\""));  // the alpha drops to 0.25
  EXPECT_THAT(text, HasSubstr("sid=\"emission-color\""));     // written though black
  EXPECT_THAT(text, HasSubstr("<color sid=\"color\">"));
  EXPECT_THAT(text, HasSubstr("<yfov sid=\"yfov\">"));
  EXPECT_THAT(text, Not(HasSubstr("sid=\"znear\"")));  // no channel needs it
  EXPECT_EQ(r.written.diagnostics.warning_count(), 0);
  ASSERT_TRUE(r.read.scene.ok());
  std::vector<Animation> back = r.read.scene->animations;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_THAT(values_of(back[0], "/materials/0/pbrMetallicRoughness/baseColorFactor"),
              Pointwise(DoubleNear(1e-9), std::vector<double>{1, 0, 0, 1, 0, 1, 0, 0.25}));
  EXPECT_EQ(r.read.scene->materials[0].alpha_mode, AlphaMode::kBlend);
  EXPECT_THAT(values_of(back[0], "/materials/1/emissiveFactor"),
              Pointwise(DoubleNear(1e-9), std::vector<double>{0, 0, 0, 0.5, 0.5, 0.5}));
  // The colour times the static intensity 2 (the attenuation sums to 1), split back.
  const std::vector<double> color =
      values_of(back[0], "/extensions/KHR_lights_punctual/lights/0/color");
  const std::vector<double> intensity =
      values_of(back[0], "/extensions/KHR_lights_punctual/lights/0/intensity");
  ASSERT_EQ(color.size(), 3 * intensity.size());
  EXPECT_THAT(std::vector<double>({color[0] * intensity[0], color.back() * intensity.back()}),
              Pointwise(DoubleNear(1e-9), std::vector<double>{2, 2}));
  EXPECT_THAT(values_of(back[0], "/cameras/0/perspective/yfov"),
              Pointwise(DoubleNear(1e-9), std::vector<double>{0.5, 1.0}));
}

// What COLLADA has no parameter for stays dropped with collada.write.animation-path-unsupported;
// a parameter the written object cannot hold (constant shading's diffuse, a light no written node
// carries) or keys of the wrong width with collada.write.animation-pointer-dropped.
TEST(PointerChannels, WhatCannotBeWrittenIsDroppedWithAWarning) {
  Scene scene = scene_with_parameters();
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 0, 0, 1, 1, 1}, 3);
  b.channel(-1, "pointer").target.pointer = "/nodes/0/translation";
  b.channel(-1, "pointer").target.pointer = "/extensions/KHR_lights_punctual/lights/0/color";
  b.channel(-1, "pointer").target.pointer = "/materials/0/pbrMetallicRoughness/baseColorFactor";
  b.sampler({0, 1}, {0, 1}, 1);
  b.channel(-1, "pointer").target.pointer = "/materials/0/pbrMetallicRoughness/metallicFactor";
  b.sampler({0, 1}, {1, 1, 1, 1, 0, 0, 0, 1}, 4);
  b.channel(-1, "pointer").target.pointer = "/materials/2/pbrMetallicRoughness/baseColorFactor";
  set_animations(scene, {b.animation});
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(w.diagnostics.count("collada.write.animation-path-unsupported"), 2);
  EXPECT_EQ(w.diagnostics.count("collada.write.animation-pointer-dropped"), 3);
  EXPECT_THAT(*w.text, Not(HasSubstr("<library_animations>")));
  EXPECT_THAT(*w.text, Not(HasSubstr("sid=\"diffuse-color\"")));
}

// A spot's cone angles go to its falloff angle and exponent (the exponent moving where an outer
// cone channel leaves the inner cone as it is); an orthographic camera's magnifications and a
// perspective one's aspect ratio to their elements; all read back as they were.
TEST(PointerChannels, SpotConesMagnificationsAndAspectRatiosRoundTripThroughCollada) {
  Scene scene = scene_of_nodes(4);
  scene.scenes[0] = {0, 1, 2, 3};
  const double pi = std::numbers::pi;
  for (int n : {0, 1}) {
    Light spot;
    spot.type = LightType::kSpot;
    spot.color = {1, n == 0 ? 1.0 : 0.5, 1};  // two lights, not one shared
    spot.outer_cone = pi / 4;
    spot.inner_cone = pi / 8;
    scene.nodes[n].light = static_cast<int>(scene.lights.size());
    scene.lights.push_back(spot);
  }
  Camera orthographic;
  orthographic.type = CameraType::kOrthographic;
  orthographic.xmag = 2;
  orthographic.ymag = 1;
  orthographic.zfar = 10;
  orthographic.znear = 0.5;
  Camera perspective;
  perspective.aspect_ratio = 1.5;
  perspective.yfov = 0.5;
  perspective.znear = 0.1;
  scene.cameras = {orthographic, perspective};
  scene.nodes[2].camera = 0;
  scene.nodes[3].camera = 1;
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {pi / 4, pi / 6}, 1);
  b.channel(0, "pointer").target.pointer =
      "/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle";
  b.sampler({0, 1}, {pi / 8, pi / 12}, 1);
  b.channel(0, "pointer").target.pointer =
      "/extensions/KHR_lights_punctual/lights/0/spot/innerConeAngle";
  b.sampler({0, 1}, {pi / 4, pi / 6}, 1);
  b.channel(1, "pointer").target.pointer =
      "/extensions/KHR_lights_punctual/lights/1/spot/outerConeAngle";
  b.sampler({0, 1}, {2, 3}, 1);
  b.channel(2, "pointer").target.pointer = "/cameras/0/orthographic/xmag";
  b.sampler({0, 1}, {1, 1.5}, 1);
  b.channel(2, "pointer").target.pointer = "/cameras/0/orthographic/ymag";
  b.sampler({0, 1}, {1.5, 2}, 1, "STEP");
  b.channel(3, "pointer").target.pointer = "/cameras/1/perspective/aspectRatio";
  set_animations(scene, {b.animation});
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.written.text.ok()) << r.written.text.status();
  const std::string& text = *r.written.text;
  EXPECT_THAT(text, HasSubstr("<falloff_angle sid=\"falloff_angle\">"));
  EXPECT_THAT(text, HasSubstr("<falloff_exponent sid=\"falloff_exponent\">"));
  EXPECT_THAT(text, HasSubstr("<xmag sid=\"xmag\">"));
  EXPECT_THAT(text, HasSubstr("<ymag sid=\"ymag\">"));
  EXPECT_THAT(text, HasSubstr("<aspect_ratio sid=\"aspect_ratio\">"));
  EXPECT_EQ(r.written.diagnostics.warning_count(), 0) << r.written.diagnostics.entries()[0].message;
  ASSERT_TRUE(r.read.scene.ok()) << r.read.scene.status();
  std::vector<Animation> back = r.read.scene->animations;
  ASSERT_EQ(back.size(), 1u);
  const std::string light = "/extensions/KHR_lights_punctual/lights/";
  EXPECT_THAT(values_of(back[0], light + "0/spot/outerConeAngle"),
              Pointwise(DoubleNear(1e-6), std::vector<double>{pi / 4, pi / 6}));
  EXPECT_THAT(values_of(back[0], light + "0/spot/innerConeAngle"),
              Pointwise(DoubleNear(1e-6), std::vector<double>{pi / 8, pi / 12}));
  EXPECT_THAT(values_of(back[0], light + "1/spot/outerConeAngle"),
              Pointwise(DoubleNear(1e-6), std::vector<double>{pi / 4, pi / 6}));
  // The second light's inner cone stays pi / 8: its exponent moved to hold it (and names the
  // inner cone when read back). Numbers within float32's precision: keys are written as floats.
  EXPECT_THAT(values_of(back[0], light + "1/spot/innerConeAngle"),
              Pointwise(DoubleNear(1e-6), std::vector<double>{pi / 8, pi / 8}));
  EXPECT_THAT(values_of(back[0], "/cameras/0/orthographic/xmag"),
              Pointwise(DoubleNear(1e-6), std::vector<double>{2, 3}));
  EXPECT_THAT(values_of(back[0], "/cameras/0/orthographic/ymag"),
              Pointwise(DoubleNear(1e-6), std::vector<double>{1, 1.5}));
  EXPECT_THAT(values_of(back[0], "/cameras/1/perspective/aspectRatio"),
              Pointwise(DoubleNear(1e-6), std::vector<double>{1.5, 2}));
}

// A cone on a light that is no spot, an aspect ratio a camera leaves to the viewer and a
// magnification of a perspective camera cannot be written.
TEST(PointerChannels, ConesAndOpticsTheObjectsDoNotHoldAreDropped) {
  Scene scene = scene_with_parameters();
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0.5, 0.25}, 1);
  b.channel(0, "pointer").target.pointer =
      "/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle";
  b.channel(1, "pointer").target.pointer = "/cameras/0/perspective/aspectRatio";
  b.channel(1, "pointer").target.pointer = "/cameras/0/orthographic/xmag";
  b.channel(1, "pointer").target.pointer = "/cameras/0/perspective/xmag";
  set_animations(scene, {b.animation});
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok()) << w.text.status();
  EXPECT_EQ(w.diagnostics.count("collada.write.animation-pointer-dropped"), 3);
  EXPECT_EQ(w.diagnostics.count("collada.write.animation-path-unsupported"), 1);
  EXPECT_THAT(*w.text, Not(HasSubstr("<library_animations>")));
}

// A phong material's specular colour and roughness go to its <specular> colour (written though
// white) and <shininess> (written though roughness 1) and read back as they were; a lambert
// material has neither to animate.
TEST(PointerChannels, SpecularColourAndRoughnessRoundTripThroughAPhongsHighlight) {
  Scene scene = scene_with_parameters();
  scene.materials[0].shading = Shading::kPhong;
  scene.materials[1].shading = Shading::kLambert;
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {1, 1, 1, 0.5, 0.25, 0}, 3);
  b.channel(-1, "pointer").target.pointer =
      "/materials/0/extensions/KHR_materials_specular/specularColorFactor";
  b.sampler({0, 1}, {1, 0.5}, 1);
  b.channel(-1, "pointer").target.pointer = "/materials/0/pbrMetallicRoughness/roughnessFactor";
  b.channel(-1, "pointer").target.pointer = "/materials/1/pbrMetallicRoughness/roughnessFactor";
  set_animations(scene, {b.animation});
  RoundTrip r = write_and_read(scene);
  ASSERT_TRUE(r.written.text.ok()) << r.written.text.status();
  EXPECT_THAT(*r.written.text, HasSubstr("<color sid=\"specular-color\">"));
  EXPECT_THAT(*r.written.text, HasSubstr("<float sid=\"shininess\">"));
  EXPECT_EQ(r.written.diagnostics.count("collada.write.animation-pointer-dropped"), 1);
  ASSERT_TRUE(r.read.scene.ok()) << r.read.scene.status();
  std::vector<Animation> back = r.read.scene->animations;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_THAT(
      values_of(back[0], "/materials/0/extensions/KHR_materials_specular/specularColorFactor"),
      Pointwise(DoubleNear(1e-6), std::vector<double>{1, 1, 1, 0.5, 0.25, 0}));
  EXPECT_THAT(values_of(back[0], "/materials/0/pbrMetallicRoughness/roughnessFactor"),
              Pointwise(DoubleNear(1e-6), std::vector<double>{1, 0.5}));
}

}  // namespace
}  // namespace px::collada
