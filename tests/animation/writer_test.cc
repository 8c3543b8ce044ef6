// The glTF animation writer (formats/gltf/animation_writer.h): samplers with float32 input and
// output accessors, a times array or sampler several channels share written once, animated
// nodes as translation / rotation / scale.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "formats/gltf/read/gltf_reader.h"
#include "tests/animation/animation_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::animation_testing {
namespace {

using gltf::testing::Parsed;
using gltf::testing::read_accessor;
using gltf::testing::write_gltf;
using ::testing::ElementsAre;

Parsed write(const std::string& text, Diagnostics* diagnostics = nullptr) {
  ReadResult r = read_text(text);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  Diagnostics local;
  return write_gltf(*r.scene, diagnostics != nullptr ? *diagnostics : local);
}

// A LINEAR sampler of one float from 0 at time 0 to 0 at time 1, in the scene's arena.
AnimationSampler one_float_sampler(Scene& scene) {
  AnimationSampler s;
  std::span<double> times = scene.arena->allocate<double>(2);
  std::span<double> values = scene.arena->allocate<double>(2);
  times[1] = 1;
  s.times = Column::of<double>(times, 1);
  s.values = Column::of<double>(values, 1);
  s.interpolation = "LINEAR";
  return s;
}

constexpr std::string_view kNodes =
    "<node id=\"a\"><matrix sid=\"m\">0 -1 0 1 1 0 0 2 0 0 1 3 0 0 0 1</matrix></node>"
    "<node id=\"b\"><matrix sid=\"m\">0 -1 0 1 1 0 0 2 0 0 1 3 0 0 0 1</matrix>"
    "<translate sid=\"t\">0 0 0</translate></node>";

TEST(AnimationWriter, SamplersGoOutAsFloatAccessorsTheirTimesWithMinAndMax) {
  Parsed p = write(animated_document(kNodes, animation("walk", "b/t.X", {"0.5 2", "0 1"})));
  ASSERT_TRUE(p.doc.HasMember("animations"));
  const auto& animations = p.doc["animations"];
  ASSERT_EQ(animations.Size(), 1u);
  const auto& a = animations[0];
  EXPECT_STREQ(a["name"].GetString(), "walk");
  ASSERT_EQ(a["channels"].Size(), 3u);
  std::set<std::string> paths;
  std::set<int> inputs;
  for (const auto& c : a["channels"].GetArray()) {
    EXPECT_EQ(c["target"]["node"].GetInt(), 1);
    paths.insert(c["target"]["path"].GetString());
    const auto& s = a["samplers"][c["sampler"].GetInt()];
    EXPECT_STREQ(s["interpolation"].GetString(), "LINEAR");
    inputs.insert(s["input"].GetInt());
    const auto& output = p.doc["accessors"][s["output"].GetInt()];
    EXPECT_EQ(output["componentType"].GetInt(), 5126);
    EXPECT_STREQ(output["type"].GetString(),
                 std::string(c["target"]["path"].GetString()) == "rotation" ? "VEC4" : "VEC3");
  }
  EXPECT_EQ(paths, (std::set<std::string>{"translation", "rotation", "scale"}));
  // One times array for the node's three samplers.
  ASSERT_EQ(inputs.size(), 1u);
  const auto& input = p.doc["accessors"][*inputs.begin()];
  EXPECT_STREQ(input["type"].GetString(), "SCALAR");
  EXPECT_EQ(input["componentType"].GetInt(), 5126);
  EXPECT_EQ(input["min"][0].GetDouble(), 0.5);
  EXPECT_EQ(input["max"][0].GetDouble(), 2);
  EXPECT_THAT(read_accessor<float>(p, *inputs.begin()), ElementsAre(0.5f, 2.0f));
  EXPECT_FALSE(input.HasMember("byteStride"));
  EXPECT_FALSE(p.doc["bufferViews"][input["bufferView"].GetInt()].HasMember("target"));
}

TEST(AnimationWriter, AnAnimatedNodeIsWrittenAsTranslationRotationAndScaleNeverAMatrix) {
  Parsed p = write(animated_document(kNodes, animation("walk", "b/t.X", {"0 1", "0 1"})));
  const auto& nodes = p.doc["nodes"];
  EXPECT_TRUE(nodes[0].HasMember("matrix"));
  EXPECT_FALSE(nodes[1].HasMember("matrix"));
  ASSERT_TRUE(nodes[1].HasMember("translation"));
  EXPECT_EQ(nodes[1]["translation"][0].GetDouble(), 1);
  ASSERT_TRUE(nodes[1].HasMember("rotation"));
  EXPECT_NEAR(nodes[1]["rotation"][2].GetDouble(), std::sqrt(0.5), 1e-12);
}

TEST(AnimationWriter, AnAnimatedNodesMirroringRestMatrixCarriesANegativeXScale) {
  std::string node =
      "<node id=\"a\"><matrix sid=\"m\">-2 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix>"
      "<translate sid=\"t\">0 0 0</translate></node>";
  Parsed p = write(animated_document(node, animation("walk", "a/t.X", {"0 1", "0 1"})));
  const auto& n = p.doc["nodes"][0];
  EXPECT_FALSE(n.HasMember("matrix"));
  ASSERT_TRUE(n.HasMember("scale"));
  EXPECT_EQ(n["scale"][0].GetDouble(), -2);
  EXPECT_EQ(n["scale"][1].GetDouble(), 1);
  EXPECT_FALSE(n.HasMember("rotation"));
}

TEST(AnimationWriter, ATimesArrayOrSamplerSeveralChannelsShareIsWrittenOnce) {
  Parsed p = write(animated_document(kNodes, cat(animation("one", "a/m(3)(0)", {"0 1", "1 5"}),
                                                 animation("two", "b/t.X", {"0 1", "0 1"}))));
  std::set<int> inputs;
  for (const auto& a : p.doc["animations"].GetArray()) {
    for (const auto& s : a["samplers"].GetArray()) inputs.insert(s["input"].GetInt());
  }
  EXPECT_EQ(inputs.size(), 1u);

  Scene scene = gltf::testing::triangle_scene();
  scene.nodes.emplace_back();
  scene.scenes[0].push_back(1);
  Animation animation;
  AnimationSampler s;
  std::span<double> times = scene.arena->allocate<double>(2);
  std::span<double> xyz = scene.arena->allocate<double>(6);
  times[1] = 1;
  xyz[3] = 1;
  s.times = Column::of<double>(times, 1);
  s.values = Column::of<double>(xyz, 3);
  s.interpolation = "STEP";
  animation.samplers.push_back(s);
  animation.channels.push_back(
      {0, {0, TargetPath::kTranslation, "", std::nullopt, "", ""}, std::nullopt});
  animation.channels.push_back(
      {0, {1, TargetPath::kScale, "", std::nullopt, "", ""}, std::nullopt});
  scene.animations = {animation};
  Parsed q = write_gltf(scene);
  ASSERT_TRUE(q.doc.HasMember("animations"));
  EXPECT_EQ(q.doc["animations"][0]["samplers"].Size(), 1u);
  EXPECT_EQ(q.doc["animations"][0]["channels"][1]["sampler"].GetInt(), 0);
  EXPECT_STREQ(q.doc["animations"][0]["samplers"][0]["interpolation"].GetString(), "STEP");
  EXPECT_FALSE(q.doc.HasMember("extensionsUsed"));
}

TEST(AnimationWriter, APointerChannelDeclaresItsExtension) {
  Scene scene = gltf::testing::triangle_scene();
  Animation animation;
  animation.samplers.push_back(one_float_sampler(scene));
  animation.channels.push_back(
      {0,
       {-1, TargetPath::kPointer, "", std::nullopt, "", "/nodes/0/extras/x"},
       Value(ValueMap{{"k", Value(1)}})});
  scene.animations = {animation};
  Parsed p = write_gltf(scene);
  const auto& target = p.doc["animations"][0]["channels"][0]["target"];
  EXPECT_FALSE(target.HasMember("node"));
  EXPECT_STREQ(target["path"].GetString(), "pointer");
  EXPECT_STREQ(target["extensions"]["KHR_animation_pointer"]["pointer"].GetString(),
               "/nodes/0/extras/x");
  EXPECT_EQ(p.doc["animations"][0]["channels"][0]["extras"]["k"].GetInt(), 1);
  ASSERT_TRUE(p.doc.HasMember("extensionsUsed"));
  EXPECT_STREQ(p.doc["extensionsUsed"][0].GetString(), "KHR_animation_pointer");
}

// KHR_animation_pointer's pointer is a JSON pointer (RFC 6901): one that is not (here a '~' that
// is neither ~0 nor ~1) is warned about on read and left out, so that no writer writes its
// channel, which animates nothing; a pointer escaping a '/' as ~1 is kept.
TEST(AnimationWriter, APointerThatIsNotAJsonPointerIsWarnedAboutOnReadAndNotWritten) {
  Scene scene = gltf::testing::triangle_scene();
  Animation animation;
  for (const char* pointer : {"/nodes/0/extras/ax", "/nodes/0/extras/a~1b"}) {
    animation.samplers.push_back(one_float_sampler(scene));
    animation.channels.push_back({static_cast<int>(animation.samplers.size()) - 1,
                                  {-1, TargetPath::kPointer, "", std::nullopt, "", pointer},
                                  std::nullopt});
  }
  scene.animations = {animation};
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  // The same length, so that the GLB's chunk lengths still hold.
  const size_t at = glb->json.find("\"/nodes/0/extras/ax\"");
  ASSERT_NE(at, std::string::npos);
  glb->json.replace(at, 20, "\"/nodes/0/extras/~x\"");
  Diagnostics reading;
  absl::StatusOr<Scene> back = gltf::read_memory(glb->json, {}, ReadOptions(), reading);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(reading.count("gltf.read.animation-pointer-invalid"), 1);
  std::vector<Animation> read = back->animations;
  ASSERT_EQ(read.size(), 1u);
  ASSERT_EQ(read[0].channels.size(), 2u);
  EXPECT_EQ(read[0].channels[0].target.pointer, "");
  EXPECT_EQ(read[0].channels[1].target.pointer, "/nodes/0/extras/a~1b");
  Diagnostics writing;
  Parsed p = gltf::testing::write_gltf(*back, writing);
  EXPECT_EQ(writing.count("gltf.write.animation-channel-skipped"), 1);
  const auto& channels = p.doc["animations"][0]["channels"];
  ASSERT_EQ(channels.Size(), 1u);
  EXPECT_STREQ(channels[0]["target"]["extensions"]["KHR_animation_pointer"]["pointer"].GetString(),
               "/nodes/0/extras/a~1b");
}

TEST(AnimationWriter, GltfAnimationsReadBackAsTheyWereWritten) {
  Scene scene = gltf::testing::triangle_scene();
  auto column = [&](std::vector<double> v, size_t cols) {
    std::span<double> data = scene.arena->allocate<double>(v.size());
    std::copy(v.begin(), v.end(), data.begin());
    return Column::of<double>(data, cols);
  };
  Animation animation;
  animation.name = "spin";
  animation.extras = Value(ValueMap{{"take", Value(2)}});
  auto add = [&](std::string path, std::vector<double> times, std::vector<double> values,
                 size_t width, std::string interpolation) {
    AnimationSampler s;
    s.times = column(std::move(times), 1);
    s.values = column(std::move(values), width);
    s.interpolation = std::move(interpolation);
    animation.samplers.push_back(s);
    animation.channels.push_back({static_cast<int>(animation.samplers.size()) - 1,
                                  {0, target_path_named(path), "", std::nullopt, "", ""},
                                  std::nullopt});
  };
  add("rotation", {0, 0.5, 1}, {0, 0, 0, 1, 0, 0, 0.6, 0.8, 0, 0, 1, 0}, 4, "LINEAR");
  add("translation", {0.25, 2}, {1, 2, 3, 4, 5, 6}, 3, "STEP");
  add("scale", {0, 1}, {0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 2, 0, 0, 0}, 3, "CUBICSPLINE");
  scene.animations = {animation};
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  absl::StatusOr<Scene> back = gltf::read_memory(glb->json, {}, ReadOptions(), diagnostics);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(diagnostics.warning_count(), 0);
  std::vector<Animation> read = back->animations;
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].name, "spin");
  ASSERT_TRUE(read[0].extras);
  ASSERT_EQ(read[0].channels.size(), 3u);
  for (size_t c = 0; c < 3; ++c) {
    const AnimationChannel& was = animation.channels[c];
    const AnimationChannel& is = read[0].channels[c];
    EXPECT_EQ(is.target.path, was.target.path);
    EXPECT_FALSE(is.target.sid);
    const AnimationSampler& a = *animation.samplers[was.sampler];
    const AnimationSampler& b = *read[0].samplers[is.sampler];
    EXPECT_EQ(b.interpolation, a.interpolation);
    EXPECT_EQ(values(b.times), values(a.times));
    std::vector<double> expected = values(a.values), got = values(b.values);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], expected[i], 1e-7) << c;
  }
  // A second write of what was read gives the same bytes.
  absl::StatusOr<gltf::Written> again = gltf::write_to_memory(*back, true, "", diagnostics);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->json, glb->json);
}

