// Channels on effect, light and camera parameters read as KHR_animation_pointer channels
// (formats/collada/read/parameter_channels.h; issue 15 point 4), each rule on a small document.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "tests/animation/animation_test_util.h"

namespace px::animation_testing {
namespace {

using ::testing::DoubleNear;
using ::testing::ElementsAre;
using ::testing::Pointwise;

// The channels of the first animation, and its samplers' values by channel.
struct Read {
  std::vector<AnimationChannel> channels;
  std::vector<AnimationSampler> samplers;
  const AnimationSampler& of(size_t c) const { return samplers[channels[c].sampler]; }
};

Read first_animation(const ReadResult& r) {
  std::vector<Animation> animations = read_animations(r);
  Read out;
  if (animations.empty()) return out;
  out.channels = animations[0].channels;
  for (const std::optional<AnimationSampler>& s : animations[0].samplers)
    out.samplers.push_back(*s);
  return out;
}

constexpr std::string_view kEffect =
    "<library_effects><effect id=\"fx\"><profile_COMMON><technique sid=\"common\"><phong>"
    "<emission><color>0 0 0 1</color></emission><ambient><color sid=\"amb\">0 0 0 1</color>"
    "</ambient><diffuse><color sid=\"dc\">0.5 0.5 0.5 1</color></diffuse>"
    "<transparent opaque=\"A_ZERO\"><color>0 0 0 0.5</color></transparent>"
    "<transparency><float sid=\"tr\">0</float></transparency></phong></technique>"
    "</profile_COMMON></effect></library_effects><library_materials><material id=\"m1\">"
    "<instance_effect url=\"#fx\"/></material><material id=\"m2\"><instance_effect url=\"#fx\"/>"
    "</material></library_materials>";

// The base colour's diffuse and alpha terms make one channel, keyed at the union of their times,
// its alpha by the static rule (A_ZERO: 1 - alpha * transparency), on every material of the
// effect, sharing one sampler; a material whose alpha drops below 1 blends.
TEST(ParameterChannels, AnEffectsBaseColourAnimatesEveryMaterialInstancingIt) {
  ReadResult r = read_text(animated_document(
      "<node id=\"n\"/>",
      cat("<animation id=\"a\">", sampler("g", {"0 1", "0 1"}), sampler("t", {"0 2", "0 1"}),
          "<channel source=\"#g\" target=\"fx/common/dc.G\"/>"
          "<channel source=\"#t\" target=\"fx/tr\"/></animation>"),
      kEffect));
  Read a = first_animation(r);
  ASSERT_EQ(a.channels.size(), 2u);
  EXPECT_EQ(a.channels[0].target.path_name(), "pointer");
  EXPECT_EQ(a.channels[0].target.pointer, "/materials/0/pbrMetallicRoughness/baseColorFactor");
  EXPECT_EQ(a.channels[1].target.pointer, "/materials/1/pbrMetallicRoughness/baseColorFactor");
  EXPECT_EQ(a.channels[0].target.node, -1);
  EXPECT_FALSE(a.channels[0].target.sid);
  EXPECT_EQ(a.channels[0].sampler, a.channels[1].sampler);
  const AnimationSampler& s = a.of(0);
  EXPECT_EQ(s.interpolation, "LINEAR");
  EXPECT_THAT(values(s.times), ElementsAre(0, 1, 2));
  EXPECT_THAT(values(s.values),
              Pointwise(DoubleNear(1e-12), std::vector<double>{0.5, 0.0, 0.5, 1.0,   //
                                                               0.5, 1.0, 0.5, 0.75,  //
                                                               0.5, 1.0, 0.5, 0.5}));
  for (const Material& m : r.scene->materials) EXPECT_EQ(m.alpha_mode, AlphaMode::kBlend);
  EXPECT_EQ(r.diagnostics.count("collada.animation.target-unresolved"), 0);
}

// A light's colour splits into glTF's colour and intensity (light_mapping.h: the intensity the
// largest component over the attenuation sum), on the node carrying the light, N its place among
// the document's lights; stepping keys step.
TEST(ParameterChannels, ALightsColourSplitsIntoColourAndIntensityOnItsNode) {
  ReadResult r = read_text(animated_document(
      "<node id=\"a\"/><node id=\"b\"><instance_light url=\"#lamp\"/></node>",
      animation("c", "lamp/lc", {"0 1", "2 2 2  1 0 0", 3, "STEP STEP"}),
      "<library_lights><light id=\"other\"><technique_common><directional><color>1 1 1</color>"
      "</directional></technique_common></light><light id=\"lamp\"><technique_common><point>"
      "<color sid=\"lc\">1 1 1</color><constant_attenuation>0</constant_attenuation>"
      "<quadratic_attenuation>2</quadratic_attenuation></point></technique_common></light>"
      "</library_lights>"));
  Read a = first_animation(r);
  ASSERT_EQ(a.channels.size(), 2u);
  EXPECT_EQ(a.channels[0].target.pointer, "/extensions/KHR_lights_punctual/lights/1/color");
  EXPECT_EQ(a.channels[1].target.pointer, "/extensions/KHR_lights_punctual/lights/1/intensity");
  EXPECT_EQ(a.channels[0].target.node, 1);
  EXPECT_EQ(a.of(0).interpolation, "STEP");
  EXPECT_THAT(values(a.of(0).values), ElementsAre(1, 1, 1, 1, 0, 0));
  EXPECT_THAT(values(a.of(1).values), ElementsAre(1, 0.5));
}

// An xfov beside no yfov gives glTF's yfov in radians through the aspect ratio, as the camera
// read does; an orthographic camera's zfar its own pointer.
TEST(ParameterChannels, ACameraXfovBecomesItsYfovAndAZfarItsOwn) {
  ReadResult r = read_text(animated_document(
      "<node id=\"p\"><instance_camera url=\"#persp\"/></node>"
      "<node id=\"o\"><instance_camera url=\"#ortho\"/></node>",
      cat("<animation id=\"a\">", sampler("x", {"0", "90"}), sampler("z", {"0 1", "10 20"}),
          "<channel source=\"#x\" target=\"persp/xf\"/>"
          "<channel source=\"#z\" target=\"ortho/zf\"/></animation>"),
      "<library_cameras><camera id=\"persp\"><optics><technique_common><perspective>"
      "<xfov sid=\"xf\">60</xfov><aspect_ratio>2</aspect_ratio><znear>1</znear><zfar>10</zfar>"
      "</perspective></technique_common></optics></camera><camera id=\"ortho\"><optics>"
      "<technique_common><orthographic><xmag>1</xmag><znear>1</znear><zfar sid=\"zf\">5</zfar>"
      "</orthographic></technique_common></optics></camera></library_cameras>"));
  Read a = first_animation(r);
  ASSERT_EQ(a.channels.size(), 2u);
  EXPECT_EQ(a.channels[0].target.pointer, "/cameras/0/perspective/yfov");
  EXPECT_EQ(a.channels[0].target.node, 0);
  EXPECT_THAT(values(a.of(0).values),
              Pointwise(DoubleNear(1e-12),
                        std::vector<double>{2 * std::atan(std::tan(std::numbers::pi / 4) / 2)}));
  EXPECT_EQ(a.channels[1].target.pointer, "/cameras/1/orthographic/zfar");
  EXPECT_EQ(a.channels[1].target.node, 1);
  EXPECT_THAT(values(a.of(1).values), ElementsAre(10, 20));
}

// What glTF has no place for stays dropped, counted by collada.animation.target-unresolved: an
// ambient colour, an xfov beside a yfov and an aspect ratio (neither depends on it), a term
// spelled through a <param>, a light no node carries, a transparency beside no <transparent>; keys
// of the wrong width warn collada.animation.key-width.
TEST(ParameterChannels, WhatGltfHasNoPlaceForStaysDroppedWithItsWarning) {
  ReadResult r = read_text(animated_document(
      "<node id=\"n\"><instance_camera url=\"#cam\"/></node>",
      cat(animation("amb", "fx/amb", {"0", "1 1 1 1", 4}), animation("xf", "cam/xf", {"0", "30"}),
          animation("p", "fx2/pc", {"0", "1 1 1 1", 4}),
          animation("l", "lamp/lc", {"0", "1 1 1", 3}), animation("tr", "fx3/tr", {"0", "1"}),
          animation("w", "fx/dc", {"0", "1 1", 2})),
      cat(kEffect,
          "<library_effects><effect id=\"fx2\"><profile_COMMON><newparam sid=\"np\"><float4>"
          "1 1 1 1</float4></newparam><technique sid=\"c\"><lambert><diffuse><color sid=\"pc\">"
          "1 1 1 1</color></diffuse><transparent><param ref=\"np\"/></transparent></lambert>"
          "</technique></profile_COMMON></effect><effect id=\"fx3\"><profile_COMMON><technique "
          "sid=\"c\"><lambert><transparency><float sid=\"tr\">1</float></transparency></lambert>"
          "</technique></profile_COMMON></effect></library_effects><library_materials>"
          "<material id=\"m3\"><instance_effect url=\"#fx2\"/></material><material id=\"m4\">"
          "<instance_effect url=\"#fx3\"/></material></library_materials>"
          "<library_lights><light id=\"lamp\"><technique_common><directional><color sid=\"lc\">"
          "1 1 1</color></directional></technique_common></light></library_lights>"
          "<library_cameras><camera id=\"cam\"><optics><technique_common><perspective>"
          "<xfov sid=\"xf\">60</xfov><yfov>40</yfov><aspect_ratio>1.5</aspect_ratio><znear>1"
          "</znear></perspective>"
          "</technique_common></optics></camera></library_cameras>")));
  for (const Animation& a : read_animations(r)) EXPECT_TRUE(a.channels.empty()) << a.name_or_empty();
  const std::vector<Diagnostic>& d = r.diagnostics.entries();
  auto unresolved = std::find_if(d.begin(), d.end(), [](const Diagnostic& e) {
    return e.code == "collada.animation.target-unresolved";
  });
  ASSERT_NE(unresolved, d.end());
  EXPECT_NE(unresolved->message.find("5 animation channels"), std::string::npos)
      << unresolved->message;
  EXPECT_EQ(r.diagnostics.count("collada.animation.key-width"), 1);
}

// An xfov beside a yfov sets glTF's aspect ratio (read_cameras' rule), the yfov staying as it is
// gets no channel; an orthographic camera's xmag moves the ymag derived from it through the
// aspect ratio; an aspect ratio beside a yfov is glTF's own.
TEST(ParameterChannels, AFieldOfViewOrMagnificationMovesWhatGltfDerivesFromIt) {
  ReadResult r = read_text(animated_document(
      "<node id=\"p\"><instance_camera url=\"#persp\"/></node>"
      "<node id=\"o\"><instance_camera url=\"#ortho\"/></node>"
      "<node id=\"q\"><instance_camera url=\"#ratio\"/></node>",
      cat("<animation id=\"a\">", sampler("x", {"0 1", "90 60"}), sampler("m", {"0 1", "2 4"}),
          sampler("r", {"0 1", "1 2"}),
          "<channel source=\"#x\" target=\"persp/xf\"/>"
          "<channel source=\"#m\" target=\"ortho/xm\"/>"
          "<channel source=\"#r\" target=\"ratio/ar\"/></animation>"),
      "<library_cameras><camera id=\"persp\"><optics><technique_common><perspective>"
      "<xfov sid=\"xf\">60</xfov><yfov>60</yfov><znear>1</znear></perspective>"
      "</technique_common></optics></camera><camera id=\"ortho\"><optics><technique_common>"
      "<orthographic><xmag sid=\"xm\">1</xmag><aspect_ratio>2</aspect_ratio><znear>1</znear>"
      "<zfar>5</zfar></orthographic></technique_common></optics></camera><camera id=\"ratio\">"
      "<optics><technique_common><perspective><yfov>30</yfov><aspect_ratio sid=\"ar\">1"
      "</aspect_ratio><znear>1</znear></perspective></technique_common></optics></camera>"
      "</library_cameras>"));
  Read a = first_animation(r);
  ASSERT_EQ(a.channels.size(), 4u);
  EXPECT_EQ(a.channels[0].target.pointer, "/cameras/0/perspective/aspectRatio");
  EXPECT_EQ(a.channels[0].target.node, 0);
  EXPECT_THAT(
      values(a.of(0).values),
      Pointwise(DoubleNear(1e-12), std::vector<double>{1 / std::tan(std::numbers::pi / 6), 1.0}));
  EXPECT_EQ(a.channels[1].target.pointer, "/cameras/1/orthographic/xmag");
  EXPECT_THAT(values(a.of(1).values), ElementsAre(2, 4));
  EXPECT_EQ(a.channels[2].target.pointer, "/cameras/1/orthographic/ymag");
  EXPECT_EQ(a.channels[2].target.node, 1);
  EXPECT_THAT(values(a.of(2).values), ElementsAre(1, 2));
  EXPECT_EQ(a.channels[3].target.pointer, "/cameras/2/perspective/aspectRatio");
  EXPECT_THAT(values(a.of(3).values), ElementsAre(1, 2));
  EXPECT_EQ(r.diagnostics.count("collada.animation.target-unresolved"), 0);
}

// A spot's falloff angle is its outer cone (half the angle, in radians) and moves the inner one
// with it; its falloff exponent is the fraction of the cone that fades, the inner cone alone.
TEST(ParameterChannels, ASpotsFalloffMovesItsConeAngles) {
  ReadResult r = read_text(animated_document(
      "<node id=\"a\"><instance_light url=\"#spot\"/></node>"
      "<node id=\"b\"><instance_light url=\"#fade\"/></node>",
      cat("<animation id=\"a\">", sampler("sa", {"0 1", "90 60"}),
          sampler("sf", {"0 1", "0.5 0.25"}),
          "<channel source=\"#sa\" target=\"spot/fa\"/>"
          "<channel source=\"#sf\" target=\"fade/fe\"/></animation>"),
      "<library_lights><light id=\"spot\"><technique_common><spot><color>1 1 1</color>"
      "<falloff_angle sid=\"fa\">90</falloff_angle><falloff_exponent>0.5</falloff_exponent>"
      "</spot></technique_common></light><light id=\"fade\"><technique_common><spot><color>"
      "1 1 1</color><falloff_angle>90</falloff_angle><falloff_exponent sid=\"fe\">1"
      "</falloff_exponent></spot></technique_common></light></library_lights>"));
  Read a = first_animation(r);
  ASSERT_EQ(a.channels.size(), 3u);
  const double pi = std::numbers::pi;
  EXPECT_EQ(a.channels[0].target.pointer,
            "/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle");
  EXPECT_EQ(a.channels[0].target.node, 0);
  EXPECT_THAT(values(a.of(0).values),
              Pointwise(DoubleNear(1e-12), std::vector<double>{pi / 4, pi / 6}));
  EXPECT_EQ(a.channels[1].target.pointer,
            "/extensions/KHR_lights_punctual/lights/0/spot/innerConeAngle");
  EXPECT_THAT(values(a.of(1).values),
              Pointwise(DoubleNear(1e-12), std::vector<double>{pi / 8, pi / 12}));
  EXPECT_EQ(a.channels[2].target.pointer,
            "/extensions/KHR_lights_punctual/lights/1/spot/innerConeAngle");
  EXPECT_EQ(a.channels[2].target.node, 1);
  EXPECT_THAT(values(a.of(2).values),
              Pointwise(DoubleNear(1e-12), std::vector<double>{pi / 8, 3 * pi / 16}));
  EXPECT_EQ(r.diagnostics.count("collada.animation.target-unresolved"), 0);
}

// A phong's specular colour is KHR_materials_specular's specularColorFactor and its shininess
// glTF's roughness ((2 / (n + 2))^(1/4)); lambert shading has neither, so a channel on a
// lambert's <specular> animates nothing.
TEST(ParameterChannels, APhongsSpecularColourAndShininessAnimateItsHighlight) {
  ReadResult r = read_text(animated_document(
      "<node id=\"n\"/>",
      cat(animation("sc", "hi/common/sc", {"0 1", "1 1 1 1  0.5 0.25 0 1", 4}),
          animation("sh", "hi/common/sh", {"0 1", "0 14"}),
          animation("ls", "lam/common/ls", {"0 1", "1 1 1 1  0 0 0 1", 4})),
      "<library_effects><effect id=\"hi\"><profile_COMMON><technique sid=\"common\"><phong>"
      "<specular><color sid=\"sc\">1 1 1 1</color></specular><shininess><float sid=\"sh\">"
      "10</float></shininess></phong></technique></profile_COMMON></effect>"
      "<effect id=\"lam\"><profile_COMMON><technique sid=\"common\"><lambert><specular>"
      "<color sid=\"ls\">1 1 1 1</color></specular></lambert></technique></profile_COMMON>"
      "</effect></library_effects><library_materials><material id=\"m\">"
      "<instance_effect url=\"#hi\"/></material><material id=\"l\"><instance_effect "
      "url=\"#lam\"/></material></library_materials>"));
  std::vector<Animation> animations = read_animations(r);
  std::vector<AnimationChannel> channels;
  std::vector<AnimationSampler> samplers;
  for (const Animation& a : animations) {
    for (const AnimationChannel& c : a.channels) {
      channels.push_back(c);
      samplers.push_back(*a.samplers[c.sampler]);
    }
  }
  ASSERT_EQ(channels.size(), 2u);
  EXPECT_EQ(channels[0].target.pointer,
            "/materials/0/extensions/KHR_materials_specular/specularColorFactor");
  EXPECT_THAT(values(samplers[0].values), ElementsAre(1, 1, 1, 0.5, 0.25, 0));
  EXPECT_EQ(channels[1].target.pointer, "/materials/0/pbrMetallicRoughness/roughnessFactor");
  EXPECT_THAT(values(samplers[1].values),
              Pointwise(DoubleNear(1e-12), std::vector<double>{1, std::pow(0.125, 0.25)}));
  EXPECT_EQ(r.diagnostics.count("collada.animation.target-unresolved"), 1);
}

}  // namespace
}  // namespace px::animation_testing
