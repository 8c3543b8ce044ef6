// Issue 15 point 4: KHR_animation_pointer channels written as COLLADA channels on the effect,
// light and camera parameters they animate (formats/collada/write/pointer_channels.h), the sids
// given where a channel needs them, and read back as the same pointer channels. Each document
// written here is checked against the schema (collada_write_schema).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "model/animation_pointer.h"
#include "model/light.h"
#include "tests/collada_write/animation_test_util.h"
#include "tests/collada_write/node_test_util.h"

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
  set_value(scene.materials[2].extras, "shading", Value("constant"));
  Light light;
  light.type = LightType::kPoint;
  light.color = {1, 0.5, 0.5};
  light.intensity = 2;
  set_value(scene.nodes[0].extras, "light", light_value(light));
  ValueMap perspective{{"yfov", Value(0.5)}, {"znear", Value(0.1)}, {"zfar", Value(100.0)}};
  set_value(scene.nodes[1].extras, "camera",
            Value(ValueMap{{"type", Value("perspective")},
                           {"perspective", Value(std::move(perspective))}}));
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
  std::vector<Animation> back = animations_of(r.read.scene->global_attrs);
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
  b.channel(-1, "pointer").target.pointer = "/materials/0/pbrMetallicRoughness/roughnessFactor";
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

}  // namespace
}  // namespace px::collada
