// Tests of formats/collada/write/animation_writer.cc, a test per rule of spec/collada.md "Writing":
// channels on the written transform sids (W29), channels without a sid bound by path (W32), on
// nodes no scene reaches or on instance copies (W33). The node plans are filled by hand and the
// document read back holds nodes spelled as they say.
#include <gmock/gmock.h>

#include "tests/formats/collada/write/animation_test_util.h"

namespace px::collada::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A node spelled <translate sid="t"> <rotate sid="r"> <scale sid="s">, as a COLLADA read keeps it.
NodePlan trs_elements_node(std::string id = "n0") {
  return written_node(std::move(id),
                      {element("translate", "t", {1, 2, 3}), element("rotate", "r", {0, 0, 1, 30}),
                       element("scale", "s", {1, 1, 1})});
}

Scene scene_of_nodes(size_t nodes) {
  Scene scene;
  scene.nodes.resize(nodes);
  for (size_t n = 0; n < nodes; ++n) scene.nodes[n].name = cat("node", n);
  scene.scenes.push_back({0});
  return scene;
}

// W29: a COLLADA channel targets the element whose sid the written node has, with its member:
// keys, times, interpolations and tangents read back as they were.
TEST(AnimationWriter, ColladaChannelsTargetTheWrittenSidAndReadBackTheSame) {
  Scene scene = scene_of_nodes(1);
  AnimationBuilder b{scene, {}};
  b.animation.name = "walk";
  b.sampler({0, 0.5, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, "LINEAR", true);
  b.channel(0, "translation", "t");
  AnimationSampler& angle = b.sampler({0, 1}, {30, 90}, 1, "BEZIER", true);
  angle.in_tangents = column(scene, std::vector<double>{-0.3, 30, 0.7, 80}, 2);
  angle.out_tangents = column(scene, std::vector<double>{0.3, 40, 1.3, 90}, 2);
  b.channel(0, "rotation", "r", "ANGLE");
  AnimationSampler& step = b.sampler({0, 0.25, 2}, {1, 2, 0.5}, 1, "LINEAR", true);
  step.interpolation = "STEP";  // the first key's
  step.interpolations = {"STEP", "LINEAR", "LINEAR"};
  b.channel(0, "scale", "s", "X");
  set_animations(scene, {b.animation});

  AnimationPlanned planned = plan_and_write(scene, {trs_elements_node()});
  ASSERT_TRUE(planned.status.ok());
  EXPECT_EQ(planned.diagnostics.warning_count(), 0);
  EXPECT_THAT(planned.library, HasSubstr("target=\"n0/t\""));
  EXPECT_THAT(planned.library, HasSubstr("target=\"n0/r.ANGLE\""));
  EXPECT_THAT(planned.library, HasSubstr("target=\"n0/s.X\""));
  ReadResult read;
  std::vector<Animation> back = read_back(planned, &read);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].name, "walk");
  ASSERT_EQ(back[0].channels.size(), 3u);
  const Animation original = scene.animations[0];
  for (size_t c = 0; c < 3; ++c) {
    const AnimationChannel& got = back[0].channels[c];
    const AnimationChannel& want = original.channels[c];
    EXPECT_EQ(got.target.node, 0);
    EXPECT_EQ(got.target.path, want.target.path);
    EXPECT_EQ(got.target.sid, want.target.sid);
    EXPECT_EQ(got.target.member, want.target.member);
    const AnimationSampler& s = *back[0].samplers[got.sampler];
    const AnimationSampler& w = *original.samplers[want.sampler];
    EXPECT_EQ(column_values(s.times), column_values(w.times));
    EXPECT_EQ(column_values(s.values), column_values(w.values));
    EXPECT_EQ(s.interpolation, w.interpolation);
    EXPECT_EQ(s.interpolations, w.interpolations);
    EXPECT_EQ(s.in_tangents.has_value(), w.in_tangents.has_value());
    if (s.in_tangents && w.in_tangents) {
      EXPECT_EQ(column_values(*s.in_tangents), column_values(*w.in_tangents));
      EXPECT_EQ(column_values(*s.out_tangents), column_values(*w.out_tangents));
    }
  }
  EXPECT_EQ(read.diagnostics.warning_count(), 0);
}

