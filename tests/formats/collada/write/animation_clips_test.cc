// <library_animation_clips> written (formats/collada/write/animation_writer.h): a COLLADA clip's
// window back, a clip per glTF animation when two or more are written, and the clips' names,
// windows and channels kept through COLLADA -> glTF -> COLLADA -> glTF. Every document is saved
// for the schema check (collada_write_schema).
#include <gmock/gmock.h>

#include "formats/gltf/read/gltf_reader.h"
#include "tests/animation/animation_test_util.h"
#include "tests/formats/collada/write/animation_test_util.h"
#include "tests/formats/collada/write/write_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::collada::testing {
namespace {

using animation_testing::animated_document;
using animation_testing::animation;
using animation_testing::values;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr std::string_view kBox =
    "<node id=\"box\" name=\"Box\"><translate sid=\"t\">1 2 3</translate>"
    "<rotate sid=\"rz\">0 0 1 0</rotate><scale sid=\"s\">1 1 1</scale></node>";

// Two clips over x and y (x in both), and sx that no clip plays.
std::string clip_document() {
  return animated_document(
      kBox,
      cat(animation("x", "box/t.X", {"0 1 2 3 4", "0 1 0 1 0"}),
          animation("y", "box/t.Y", {"0 4", "0 4"}), animation("sx", "box/s.X", {"0 1", "1 2"})),
      "<library_animation_clips>"
      "<animation_clip id=\"walk-id\" name=\"walk\" start=\"1\" end=\"2.5\">"
      "<instance_animation url=\"#x\"/><instance_animation url=\"#y\"/></animation_clip>"
      "<animation_clip id=\"run\" start=\"3\" end=\"4\">"
      "<instance_animation url=\"#x\"/></animation_clip></library_animation_clips>");
}

std::vector<std::string> names(const std::vector<Animation>& animations) {
  std::vector<std::string> out;
  for (const Animation& a : animations) out.push_back(a.name.value_or(""));
  return out;
}

TEST(AnimationClipWriter, AColladaClipIsWrittenBackWithItsWindow) {
  ReadResult first = read_text(clip_document());
  ASSERT_TRUE(first.scene.ok()) << first.scene.status();
  RoundTrip trip = write_and_read(*first.scene);
  ASSERT_TRUE(trip.read.scene.ok());
  EXPECT_EQ(trip.written.diagnostics.warning_count(), 0);
  EXPECT_THAT(*trip.written.text,
              HasSubstr("<animation_clip id=\"walk-clip\" name=\"walk\" start=\"1\" end=\"2.5\">\n"
                        "      <instance_animation url=\"#walk\"/>"));
  const std::vector<Animation> before = first.scene->animations;
  const std::vector<Animation> after = trip.read.scene->animations;
  EXPECT_THAT(names(after), ElementsAre("sx", "walk", "run"));
  ASSERT_EQ(after.size(), before.size());
  for (size_t a = 0; a < after.size(); ++a) {
    EXPECT_EQ(after[a].clip.has_value(), before[a].clip.has_value()) << a;
    if (after[a].clip && before[a].clip) {
      EXPECT_EQ(after[a].clip->start, before[a].clip->start);
      EXPECT_EQ(after[a].clip->end, before[a].clip->end);
    }
    // The channels whole, with their keys.
    ASSERT_EQ(after[a].channels.size(), before[a].channels.size()) << a;
    for (size_t c = 0; c < after[a].channels.size(); ++c) {
      EXPECT_EQ(values(after[a].samplers[after[a].channels[c].sampler]->times),
                values(before[a].samplers[before[a].channels[c].sampler]->times));
    }
  }
}

// A glTF scene of one node and `count` animations, "take0", "take1", ..., animation i moving
// the node over [0, i + 1] s.
Scene gltf_scene(size_t count) {
  Scene scene = gltf::testing::triangle_scene();
  for (size_t i = 0; i < count; ++i) {
    Animation& a = scene.animations.emplace_back();
    a.name = cat("take", i);
    AnimationSampler& s = a.samplers.emplace_back().emplace();
    const double end = static_cast<double>(i + 1);
    s.times = column(scene, std::vector<double>{0, end}, 1);
    s.values = column(scene, std::vector<double>{0, 0, 0, end, 0, 0}, 3);
    s.interpolation = "LINEAR";
    a.channels.push_back(
        {0, {0, TargetPath::kTranslation, "", std::nullopt, "", ""}, std::nullopt});
  }
  return scene;
}

TEST(AnimationClipWriter, GltfAnimationsGetAClipEachFromZeroToTheirLastKeyWhenTwoOrMore) {
  RoundTrip two = write_and_read(gltf_scene(2));
  ASSERT_TRUE(two.read.scene.ok());
  EXPECT_THAT(*two.written.text,
              HasSubstr("<animation_clip id=\"take1-clip\" name=\"take1\" start=\"0\" end=\"2\">\n"
                        "      <instance_animation url=\"#take1\"/>"));
  const std::vector<Animation> read = two.read.scene->animations;
  EXPECT_THAT(names(read), ElementsAre("take0", "take1"));
  ASSERT_TRUE(read[0].clip);
  EXPECT_EQ(read[0].clip->start, 0);
  EXPECT_EQ(read[0].clip->end, 1);
  // One animation plays alone in COLLADA too: no clip.
  RoundTrip one = write_and_read(gltf_scene(1));
  EXPECT_THAT(*one.written.text, Not(HasSubstr("library_animation_clips")));
}

// The glTF animations written: per animation, its name, channel count and last key time.
std::vector<std::string> gltf_animations(const Scene& scene) {
  gltf::testing::Parsed p = gltf::testing::write_gltf(scene);
  std::vector<std::string> out;
  if (!p.doc.HasMember("animations")) return out;
  for (const auto& a : p.doc["animations"].GetArray()) {
    float end = 0;
    for (const auto& s : a["samplers"].GetArray()) {
      end = std::max(end, p.doc["accessors"][s["input"].GetInt()]["max"][0].GetFloat());
    }
    out.push_back(
        cat(a.HasMember("name") ? a["name"].GetString() : "", " ", a["channels"].Size(), " ", end));
  }
  return out;
}

TEST(AnimationClipWriter, ClipsKeepTheirNamesWindowsAndChannelsThroughGltfAndBack) {
  ReadResult first = read_text(clip_document());
  ASSERT_TRUE(first.scene.ok()) << first.scene.status();
  const std::vector<std::string> once = gltf_animations(*first.scene);
  // sx, then the clips cut to their windows and started at 0.
  EXPECT_THAT(once, ElementsAre("sx 3 1", "walk 3 1.5", "run 3 1"));
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(*first.scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  absl::StatusOr<Scene> from_gltf = gltf::read_memory(glb->json, {}, ReadOptions(), diagnostics);
  ASSERT_TRUE(from_gltf.ok()) << from_gltf.status();
  RoundTrip trip = write_and_read(*from_gltf);
  ASSERT_TRUE(trip.read.scene.ok());
  EXPECT_EQ(occurrences(*trip.written.text, "<animation_clip "), 3u);
  EXPECT_EQ(gltf_animations(*trip.read.scene), once);
}

}  // namespace
}  // namespace px::collada::testing