TEST(AnimationWriter, RotationKeysOffUnitLengthAreNormalisedWithAWarning) {
  Scene scene = gltf::testing::triangle_scene();
  std::vector<double> keys = {0, 0, 0, 1, 0, 0, 0.3, 0.4, 0, 0, 0, 1 + 1e-9};
  std::span<double> values = scene.arena->allocate<double>(keys.size());
  std::copy(keys.begin(), keys.end(), values.begin());
  std::span<double> times = scene.arena->allocate<double>(3);
  times[0] = 0, times[1] = 1, times[2] = 2;
  Animation animation;
  AnimationSampler sampler;
  sampler.times = Column::of<double>(times, 1);
  sampler.values = Column::of<double>(values, 4);
  sampler.interpolation = "LINEAR";
  animation.samplers.push_back(sampler);
  animation.channels.push_back(
      {0, {0, TargetPath::kRotation, "", std::nullopt, "", ""}, std::nullopt});
  scene.animations = {animation};
  Diagnostics diagnostics;
  Parsed p = write_gltf(scene, diagnostics);
  const auto& written = p.doc["animations"][0]["samplers"][0];
  EXPECT_THAT(read_accessor<float>(p, written["output"].GetInt()),
              ElementsAre(0, 0, 0, 1, 0, 0, 0.6f, 0.8f, 0, 0, 0, 1));
  // The key off by rounding only is not counted.
  EXPECT_EQ(diagnostics.count("gltf.write.rotation-normalised"), 1);
}