// W29: a <matrix> member (i)(j) is one cell (column i, row j) and (i) a column of four values,
// written as the address spells them; float32 keys are written in float32's shortest form and
// read back bit-identical as float32.
TEST(AnimationWriter, MatrixMembersAndFloat32KeysReadBackBitIdentical) {
  Scene scene = scene_of_nodes(1);
  AnimationBuilder b{scene, {}};
  b.sampler({0, 0.1, 1.0 / 3}, {0.1, 0.2, 1.0 / 3}, 1);  // float32
  b.channel(0, "matrix", "m", "(3)(0)");
  b.sampler({0, 1}, {1, 0, 0, 0, 0.7, 0.1, 0.2, 0}, 4);
  b.channel(0, "matrix", "m", "(1)");
  set_animations(scene, {b.animation});
  std::vector<double> identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  AnimationPlanned planned =
      plan_and_write(scene, {written_node("n0", {element("matrix", "m", identity)})});
  EXPECT_EQ(planned.diagnostics.warning_count(), 0);
  EXPECT_THAT(planned.library, HasSubstr("target=\"n0/m(3)(0)\""));
  EXPECT_THAT(planned.library, HasSubstr("target=\"n0/m(1)\""));
  EXPECT_THAT(planned.library, HasSubstr(">0 0.1 0.33333334<"));  // float32's shortest form
  ReadResult read;
  std::vector<Animation> back = read_back(planned, &read);
  ASSERT_EQ(back.size(), 1u);
  ASSERT_EQ(back[0].channels.size(), 2u);
  EXPECT_EQ(back[0].channels[0].target.member, "(3)(0)");
  EXPECT_EQ(back[0].channels[1].target.member, "(1)");
  const AnimationSampler& s = *back[0].samplers[back[0].channels[0].sampler];
  // The reader parses them as float64: as float32 they are the keys written.
  EXPECT_EQ(static_cast<float>(s.times.get(2, 0)), 1.0f / 3);
  EXPECT_EQ(static_cast<float>(s.values.get(1, 0)), 0.2f);
  EXPECT_EQ(back[0].samplers[back[0].channels[1].sampler]->values.cols, 4u);
}

// W29: a channel is dropped with a warning when the written node has no element of its sid, its
// member is neither a name nor (i)(j) indices, its keys are not the target's width, its sampler
// has no keys, keys that are not finite or times that do not increase, BEZIER keys without both
// tangents, or when it animates a target an earlier channel animates; an animation left with no
// channel is not written.
TEST(AnimationWriter, BadChannelsAreDroppedWithAWarningAndAnEmptyAnimationIsNotWritten) {
  Scene scene = scene_of_nodes(1);
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 1}, 1);
  b.channel(0, "translation", "gone", "X");  // no such sid
  b.channel(0, "rotation", "t", "ANGLE");    // sid t is a <translate>, not a <rotate>
  b.channel(0, "translation", "t", "X.Y");   // member neither name nor indices
  b.channel(0, "translation", "t", "(0");
  b.channel(0, "translation", "t");  // 1 value, a <translate> takes 3
  b.sampler({}, {}, 1);
  b.channel(0, "translation", "t", "X");  // no keys
  b.sampler({0, 1}, {0, NAN}, 1, "LINEAR", true);
  b.channel(0, "translation", "t", "X");  // not finite
  b.sampler({1, 1}, {0, 1}, 1);
  b.channel(0, "translation", "t", "X");  // times do not increase
  b.sampler({0, 1}, {0, 1}, 1, "BEZIER");
  b.channel(0, "translation", "t", "X");  // BEZIER without tangents
  b.sampler({0, 1}, {0, 1}, 1, "CUBICSPLINE");
  b.channel(0, "translation", "t", "Y");  // not a COLLADA interpolation
  b.sampler({0, 1}, {0, 0, 0, 1, 1, 1}, 3);
  b.channel(0, "translation", "t");  // kept
  b.sampler({0, 1}, {0, 1}, 1);
  b.channel(0, "translation", "t", "Z");  // a value the channel before animates
  AnimationBuilder e{scene, {}};
  e.animation.name = "nothing";
  e.sampler({0, 1}, {0, 1}, 1);
  e.channel(0, "translation", "gone", "X");
  set_animations(scene, {b.animation, e.animation});

  AnimationPlanned planned = plan_and_write(scene, {trs_elements_node()});
  const Diagnostics& d = planned.diagnostics;
  EXPECT_EQ(d.count("collada.write.animation-target-unbound"), 3);
  EXPECT_EQ(d.count("collada.write.animation-member-invalid"), 2);
  EXPECT_EQ(d.count("collada.write.animation-key-width"), 1);
  EXPECT_EQ(d.count("collada.write.animation-keys-invalid"), 4);
  EXPECT_EQ(d.count("collada.write.animation-interpolation-unknown"), 1);
  EXPECT_EQ(d.count("collada.write.animation-target-repeated"), 1);
  EXPECT_EQ(d.count("collada.write.animation-empty"), 1);
  ASSERT_EQ(planned.plan.animations.animations.size(), 1u);
  ASSERT_EQ(planned.plan.animations.animations[0].channels.size(), 1u);
  EXPECT_EQ(planned.plan.animations.animations[0].channels[0].target, "n0/t");
  ReadResult read;
  std::vector<Animation> back = read_back(planned, &read);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].channels.size(), 1u);
}

