// The COLLADA animation reader (spec collada.md, "Animations land under
// global_attrs["animations"]..."), each rule on a small document.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/animation/animation_test_util.h"

namespace px::animation_testing {
namespace {

using ::testing::ElementsAre;

constexpr std::string_view kBox =
    "<node id=\"box\" name=\"Box\"><translate sid=\"t\">1 2 3</translate>"
    "<rotate sid=\"rz\">0 0 1 0</rotate><scale sid=\"s\">1 1 1</scale></node>";

TEST(AnimationReader, ChannelsKeepNodePathSidAndMemberAndSamplersTheirKeys) {
  ReadResult r = read_text(animated_document(
      kBox,
      cat("<animation id=\"a\" name=\"Walk\">", sampler("s1", {"0 1", "0 90", 1, "linear STEP"}),
          sampler("s2", {"0 2", "1 2 3  4 5 6", 3}),
          "<channel source=\"#s1\" target=\"box/rz.ANGLE\"/>"
          "<channel source=\"#s2\" target=\"box/t\"/></animation>")));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  const Animation& a = animations[0];
  EXPECT_EQ(a.name, "Walk");
  ASSERT_EQ(a.channels.size(), 2u);
  EXPECT_EQ(a.channels[0].sampler, 0);
  EXPECT_EQ(a.channels[0].target.node, 0);
  EXPECT_EQ(a.channels[0].target.path_name(), "rotation");
  EXPECT_EQ(a.channels[0].target.sid, "rz");
  EXPECT_EQ(a.channels[0].target.member, "ANGLE");
  EXPECT_EQ(a.channels[1].target.path_name(), "translation");
  EXPECT_EQ(a.channels[1].target.member, "");
  ASSERT_EQ(a.samplers.size(), 2u);
  const AnimationSampler& s1 = *a.samplers[0];
  EXPECT_THAT(values(s1.times), ElementsAre(0, 1));
  EXPECT_THAT(values(s1.values), ElementsAre(0, 90));
  EXPECT_TRUE(s1.times.holds<double>());
  // Upper-cased; keys that differ keep a name each, the first also the sampler's.
  EXPECT_EQ(s1.interpolation, "LINEAR");
  EXPECT_THAT(s1.interpolations, ElementsAre("LINEAR", "STEP"));
  const AnimationSampler& s2 = *a.samplers[1];
  EXPECT_EQ(s2.values.cols, 3u);
  EXPECT_EQ(s2.interpolation, "LINEAR");  // no INTERPOLATION input
  EXPECT_TRUE(s2.interpolations.empty());
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(AnimationReader, AnimationIsNamedByItsNameElseItsId) {
  ReadResult r = read_text(animated_document(
      kBox, cat(animation("byid", "box/t.X", {"0 1", "0 1"}), "<animation id=\"x\" name=\"Named\">",
                sampler("n", {"0 1", "0 1"}),
                "<channel source=\"#n\" target=\"box/t.Y\"/></animation>")));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 2u);
  EXPECT_EQ(animations[0].name, "byid");
  EXPECT_EQ(animations[1].name, "Named");
}

TEST(AnimationReader, UnknownInterpolationReadsAsLinearWithAWarning) {
  ReadResult r = read_text(
      animated_document(kBox, animation("a", "box/t.X", {"0 1", "0 1", 1, "SMOOTH SMOOTH"})));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  EXPECT_EQ(animations[0].samplers[0]->interpolation, "LINEAR");
  EXPECT_GE(r.diagnostics.count("collada.animation.interpolation-unknown"), 1);
}

TEST(AnimationReader, BezierTangentsAreKeptAsTheFileSpellsThem) {
  ReadResult r = read_text(animated_document(
      kBox, animation("a", "box/t.X",
                      {"0 1", "0 1", 1, "BEZIER BEZIER", "-0.3 0  0.7 1", "0.3 0  1.3 1", 2})));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  const AnimationSampler& s = *animations[0].samplers[0];
  EXPECT_EQ(s.interpolation, "BEZIER");
  ASSERT_TRUE(s.in_tangents && s.out_tangents);
  EXPECT_THAT(values(*s.in_tangents), ElementsAre(-0.3, 0, 0.7, 1));
  EXPECT_THAT(values(*s.out_tangents), ElementsAre(0.3, 0, 1.3, 1));
}

TEST(AnimationReader, SidIsLookedUpOnTheNodeFirstThenBreadthFirstBelowIt) {
  // "t" is a transform of the child and of the grandchild: the shallower one wins; "own" is on
  // the addressed node itself, which comes before its children.
  std::string nodes =
      "<node id=\"root\" sid=\"r\"><translate sid=\"own\">0 0 0</translate>"
      "<node id=\"a\" sid=\"a\"><node id=\"deep\"><translate sid=\"t\">0 0 0</translate></node>"
      "</node><node id=\"b\" sid=\"b\"><translate sid=\"t\">0 0 0</translate>"
      "<translate sid=\"own\">0 0 0</translate></node></node>";
  ReadResult r =
      read_text(animated_document(nodes, cat(animation("a1", "root/t", {"0 1", "0 0 0 1 1 1", 3}),
                                             animation("a2", "root/own", {"0 1", "0 0 0 1 1 1", 3}),
                                             animation("a3", "root/a/t.X", {"0 1", "0 1"}))));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 3u);
  const std::vector<Node>& n = r.scene->nodes;
  auto named = [&](std::string_view id) {
    for (size_t i = 0; i < n.size(); ++i) {
      if (n[i].collada_id == id) return static_cast<int>(i);
    }
    return -1;
  };
  EXPECT_EQ(animations[0].channels.at(0).target.node, named("b"));
  EXPECT_EQ(animations[1].channels.at(0).target.node, named("root"));
  // A sid of the address names a node; the next is looked up below it.
  EXPECT_EQ(animations[2].channels.at(0).target.node, named("deep"));
}

TEST(AnimationReader, ChannelsToMaterialsLightsAndCamerasAreDroppedWithOneCountedWarning) {
  std::string libraries =
      "<library_lights><light id=\"sun\"><technique_common><directional><color>1 1 1</color>"
      "</directional></technique_common></light></library_lights>"
      "<library_materials><material id=\"m\"/></library_materials>";
  ReadResult r = read_text(animated_document(
      kBox,
      cat(animation("a1", "sun/color.R", {"0 1", "0 1"}),
          animation("a2", "m/diffuse.G", {"0 1", "0 1"}),
          animation("a3", "nowhere/t", {"0 1", "0 1"}),
          animation("a4", "box/nosid", {"0 1", "0 1"}), animation("a5", "box/t.X", {"0 1", "0 1"})),
      libraries));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 5u);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(animations[i].channels.empty()) << i;
  EXPECT_EQ(animations[4].channels.size(), 1u);
  const std::vector<Diagnostic>& d = r.diagnostics.entries();
  int warnings = 0;
  for (const Diagnostic& e : d) {
    if (e.code != "collada.animation.target-unresolved") continue;
    ++warnings;
    EXPECT_EQ(e.count, 1);
    EXPECT_NE(e.message.find("4 animation channels"), std::string::npos) << e.message;
  }
  EXPECT_EQ(warnings, 1);
}

