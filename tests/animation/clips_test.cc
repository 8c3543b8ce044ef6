// COLLADA animation clips read (formats/collada/read/animation_clips.h, animations.h) and played
// by the glTF bake (polyxios/ops/animation_bake.h, polyxios/ops/node_rebuild.h): one animation per
// <animation_clip>, its channels those of the animations it plays, cut to its window and moved to
// start at 0.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "polyxios/ops/animation_bake.h"
#include "tests/animation/animation_test_util.h"

namespace px::animation_testing {
namespace {

using ::testing::DoubleNear;
using ::testing::ElementsAre;
using ::testing::Pointwise;

constexpr std::string_view kBox =
    "<node id=\"box\" name=\"Box\"><translate sid=\"t\">1 2 3</translate>"
    "<rotate sid=\"rz\">0 0 1 0</rotate><scale sid=\"s\">1 1 1</scale></node>";

// X runs 0 to 4 over 0 to 4 s; Y likewise; the scale's X from 1 to 2.
const std::string kAnimations =
    cat(animation("x", "box/t.X", {"0 4", "0 4"}), animation("y", "box/t.Y", {"0 4", "0 4"}),
        animation("sx", "box/s.X", {"0 1", "1 2"}));

std::string clips(std::string_view body) {
  return cat("<library_animation_clips>", body, "</library_animation_clips>");
}

TEST(AnimationClips, EachClipIsOneAnimationOfTheChannelsItPlaysWithItsWindow) {
  ReadResult r = read_text(animated_document(
      kBox, kAnimations,
      clips("<animation_clip id=\"walk-id\" name=\"walk\" start=\"1\" end=\"2\">"
            "<instance_animation url=\"#x\"/><instance_animation url=\"#y\"/></animation_clip>"
            "<animation_clip id=\"run\" start=\"3\" end=\"4\">"
            "<instance_animation url=\"#x\"/></animation_clip>")));
  std::vector<Animation> animations = read_animations(r);
  // The animation no clip plays first, as before; then the clips in document order.
  ASSERT_EQ(animations.size(), 3u);
  EXPECT_EQ(animations[0].name, "sx");
  EXPECT_FALSE(animations[0].clip);
  const Animation& walk = animations[1];
  EXPECT_EQ(walk.name, "walk");
  ASSERT_TRUE(walk.clip);
  EXPECT_EQ(walk.clip->start, 1);
  EXPECT_EQ(walk.clip->end, 2);
  ASSERT_EQ(walk.channels.size(), 2u);
  EXPECT_EQ(walk.channels[0].target.member, "X");
  EXPECT_EQ(walk.channels[1].target.member, "Y");
  EXPECT_EQ(walk.channels[1].sampler, 1);
  // The keys stay whole: the writers cut them.
  EXPECT_THAT(values(walk.samplers[0]->times), ElementsAre(0, 4));
  // An animation two clips play is in each; the clip without a name is named by its id.
  const Animation& run = animations[2];
  EXPECT_EQ(run.name, "run");
  ASSERT_TRUE(run.clip);
  EXPECT_EQ(run.clip->start, 3);
  ASSERT_EQ(run.channels.size(), 1u);
  EXPECT_EQ(run.channels[0].target.member, "X");
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(AnimationClips, AClipPlayingAnAnimationInsideAnotherTakesItFromThere) {
  const std::string nested =
      cat("<animation id=\"outer\">", animation("x", "box/t.X", {"0 4", "0 4"}),
          animation("y", "box/t.Y", {"0 4", "0 4"}), "</animation>");
  ReadResult r = read_text(
      animated_document(kBox, nested,
                        clips("<animation_clip id=\"c\" end=\"4\"><instance_animation url=\"#y\"/>"
                              "</animation_clip>")));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 2u);
  EXPECT_EQ(animations[0].name, "outer");
  ASSERT_EQ(animations[0].channels.size(), 1u);
  EXPECT_EQ(animations[0].channels[0].target.member, "X");
  EXPECT_EQ(animations[1].name, "c");
  ASSERT_EQ(animations[1].channels.size(), 1u);
  EXPECT_EQ(animations[1].channels[0].target.member, "Y");
  ASSERT_TRUE(animations[1].clip);
  EXPECT_EQ(animations[1].clip->start, 0);  // start's default
}

TEST(AnimationClips, AnAnimationInstancedTwiceByOneClipPlaysOnce) {
  ReadResult r = read_text(animated_document(
      kBox, kAnimations,
      clips("<animation_clip id=\"c\" start=\"0\" end=\"4\"><instance_animation url=\"#x\"/>"
            "<instance_animation url=\"#x\"/></animation_clip>")));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 3u);
  EXPECT_EQ(animations[2].name, "c");
  EXPECT_EQ(animations[2].channels.size(), 1u);
}

TEST(AnimationClips, AClipWithoutAnEndRunsToItsLastKeyWithANote) {
  ReadResult r = read_text(animated_document(
      kBox, kAnimations,
      clips("<animation_clip id=\"c\" start=\"0.5\"><instance_animation url=\"#x\"/>"
            "<instance_animation url=\"#sx\"/></animation_clip>")));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 2u);
  ASSERT_TRUE(animations[1].clip);
  EXPECT_EQ(animations[1].clip->start, 0.5);
  EXPECT_EQ(animations[1].clip->end, 4);
  EXPECT_EQ(r.diagnostics.count("collada.clip.open-end"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(AnimationClips, UnresolvedInstancesAndInvalidWindowsAreWarnedAndSkipped) {
  ReadResult r = read_text(animated_document(
      kBox, kAnimations,
      clips("<animation_clip id=\"missing\"><instance_animation url=\"#nowhere\"/>"
            "<instance_animation url=\"#x\"/></animation_clip>"
            "<animation_clip id=\"node\" end=\"1\"><instance_animation url=\"#box\"/>"
            "</animation_clip>"
            "<animation_clip id=\"other\" end=\"1\">"
            "<instance_animation url=\"other.dae#x\"/></animation_clip>"
            "<animation_clip id=\"backwards\" start=\"2\" end=\"1\">"
            "<instance_animation url=\"#y\"/></animation_clip>"
            "<animation_clip id=\"nan\" start=\"NaN\" end=\"1\">"
            "<instance_animation url=\"#y\"/></animation_clip>"
            "<animation_clip id=\"inf\" end=\"INF\"><instance_animation url=\"#y\"/>"
            "</animation_clip>"
            "<animation_clip id=\"text\" end=\"soon\"><instance_animation url=\"#y\"/>"
            "</animation_clip>"
            // Longer than float32 holds, given or as an open end reaches the last key.
            "<animation_clip id=\"long\" start=\"-1e39\" end=\"1\">"
            "<instance_animation url=\"#y\"/></animation_clip>"
            "<animation_clip id=\"open\" start=\"-1e39\"><instance_animation url=\"#y\"/>"
            "</animation_clip>")));
  std::vector<Animation> animations = read_animations(r);
  // Only dropped clips name y: it plays on its own, as sx does; x plays in the clip kept.
  std::vector<std::string> names;
  for (const Animation& a : animations) names.push_back(std::string(a.name_or_empty()));
  EXPECT_THAT(names, ElementsAre("y", "sx", "missing"));
  ASSERT_EQ(animations[2].channels.size(), 1u);
  // #nowhere, #box, other.dae#x; and the two clips left with no animation.
  EXPECT_EQ(r.diagnostics.count("collada.clip.unresolved"), 5);
  EXPECT_EQ(r.diagnostics.count("collada.clip.window-invalid"), 6);
}

TEST(AnimationClips, ASecondClipPlayingAnAnimationCountsItsChannelsAgainstTheTargetCap) {
  // 65536 copies of n0 and four channels on it: 262144 targets, as many as the copies may number.
  std::string library = "<library_nodes><node id=\"n0\"><rotate sid=\"r\">0 0 1 0</rotate></node>";
  for (int k = 1; k <= 16; ++k) {
    library += cat("<node id=\"n", k, "\"><instance_node url=\"#n", k - 1,
                   "\"/><instance_node url=\"#n", k - 1, "\"/></node>");
  }
  library += "</library_nodes>";
  std::string anim = cat("<animation id=\"a\">", sampler("s", {"0 1", "0 90"}));
  for (int c = 0; c < 4; ++c) anim += "<channel source=\"#s\" target=\"n0/r.ANGLE\"/>";
  anim += "</animation>";
  auto document = [&](int clip_count) {
    std::string clip_library = "<library_animation_clips>";
    for (int c = 0; c < clip_count; ++c) {
      clip_library += cat("<animation_clip id=\"c", c,
                          "\" end=\"1\"><instance_animation url=\"#a\"/></animation_clip>");
    }
    return animated_document("<node id=\"top\"><instance_node url=\"#n16\"/></node>", anim,
                             cat(library, clip_library, "</library_animation_clips>"));
  };
  ReadResult r = read_text(document(1));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(read_animations(r).size(), 1u);
  // A second clip doubles them: the document is refused rather than grown.
  r = read_text(document(2));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(r.scene.status().code(), absl::StatusCode::kResourceExhausted) << r.scene.status();
  EXPECT_EQ(std::string(r.scene.status().message()).rfind("collada.animation.targets-cap", 0), 0u)
      << r.scene.status();
}

// The translation sampler of the baked animation named `name`.
const BakedSampler* translation(const BakedAnimations& baked, std::string_view name) {
  for (const BakedAnimation& a : baked.animations) {
    if (a.name != name) continue;
    for (const BakedChannel& c : a.channels) {
      if (c.path == TargetPath::kTranslation) return &a.samplers[c.sampler];
    }
  }
  return nullptr;
}

TEST(AnimationClips, TheBakeCutsAClipToItsWindowAndStartsItAtZero) {
  ReadResult r =
      read_text(animated_document(kBox, kAnimations,
                                  clips("<animation_clip id=\"mid\" start=\"1.5\" end=\"2.5\">"
                                        "<instance_animation url=\"#x\"/></animation_clip>"
                                        "<animation_clip id=\"past\" start=\"3\" end=\"6\">"
                                        "<instance_animation url=\"#y\"/></animation_clip>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  BakedAnimations baked = bake_animations(*r.scene);
  EXPECT_TRUE(baked.notes.empty());
  ASSERT_EQ(baked.animations.size(), 3u);
  EXPECT_EQ(baked.animations[0].name, "sx");
  // Keys at the window's edges, the curve followed there: x = t.
  const BakedSampler* mid = translation(baked, "mid");
  ASSERT_NE(mid, nullptr);
  EXPECT_THAT(mid->times, ElementsAre(0, 1));
  EXPECT_THAT(mid->values, Pointwise(DoubleNear(1e-12), {1.5, 2.0, 3.0, 2.5, 2.0, 3.0}));
  // Past the last key the value holds.
  const BakedSampler* past = translation(baked, "past");
  ASSERT_NE(past, nullptr);
  EXPECT_THAT(past->times, ElementsAre(0, 1, 3));
  EXPECT_THAT(past->values,
              Pointwise(DoubleNear(1e-12), {1.0, 3.0, 3.0, 1.0, 4.0, 3.0, 1.0, 4.0, 3.0}));
}

TEST(AnimationClips, ClipsOnDifferentNodesStaySeparateAnimations) {
  // Without clips the bake joins animations that animate different values into one; clips play
  // alone.
  ReadResult r = read_text(
      animated_document(kBox, kAnimations,
                        clips("<animation_clip id=\"a\" end=\"4\"><instance_animation url=\"#x\"/>"
                              "</animation_clip><animation_clip id=\"b\" end=\"1\">"
                              "<instance_animation url=\"#sx\"/></animation_clip>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  BakedAnimations baked = bake_animations(*r.scene);
  std::vector<std::string> names;
  for (const BakedAnimation& a : baked.animations) names.push_back(a.name);
  EXPECT_THAT(names, ElementsAre("y", "a", "b"));
}

}  // namespace
}  // namespace px::animation_testing