// W29: an unnamed animation gets a generated id, which the reader reads back as its name; ids
// never collide with the nodes'.
TEST(AnimationWriter, AnUnnamedAnimationGetsAGeneratedIdReadBackAsItsName) {
  Scene scene = scene_of_nodes(1);
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 1}, 1);
  b.channel(0, "translation", "t", "X");
  AnimationBuilder named{scene, {}};
  named.animation.name = "animation";
  named.sampler({0, 1}, {0, 1}, 1);
  named.channel(0, "translation", "t", "Y");
  set_animations(scene, {b.animation, named.animation});
  AnimationPlanned planned = plan_and_write(scene, {trs_elements_node("animation")});
  ReadResult read;
  std::vector<Animation> back = read_back(planned, &read);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_FALSE(back[0].name_or_empty().empty());
  EXPECT_NE(back[0].name, "animation");  // the node holds that id
  EXPECT_EQ(back[1].name, "animation");
  EXPECT_NE(planned.plan.animations.animations[1].id, "animation");
  EXPECT_EQ(planned.plan.animations.animations[0].id, back[0].name);
}

// W32: a channel without a sid on a node spelled with its own elements binds by path to the one
// element of that kind, when its keys hold the whole value and COLLADA names its interpolation.
TEST(AnimationWriter, AChannelWithoutASidBindsByPathToTheOneElementOfItsKind) {
  Scene scene = scene_of_nodes(1);
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 0, 0, 1, 2, 3}, 3, "STEP");
  b.channel(0, "translation");
  b.sampler({0, 1}, {1, 1, 1, 2, 2, 2}, 3);
  b.channel(0, "scale");
  set_animations(scene, {b.animation});
  AnimationPlanned planned = plan_and_write(scene, {trs_elements_node()});
  EXPECT_EQ(planned.diagnostics.warning_count(), 0);
  ReadResult read;
  std::vector<Animation> back = read_back(planned, &read);
  ASSERT_EQ(back.size(), 1u);
  ASSERT_EQ(back[0].channels.size(), 2u);
  EXPECT_EQ(back[0].channels[0].target.sid, "t");
  EXPECT_EQ(back[0].channels[1].target.sid, "s");
  EXPECT_EQ(back[0].samplers[back[0].channels[0].sampler]->interpolation, "STEP");
  EXPECT_THAT(column_values(back[0].samplers[back[0].channels[0].sampler]->values),
              ElementsAre(0, 0, 0, 1, 2, 3));
}

