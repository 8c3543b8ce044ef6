// Rules of the behaviour contract the other animation tests leave unchecked (tests/SPEC_COVERAGE.md
// rows R48, R49, R51, G23 and G26), each on a small document or scene.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <numbers>

#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/ops/animation_bake.h"
#include "tests/animation/animation_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::animation_testing {
namespace {

using gltf::testing::Parsed;
using gltf::testing::write_gltf;
using ::testing::ElementsAre;

int node_with_id(const Scene& scene, std::string_view id) {
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    if (scene.nodes[i].collada_id == id) return static_cast<int>(i);
  }
  return -1;
}

// ---------------------------------------------------------------- R48: channel targets

TEST(AnimationSpecRows, EachSidOfTheAddressIsLookedUpBreadthFirstBelowTheNodeBeforeIt) {
  // "root/a/t": "a" is looked for below root (root's own sid "a" is not it), breadth-first, so
  // the shallow "a" wins over the deeper one the document spells first.
  std::string nodes =
      "<node id=\"root\" sid=\"a\"><translate sid=\"t\">0 0 0</translate>"
      "<node id=\"x\"><node id=\"deep\" sid=\"a\"><translate sid=\"t\">0 0 0</translate></node>"
      "</node><node id=\"shallow\" sid=\"a\"><translate sid=\"t\">0 0 0</translate></node></node>";
  ReadResult r =
      read_text(animated_document(nodes, animation("a1", "root/a/t", {"0 1", "0 0 0 1 1 1", 3})));
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  ASSERT_EQ(animations[0].channels.size(), 1u);
  EXPECT_EQ(animations[0].channels[0].target.node, node_with_id(*r.scene, "shallow"));
  EXPECT_EQ(animations[0].channels[0].target.sid, "t");
}

// ---------------------------------------------------------------- R49: copies capped

// A document whose node "n0" (a <rotate sid="r">) is copied 2^16 times by <instance_node>s
// doubling it sixteen times (131072 nodes in all, under the 262144 the copies may reach), with
// `channels` channels of one sampler on n0's ANGLE: each gets a target per copy.
std::string copied_document(int channels) {
  std::string library = "<library_nodes><node id=\"n0\"><rotate sid=\"r\">0 0 1 0</rotate></node>";
  for (int k = 1; k <= 16; ++k) {
    library += cat("<node id=\"n", k, "\"><instance_node url=\"#n", k - 1,
                   "\"/><instance_node url=\"#n", k - 1, "\"/></node>");
  }
  library += "</library_nodes>";
  std::string anim = cat("<animation id=\"a\">", sampler("s", {"0 1", "0 90"}));
  for (int c = 0; c < channels; ++c) anim += "<channel source=\"#s\" target=\"n0/r.ANGLE\"/>";
  anim += "</animation>";
  return animated_document("<node id=\"top\"><instance_node url=\"#n16\"/></node>", anim, library);
}

TEST(AnimationSpecRows, ChannelTargetsPerCopyAreCappedLikeTheCopiesThemselves) {
  // Four channels: 4 * 65536 = 262144 targets, as many as the copies may number.
  ReadResult r = read_text(copied_document(4));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->nodes.size(), 131072u);
  std::vector<Animation> animations = read_animations(r);
  ASSERT_EQ(animations.size(), 1u);
  EXPECT_EQ(animations[0].channels.size(), 262144u);
  EXPECT_EQ(animations[0].samplers.size(), 1u);
  // A fifth passes the cap: the document is refused rather than grown.
  r = read_text(copied_document(5));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(r.scene.status().code(), absl::StatusCode::kResourceExhausted) << r.scene.status();
  EXPECT_EQ(std::string(r.scene.status().message()).rfind("collada.animation.targets-cap", 0), 0u)
      << r.scene.status();
}

// ---------------------------------------------------------------- R51: a <matrix> alone

struct Baked {
  Scene scene;
  BakedAnimations baked;
  const BakedSampler* sampler(int node, std::string_view path) const {
    for (const BakedAnimation& a : baked.animations) {
      for (const BakedChannel& c : a.channels) {
        if (c.node == node && target_path_name(c.path) == path) return &a.samplers[c.sampler];
      }
    }
    return nullptr;
  }
  int count(std::string_view code) const {
    int n = 0;
    for (const BakeNote& note : baked.notes) n += note.code == code;
    return n;
  }
};

Baked bake(std::string_view text) {
  ReadResult r = read_text(text);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  Baked out{std::move(*r.scene), {}};
  out.baked = bake_animations(out.scene);
  return out;
}

void expect_near(const std::vector<double>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-12) << i;
}

