// Animations through the whole COLLADA writer (write_scene, its node plan included) and read
// back (spec collada.md, "Writing": W29, W30, W33; Known limitations: L5).
#include <gmock/gmock.h>

#include "polyxios/ops/animation_bake.h"
#include "tests/animation/animation_test_util.h"
#include "tests/formats/collada/write/animation_test_util.h"

namespace px::collada::testing {
namespace {

using animation_testing::animated_document;
using animation_testing::Keys;

size_t occurrences(std::string_view text, std::string_view what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The channels of every animation as "node-name path sid member", and their samplers' keys.
struct Flat {
  std::vector<std::string> targets;
  std::vector<std::vector<double>> times, values;
  std::vector<std::string> interpolations;
};

Flat flatten(const Scene& scene) {
  Flat out;
  for (const Animation& a : scene.animations) {
    for (const AnimationChannel& c : a.channels) {
      const Node& node = scene.nodes[c.target.node];
      out.targets.push_back(cat(a.name.value_or(""), ": ", node.collada_id.value_or(node.name), " ",
                                c.target.path_name(), " ", c.target.sid.value_or("-"), " ",
                                c.target.member));
      const AnimationSampler& s = *a.samplers[c.sampler];
      out.times.push_back(column_values(s.times));
      out.values.push_back(column_values(s.values));
      out.interpolations.push_back(s.interpolation);
    }
  }
  return out;
}

// W29: a COLLADA document's animated translate, rotate ANGLE and matrix nodes, read, written and
// read again, keep their channels and keys.
TEST(AnimationDocument, AColladaDocumentsAnimatedNodesRoundTrip) {
  const std::string nodes =
      "<node id=\"arm\" name=\"arm\"><translate sid=\"t\">1 2 3</translate>"
      "<rotate sid=\"rz\">0 0 1 30</rotate>"
      "<node id=\"hand\" name=\"hand\"><matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix>"
      "</node></node>";
  const std::string animations =
      cat(animation_testing::animation("move", "arm/t", Keys("0 1 2", "0 0 0 1 2 3 4 5 6", 3)),
          animation_testing::animation(
              "spin", "arm/rz.ANGLE",
              Keys("0 1", "30 90", 1, "BEZIER BEZIER", "-0.3 30 0.7 80", "0.3 40 1.3 90", 2)),
          animation_testing::animation(
              "grip", "hand/m",
              Keys("0 1", "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 2 0 0 0.1 0 2 0 0.2 0 0 2 0.3 0 0 0 1",
                   16)));
  ReadResult first = read_text(animated_document(nodes, animations));
  ASSERT_TRUE(first.scene.ok()) << first.scene.status();
  RoundTrip rt = write_and_read(*first.scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(warned(rt.written, "collada.write.animation-target-unbound"), 0);
  const Flat before = flatten(*first.scene);
  const Flat after = flatten(*rt.read.scene);
  ASSERT_EQ(before.targets.size(), 3u);
  EXPECT_EQ(after.targets, before.targets);
  EXPECT_EQ(after.times, before.times);
  EXPECT_EQ(after.values, before.values);
  EXPECT_EQ(after.interpolations, before.interpolations);
}

// W33: a channel on a node <instance_node> copies, which a read gives every copy, is written once
// for the node and reaches every copy again on read.
TEST(AnimationDocument, AChannelOnAnInstancedNodeIsWrittenOnceAndReachesEveryCopy) {
  const std::string text = document(
      cat("<library_animations>",
          animation_testing::animation("bob", "part/t", Keys("0 1", "0 0 0 0 1 0", 3)),
          "</library_animations><library_nodes><node id=\"part\"><translate sid=\"t\">0 0 0"
          "</translate></node></library_nodes><library_visual_scenes><visual_scene id=\"vs\">"
          "<node id=\"a\"><instance_node url=\"#part\"/></node>"
          "<node id=\"b\"><instance_node url=\"#part\"/></node>"
          "</visual_scene></library_visual_scenes><scene><instance_visual_scene "
          "url=\"#vs\"/></scene>"));
  ReadResult first = read_text(text);
  ASSERT_TRUE(first.scene.ok()) << first.scene.status();
  ASSERT_EQ(first.scene->animations[0].channels.size(), 2u);
  RoundTrip rt = write_and_read(*first.scene);
  ASSERT_TRUE(rt.written.text.ok());
  EXPECT_EQ(occurrences(*rt.written.text, "<channel "), 1u);
  EXPECT_EQ(warned(rt.written, "collada.write.animation-copy-only"), 0);
  ASSERT_TRUE(rt.read.scene.ok());
  const std::vector<Animation> back = rt.read.scene->animations;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].channels.size(), 2u);
}

// W30, L5: a glTF node's translation, rotation and scale channels come back as one matrix channel
// on its <matrix sid="transform">, holding glTF's values at its key times, and out of the glTF
// bake as translation, rotation and scale keys again.
TEST(AnimationDocument, AGltfAnimationRoundTripsAsMatrixKeys) {
  Scene scene;
  scene.nodes.resize(1);
  scene.nodes[0].name = "mover";
  scene.nodes[0].matrix(1, 3) = 5;
  scene.scenes.push_back({0});
  AnimationBuilder b{scene, {}};
  b.animation.name = "slide";
  b.sampler({0, 1, 2}, {0, 0, 0, 1, 0, 0, 1, 1, 0}, 3);
  b.channel(0, "translation");
  b.sampler({0, 2}, {1, 1, 1, 2, 2, 2}, 3, "STEP");
  b.channel(0, "scale");
  set_animations(scene, {b.animation});
  RoundTrip rt = write_and_read(scene);
  ASSERT_TRUE(rt.read.scene.ok());
  EXPECT_EQ(rt.written.diagnostics.warning_count(), 0);
  const std::vector<Animation> back = rt.read.scene->animations;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].name, "slide");
  ASSERT_EQ(back[0].channels.size(), 1u);
  EXPECT_EQ(back[0].channels[0].target.path_name(), "matrix");
  EXPECT_EQ(back[0].channels[0].target.sid, "transform");
  const AnimationSampler& s = *back[0].samplers[back[0].channels[0].sampler];
  EXPECT_EQ(s.interpolation, "LINEAR");
  ASSERT_EQ(s.times.rows, 4u);       // 0, 1, a float32 step before 2, 2
  EXPECT_EQ(s.values.get(1, 3), 1);  // the x translation at t = 1, row 0 column 3
  EXPECT_EQ(s.values.get(1, 0), 1);  // the scale before its step
  EXPECT_EQ(s.values.get(3, 0), 2);
  EXPECT_EQ(s.values.get(3, 7), 1);  // the y translation at t = 2

  BakedAnimations gltf = bake_animations(*rt.read.scene);
  ASSERT_EQ(gltf.animations.size(), 1u);
  ASSERT_EQ(gltf.animations[0].channels.size(), 3u);
  const BakedSampler& translation = gltf.animations[0].samplers[0];
  EXPECT_EQ(translation.times.size(), 4u);
  EXPECT_EQ(translation.values[3], 1);
}

// W33: a channel naming a node no scene reaches is dropped with a warning.
TEST(AnimationDocument, AChannelOnANodeNoSceneReachesIsDropped) {
  Scene scene;
  scene.nodes.resize(2);
  scene.scenes.push_back({0});
  AnimationBuilder b{scene, {}};
  b.sampler({0, 1}, {0, 0, 0, 1, 0, 0}, 3);
  b.channel(1, "translation");
  set_animations(scene, {b.animation});
  Written w = write_text(scene);
  ASSERT_TRUE(w.text.ok());
  EXPECT_EQ(warned(w, "collada.write.animation-node-missing"), 1);
  EXPECT_EQ(warned(w, "collada.write.animation-empty"), 1);
  EXPECT_THAT(*w.text, ::testing::Not(::testing::HasSubstr("library_animations")));
}

}  // namespace
}  // namespace px::collada::testing