// W32: it does not bind, with a warning, when it is a rotation, when the node spells no or two
// elements of its kind or one without a sid, when its keys are not the element's whole value, or
// when its interpolation is glTF's CUBICSPLINE.
TEST(AnimationWriter, AChannelWithoutASidDoesNotBindOtherwise) {
  Scene scene = scene_of_nodes(3);
  scene.scenes[0] = {0, 1, 2};
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 0, 0, 1, 0, 0, 0, 1}, 4);
  b.channel(0, "rotation");  // a quaternion
  b.sampler({0, 1}, {0, 0, 0, 1, 2, 3}, 3);
  b.channel(1, "translation");  // two <translate>
  b.channel(1, "scale");        // no <scale>
  b.channel(2, "scale");        // a <scale> without a sid
  b.sampler({0, 1}, {0, 1}, 1);
  b.channel(0, "translation");  // one value per key
  b.sampler({0, 1}, std::vector<double>(18, 0), 3, "CUBICSPLINE");
  b.channel(0, "scale");
  set_animations(scene, {b.animation});
  AnimationPlanned planned = plan_and_write(
      scene, {trs_elements_node(),
              written_node("n1", {element("translate", "a", {0, 0, 0}),
                                  element("translate", "b", {0, 0, 0})}),
              written_node(
                  "n2", {element("scale", "", {1, 1, 1}), element("translate", "t", {0, 0, 0})})});
  EXPECT_EQ(planned.diagnostics.count("collada.write.animation-path-unbound"), 6);
  EXPECT_TRUE(planned.plan.animations.animations.empty());
  EXPECT_EQ(planned.diagnostics.count("collada.write.animation-empty"), 1);
  EXPECT_THAT(planned.library, ::testing::Not(HasSubstr("library_animations")));
}

// W33: a channel naming a node no scene reaches, or one the scene does not have, is dropped with
// a warning; a glTF pointer channel on what COLLADA has no parameter for (a material's alpha
// cutoff; pointer_channels_test.cc has the others) has no COLLADA target, nor a weights channel on
// a node whose mesh has no morph targets written (collada.write.morph-dropped).
TEST(AnimationWriter, AChannelOnANodeNoSceneReachesIsDroppedWithAWarning) {
  Scene scene = scene_of_nodes(2);
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 1}, 1);
  b.channel(1, "translation", "t", "X");  // node 1 is not written
  b.channel(7, "translation", "t", "X");  // no node 7
  b.channel(0, "weights");
  b.channel(-1, "pointer").target.pointer = "/materials/0/alphaCutoff";
  b.channel(0, "translation", "t", "X");
  set_animations(scene, {b.animation});
  NodePlan unwritten;
  AnimationPlanned planned = plan_and_write(scene, {trs_elements_node(), unwritten});
  EXPECT_EQ(planned.diagnostics.count("collada.write.animation-node-missing"), 2);
  EXPECT_EQ(planned.diagnostics.count("collada.write.animation-path-unsupported"), 1);
  EXPECT_EQ(planned.diagnostics.count("collada.write.morph-dropped"), 1);
  ASSERT_EQ(planned.plan.animations.animations.size(), 1u);
  EXPECT_EQ(planned.plan.animations.animations[0].channels.size(), 1u);
}

// W33: a channel on an <instance_node> copy is written once for the node it copies: silently when
// the node holds it too (as a read gives every copy the channel), with a warning when only a copy
// holds it, since it then reaches every instance.
TEST(AnimationWriter, AChannelOnAnInstanceCopyIsWrittenOnceForTheNode) {
  Scene scene = scene_of_nodes(3);
  scene.scenes[0] = {0, 1, 2};
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 1}, 1);
  b.channel(0, "translation", "t", "X");
  b.channel(1, "translation", "t", "X");  // the copy's, as a read gives it
  b.channel(2, "translation", "t", "X");
  b.sampler({0, 1}, {5, 6}, 1);
  b.channel(2, "translation", "t", "Y");  // only the second copy holds it
  set_animations(scene, {b.animation});
  NodePlan copy1 = trs_elements_node("");
  copy1.copy_of = 0;
  NodePlan copy2 = copy1;
  AnimationPlanned planned = plan_and_write(scene, {trs_elements_node(), copy1, copy2});
  EXPECT_EQ(planned.diagnostics.count("collada.write.animation-target-repeated"), 0);
  EXPECT_EQ(planned.diagnostics.count("collada.write.animation-copy-only"), 1);
  ASSERT_EQ(planned.plan.animations.animations.size(), 1u);
  const auto& channels = planned.plan.animations.animations[0].channels;
  ASSERT_EQ(channels.size(), 2u);
  EXPECT_EQ(channels[0].target, "n0/t.X");
  EXPECT_EQ(channels[1].target, "n0/t.Y");
}

}  // namespace
}  // namespace px::collada::testing