TEST(AnimationReader, KeysMustBeTheWidthTheirTargetTakes) {
  std::string nodes =
      "<node id=\"n\"><translate sid=\"t\">0 0 0</translate><rotate sid=\"r\">0 0 1 0</rotate>"
      "<matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>";
  std::string m16 = "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1";
  ReadResult r = read_text(animated_document(
      nodes,
      cat(animation("ok1", "n/t", {"0", "1 2 3", 3}), animation("ok2", "n/r.ANGLE", {"0", "45"}),
          animation("ok3", "n/m(3)", {"0", "1 2 3 1", 4}),
          animation("ok4", "n/m(3)(0)", {"0", "5"}), animation("ok5", "n/m", {"0", m16, 16}),
          animation("bad1", "n/t", {"0", "1", 1}), animation("bad2", "n/r.ANGLE", {"0", "1 2", 2}),
          animation("bad3", "n/m(3)", {"0", "1 2 3", 3}),
          animation("bad4", "n/m(3)(0)", {"0", "1 2 3 4", 4}))));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 9u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(animations[i].channels.size(), 1u) << i;
  for (int i = 5; i < 9; ++i) EXPECT_TRUE(animations[i].channels.empty()) << i;
  EXPECT_EQ(r.diagnostics.count("collada.animation.key-width"), 4);
}