TEST(AnimationWriter, TheBakesWarningsAreReported) {
  Diagnostics diagnostics;
  write(animated_document(kNodes, animation("a", "b/t.X", {"0 1", "0 1", 1, "HERMITE HERMITE"})),
        &diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.animation-channel-skipped"), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.animation-empty"), 1);
  EXPECT_EQ(diagnostics.count("gltf.write.global-dropped"), 0);
}

// G24 through the writer: key times float32 would collapse onto a neighbour come out as float32
// times that still increase strictly, none lost: nudged down a step, or up when down would go
// below 0.
TEST(AnimationWriter, KeyTimesFloat32WouldCollapseAreWrittenStrictlyIncreasing) {
  struct Case {
    std::string times, values;
    std::vector<float> written;
  };
  const Case cases[] = {
      {"0 1 1.000000000001 2", "0 1 2 3", {0, std::nextafter(1.0f, 0.0f), 1, 2}},
      {"0 1e-50 1", "0 1 2", {0, std::nextafter(0.0f, 1.0f), 1}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.times);
    Parsed p = write(animated_document(kNodes, animation("a", "b/t.X", {c.times, c.values})));
    ASSERT_TRUE(p.doc.HasMember("animations"));
    const auto& samplers = p.doc["animations"][0]["samplers"];
    ASSERT_GT(samplers.Size(), 0u);
    for (const auto& s : samplers.GetArray()) {
      const std::vector<float> times = read_accessor<float>(p, s["input"].GetInt());
      for (size_t k = 1; k < times.size(); ++k) EXPECT_LT(times[k - 1], times[k]) << "key " << k;
      EXPECT_EQ(times, c.written);
    }
  }
}

}  // namespace
}  // namespace px::animation_testing