TEST(AnimationSpecRows, AMatrixChannelOnANodeSpelledWithThatMatrixAloneKeepsItsKeys) {
  std::string node =
      "<node id=\"n\"><matrix sid=\"m\">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix></node>";
  // Row by row: a translation; a quarter turn about z at scale 2; a half turn about z. Each span
  // turns 90 degrees, which a node of other elements would have split.
  std::string keys =
      "1 0 0 1  0 1 0 2  0 0 1 3  0 0 0 1   0 -2 0 4  2 0 0 5  0 0 2 6  0 0 0 1   "
      "-1 0 0 7  0 -1 0 8  0 0 1 9  0 0 0 1";
  const double h = std::sqrt(0.5);
  for (std::string interpolation : {"", "STEP STEP STEP"}) {
    Baked b =
        bake(animated_document(node, animation("a", "n/m", {"0 0.5 2", keys, 16, interpolation})));
    const BakedSampler* t = b.sampler(0, "translation");
    const BakedSampler* r = b.sampler(0, "rotation");
    const BakedSampler* s = b.sampler(0, "scale");
    ASSERT_TRUE(t && r && s) << interpolation;
    EXPECT_EQ(t->interpolation, interpolation.empty() ? "LINEAR" : "STEP");
    for (const BakedSampler* x : {t, r, s}) EXPECT_THAT(x->times, ElementsAre(0, 0.5, 2));
    expect_near(t->values, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    expect_near(r->values, {0, 0, 0, 1, 0, 0, h, h, 0, 0, 1, 0});
    expect_near(s->values, {1, 1, 1, 2, 2, 2, 1, 1, 1});
    EXPECT_TRUE(b.baked.notes.empty());
  }
}

// ---------------------------------------------------------------- G23: handedness

constexpr std::string_view kNode =
    "<node id=\"n\"><translate sid=\"t\">1 2 3</translate><rotate sid=\"r\">0 0 1 0</rotate>"
    "<scale sid=\"s\">1 1 1</scale></node>";

TEST(AnimationSpecRows, TheSpanHoldingAHandednessChangeIsOnlyHalvedPerSplittingPass) {
  // x scale from 1 to -2: the node mirrors at t = 1/3, which no halving reaches. Each pass adds
  // the middle of the span holding the change, one key, and nothing else: the scale blends on
  // its straight line and the node does not turn.
  Baked b = bake(animated_document(kNode, animation("a", "n/s.X", {"0 1", "1 -2"})));
  const BakedSampler* s = b.sampler(0, "scale");
  ASSERT_TRUE(s);
  EXPECT_THAT(s->times, ElementsAre(0, 0.25, 0.3125, 0.328125, 0.33203125, 0.3359375, 0.34375,
                                    0.375, 0.5, 1));
  EXPECT_EQ(b.count("gltf.write.animation-handedness"), 1);
}

TEST(AnimationSpecRows, RotateAngleTracksStillSplitTheSpanHoldingAHandednessChange) {
  // Two turns of the <rotate> while the node mirrors: every span, the ones about the change
  // included, turns its ANGLE 15 degrees at most.
  Baked b = bake(animated_document(kNode, cat("<animation id=\"a\">", sampler("x", {"0 1", "1 -2"}),
                                              sampler("r", {"0 1", "0 720"}),
                                              "<channel source=\"#x\" target=\"n/s.X\"/>"
                                              "<channel source=\"#r\" target=\"n/r.ANGLE\"/>"
                                              "</animation>")));
  const BakedSampler* r = b.sampler(0, "rotation");
  ASSERT_TRUE(r);
  ASSERT_GE(r->times.size(), 49u);
  for (size_t k = 0; k + 1 < r->times.size(); ++k) {
    EXPECT_LE(720 * (r->times[k + 1] - r->times[k]), 15 + 1e-9) << r->times[k];
  }
  EXPECT_EQ(b.count("gltf.write.animation-handedness"), 1);
}

// gltf.md: the eight-rounds warning is for spans that "still turn or stray that far"; a span
// holding a mirror no halving reaches is only ever halved, and alone gives no such warning (the x
// scale above blends on its straight line, the node never turns).
TEST(AnimationSpecRows, AHandednessChangeAloneGivesNoEightRoundsWarning) {
  Baked b = bake(animated_document(kNode, animation("a", "n/s.X", {"0 1", "1 -2"})));
  EXPECT_EQ(b.count("gltf.write.animation-handedness"), 1);
  EXPECT_EQ(b.count("gltf.write.animation-split-rounds"), 0);
}

// ---------------------------------------------------------------- G26: pointer channels

size_t components(std::string_view type) {
  if (type == "SCALAR") return 1;
  if (type == "MAT3") return 9;
  if (type == "MAT4") return 16;
  return static_cast<size_t>(type.back() - '0');  // VEC2..VEC4
}

std::vector<float> accessor_floats(const Parsed& p, int index) {
  const rapidjson::Value& a = p.doc["accessors"][index];
  const rapidjson::Value& view = p.doc["bufferViews"][a["bufferView"].GetInt()];
  const size_t offset = view.HasMember("byteOffset") ? view["byteOffset"].GetUint64() : 0;
  std::vector<float> out(a["count"].GetUint64() * components(a["type"].GetString()));
  EXPECT_LE(offset + out.size() * sizeof(float), p.bin.size());
  if (offset + out.size() * sizeof(float) <= p.bin.size()) {
    std::memcpy(out.data(), p.bin.data() + offset, out.size() * sizeof(float));
  }
  return out;
}

struct PointerScene {
  Scene scene = gltf::testing::triangle_scene();
  Animation animation;
  // A pointer channel of two keys (three rows each for CUBICSPLINE) of `width` values each,
  // value i of the sampler being first + i.
  void add(size_t width, const std::string& pointer, std::string interpolation = "LINEAR",
           double first = 0) {
    const size_t rows = interpolation == "CUBICSPLINE" ? 6 : 2;
    std::span<double> times = scene.arena->allocate<double>(2);
    std::span<double> values = scene.arena->allocate<double>(rows * width);
    times[0] = 0;
    times[1] = 1;
    for (size_t i = 0; i < values.size(); ++i) values[i] = first + static_cast<double>(i);
    AnimationSampler s;
    s.times = Column::of<double>(times, 1);
    s.values = Column::of<double>(values, width);
    s.interpolation = std::move(interpolation);
    animation.samplers.push_back(s);
    animation.channels.push_back({static_cast<int>(animation.samplers.size()) - 1,
                                  {-1, TargetPath::kPointer, "", std::nullopt, "", pointer},
                                  std::nullopt});
  }
  Parsed write(Diagnostics& diagnostics) {
    scene.animations = {animation};
    return write_gltf(scene, diagnostics);
  }
};

TEST(AnimationSpecRows, PointerValuesAreWrittenAsTheAccessorTypeAsWideAsARow) {
  PointerScene ps;
  const std::map<size_t, std::string> types = {{1, "SCALAR"}, {2, "VEC2"}, {3, "VEC3"},
                                               {4, "VEC4"},   {9, "MAT3"}, {16, "MAT4"}};
  for (const auto& [width, type] : types) {
    ps.add(width, cat("/nodes/0/extras/w", width), "LINEAR", 100 * width);
  }
  ps.add(2, "/nodes/0/extras/cubic", "CUBICSPLINE", 7);
  Diagnostics diagnostics;
  Parsed p = ps.write(diagnostics);
  EXPECT_EQ(diagnostics.warning_count(), 0);
  ASSERT_TRUE(p.doc.HasMember("animations"));
  const auto& a = p.doc["animations"][0];
  ASSERT_EQ(a["channels"].Size(), 7u);
  for (const auto& c : a["channels"].GetArray()) {
    const std::string pointer =
        c["target"]["extensions"]["KHR_animation_pointer"]["pointer"].GetString();
    const auto& s = a["samplers"][c["sampler"].GetInt()];
    const int output = s["output"].GetInt();
    const auto& accessor = p.doc["accessors"][output];
    EXPECT_EQ(accessor["componentType"].GetInt(), 5126) << pointer;
    const bool cubic = pointer.ends_with("cubic");
    const size_t width = cubic ? 2 : std::stoul(pointer.substr(pointer.rfind('w') + 1));
    EXPECT_EQ(accessor["type"].GetString(), types.at(width)) << pointer;
    EXPECT_EQ(accessor["count"].GetUint64(), cubic ? 6u : 2u) << pointer;
    // The rows go out in order, a row per key (three per key for CUBICSPLINE).
    std::vector<float> got = accessor_floats(p, output);
    ASSERT_EQ(got.size(), (cubic ? 6 : 2) * width) << pointer;
    const double first = cubic ? 7 : 100.0 * width;
    for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], first + i) << pointer << " " << i;
  }
}

TEST(AnimationSpecRows, PointerValuesOfAnyOtherShapeAreSkippedWithAWarning) {
  PointerScene ps;
  ps.add(1, "/nodes/0/extras/kept");
  for (size_t width : {5, 6, 7, 8, 10, 12, 15, 17, 32})
    ps.add(width, cat("/nodes/0/extras/w", width));
  Diagnostics diagnostics;
  Parsed p = ps.write(diagnostics);
  EXPECT_EQ(diagnostics.count("gltf.write.animation-channel-skipped"), 9);
  ASSERT_TRUE(p.doc.HasMember("animations"));
  const auto& channels = p.doc["animations"][0]["channels"];
  ASSERT_EQ(channels.Size(), 1u);
  EXPECT_STREQ(channels[0]["target"]["extensions"]["KHR_animation_pointer"]["pointer"].GetString(),
               "/nodes/0/extras/kept");
  EXPECT_EQ(p.doc["animations"][0]["samplers"].Size(), 1u);
}

}  // namespace
}  // namespace px::animation_testing