TEST(AnimationReader, AFloat4x4ParamReadsSixteenValuesAndUnnamedParamsReadTheWholeStride) {
  std::string nodes =
      "<node id=\"n\"><matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix>"
      "<rotate sid=\"r\">0 0 1 0</rotate></node>";
  std::string m16 = "1 0 0 5 0 1 0 0 0 0 1 0 0 0 0 1";
  std::string anim = cat(
      "<animation id=\"a\"><source id=\"in\"><float_array id=\"in-a\" count=\"1\">0</float_array>"
      "<technique_common><accessor source=\"#in-a\" count=\"1\"><param name=\"TIME\" "
      "type=\"float\"/></accessor></technique_common></source>"
      "<source id=\"out\"><float_array id=\"out-a\" count=\"16\">",
      m16,
      "</float_array><technique_common><accessor source=\"#out-a\" count=\"1\" stride=\"16\">"
      "<param name=\"TRANSFORM\" type=\"float4x4\"/></accessor></technique_common></source>"
      "<source id=\"ang\"><float_array id=\"ang-a\" count=\"1\">30</float_array>"
      "<technique_common><accessor source=\"#ang-a\" count=\"1\" stride=\"1\"><param "
      "type=\"float\"/></accessor></technique_common></source>"
      "<sampler id=\"s\"><input semantic=\"INPUT\" source=\"#in\"/>"
      "<input semantic=\"OUTPUT\" source=\"#out\"/></sampler>"
      "<sampler id=\"s2\"><input semantic=\"INPUT\" source=\"#in\"/>"
      "<input semantic=\"OUTPUT\" source=\"#ang\"/></sampler>"
      "<channel source=\"#s\" target=\"n/m\"/><channel source=\"#s2\" target=\"n/r.ANGLE\"/>"
      "</animation>");
  ReadResult r = read_text(animated_document(nodes, anim));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  ASSERT_EQ(animations[0].channels.size(), 2u);
  EXPECT_EQ(animations[0].samplers[0]->values.cols, 16u);
  EXPECT_EQ(animations[0].samplers[0]->values.get(0, 3), 5);
  EXPECT_THAT(values(animations[0].samplers[1]->values), ElementsAre(30));
}

TEST(AnimationReader, ACopiedNodeGivesTheChannelATargetPerCopy) {
  std::string libraries =
      "<library_nodes><node id=\"arm\"><rotate sid=\"r\">0 0 1 0</rotate></node></library_nodes>";
  std::string nodes =
      "<node id=\"left\"><instance_node url=\"#arm\"/></node>"
      "<node id=\"right\"><instance_node url=\"#arm\"/></node>";
  ReadResult r = read_text(
      animated_document(nodes, animation("a", "arm/r.ANGLE", {"0 1", "0 90"}), libraries));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  ASSERT_EQ(animations[0].channels.size(), 2u);
  EXPECT_NE(animations[0].channels[0].target.node, animations[0].channels[1].target.node);
  EXPECT_EQ(animations[0].channels[0].sampler, animations[0].channels[1].sampler);
  EXPECT_EQ(animations[0].samplers.size(), 1u);
}

TEST(AnimationReader, NestedAnimationChannelsJoinTheirTopLevelAnimation) {
  ReadResult r = read_text(animated_document(
      kBox, cat("<animation id=\"outer\" name=\"Outer\">",
                animation("inner1", "box/t.X", {"0 1", "0 1"}), "<animation id=\"mid\">",
                animation("inner2", "box/t.Y", {"0 1", "0 1"}), "</animation></animation>")));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  EXPECT_EQ(animations[0].name, "Outer");
  ASSERT_EQ(animations[0].channels.size(), 2u);
  EXPECT_EQ(animations[0].channels[0].target.member, "X");
  EXPECT_EQ(animations[0].channels[1].target.member, "Y");
  EXPECT_EQ(animations[0].samplers.size(), 2u);
}

TEST(AnimationReader, ASamplerMissingAnInputOrDisagreeingOnKeysDropsItsChannelsWithAWarning) {
  std::string anim =
      cat("<animation id=\"a\">", float_source("in", "0 1", 1), float_source("out", "0 1 2", 1),
          "<sampler id=\"s1\"><input semantic=\"INPUT\" source=\"#in\"/></sampler>"
          "<sampler id=\"s2\"><input semantic=\"INPUT\" source=\"#in\"/>"
          "<input semantic=\"OUTPUT\" source=\"#out\"/></sampler>"
          "<channel source=\"#s1\" target=\"box/t.X\"/>"
          "<channel source=\"#s2\" target=\"box/t.Y\"/></animation>");
  ReadResult r = read_text(animated_document(kBox, anim));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  EXPECT_TRUE(animations[0].channels.empty());
  EXPECT_EQ(r.diagnostics.count("collada.animation.sampler-invalid"), 2);
}

TEST(AnimationReader, AChannelNamingNoSamplerOfTheDocumentIsRefused) {
  ReadResult r = read_text(animated_document(
      kBox, "<animation id=\"a\"><channel source=\"#missing\" target=\"box/t\"/></animation>"));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_NE(r.scene.status().message().find("collada.url.unresolved"), std::string::npos);
}

}  // namespace
}  // namespace px::animation_testing
