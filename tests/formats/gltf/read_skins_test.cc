// Skins (glTF objects with decoded inverse bind matrices, or left undecoded with a warning) and
// animations (decoded channels and samplers; malformed ones refused).
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

const Skin& skin_of(const ReadResult& r, size_t i) { return r.scene->skins.at(i); }

// Two column-major matrices: a translation by (1, 2, 3) and a scale by 2.
std::vector<float> two_matrices() {
  return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1,
          2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
}

std::string skin_document(const Bin& bin, std::string_view skins, std::string_view accessors) {
  return document(
      cat(R"("nodes": [{}, {}, {"children": [0, 1]}],
                         "bufferViews": [{"buffer": 0, "byteLength": )",
          bin.bytes().size(), R"(}], "accessors": [)", accessors, R"(], "skins": [)", skins, "]"),
      bin);
}

TEST(ReadSkins, InverseBindMatricesAreDecodedRowMajorBesideTheGltfObject) {
  Bin bin;
  bin.add<float>(two_matrices());
  ReadResult r = read_bytes(skin_document(
      bin, R"({"name": "rig", "joints": [0, 1], "skeleton": 2, "inverseBindMatrices": 0})",
      R"({"bufferView": 0, "componentType": 5126, "count": 2, "type": "MAT4"})"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Skin& skin = skin_of(r, 0);
  EXPECT_EQ(skin.name, "rig");
  EXPECT_EQ(skin.skeleton, 2);
  EXPECT_THAT(skin.joints, ElementsAre(0, 1));
  ASSERT_TRUE(skin.gltf_object);
  EXPECT_EQ(find_value(*skin.gltf_object, "inverseBindMatrices")->as_int(), 0);
  ASSERT_TRUE(skin.inverse_bind_matrices);
  const Column& m = *skin.inverse_bind_matrices;
  EXPECT_EQ(m.dtype, DType::kFloat64);
  EXPECT_EQ(m.rows, 2u);
  EXPECT_EQ(m.cols, 16u);
  EXPECT_THAT(values_of(m),
              ElementsAreArray<double>({1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1,
                                        2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1}));
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(ReadSkins, SkinWithoutMatricesGetsIdentities) {
  ReadResult r = read_bytes(skin_document({}, R"({"joints": [1]})", ""));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_TRUE(skin_of(r, 0).inverse_bind_matrices);
  const Column& m = *skin_of(r, 0).inverse_bind_matrices;
  EXPECT_THAT(values_of(m), ElementsAre(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1));
}

TEST(ReadSkins, UndecodableMatricesAreLeftUndecodedWithAWarning) {
  Bin bin;
  bin.add<float>(two_matrices());
  const std::string accessors =
      R"({"bufferView": 0, "componentType": 5126, "count": 2, "type": "MAT4"},
         {"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC4"},
         {"componentType": 5126, "count": 2, "type": "MAT4"},
         {"bufferView": 0, "byteOffset": 64, "componentType": 5126, "count": 2, "type": "MAT4"})";
  const std::vector<std::string> skins = {
      R"({"joints": [], "inverseBindMatrices": 0})",         // no joints
      R"({"joints": [0], "inverseBindMatrices": 1})",        // not MAT4
      R"({"joints": [0], "inverseBindMatrices": 2})",        // no bufferView
      R"({"joints": [0], "inverseBindMatrices": 3})",        // cannot be read
      R"({"joints": [0, 1, 2], "inverseBindMatrices": 0})",  // fewer matrices than joints
  };
  for (const std::string& skin : skins) {
    ReadResult r = read_bytes(skin_document(bin, skin, accessors));
    ASSERT_TRUE(r.scene.ok()) << skin << r.scene.status();
    EXPECT_FALSE(skin_of(r, 0).inverse_bind_matrices) << skin;
    EXPECT_TRUE(skin_of(r, 0).undecoded_matrices) << skin;
    EXPECT_EQ(r.diagnostics.count("gltf.read.skin-undecoded"), 1) << skin;
  }
}

TEST(ReadSkins, JointNamingNoNodeIsRefused) {
  ReadResult r = read_bytes(skin_document({}, R"({"joints": [0, 9]})", ""));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(rule_of(r.scene.status()), "gltf.reference.unresolved");
  EXPECT_THAT(r.scene.status().message(), HasSubstr("/skins/0/joints/1"));
}

// Times 0, 1 and translations of node 0 at each, and a CUBICSPLINE rotation sampler.
struct AnimationBin {
  Bin bin;
  std::string views;
  std::string accessors;
  AnimationBin() {
    size_t times = bin.add<float>({0, 1});
    size_t moves = bin.add<float>({0, 0, 0, 1, 2, 3});
    size_t turns = bin.add<int16_t>(std::vector<int16_t>(24, 0));  // 3 x VEC4 per key
    views = cat(R"({"buffer": 0, "byteOffset": )", times, R"(, "byteLength": 8},
                  {"buffer": 0, "byteOffset": )",
                moves, R"(, "byteLength": 24},
                  {"buffer": 0, "byteOffset": )",
                turns, R"(, "byteLength": 48})");
    accessors = R"({"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
                   {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"},
                   {"bufferView": 2, "componentType": 5122, "normalized": true, "count": 6,
                    "type": "VEC4"})";
  }
  std::string doc(std::string_view animations) const {
    return document(cat(R"("nodes": [{}], "bufferViews": [)", views, R"(], "accessors": [)",
                        accessors, R"(], "animations": [)", animations, "]"),
                    bin);
  }
};

TEST(ReadAnimations, ChannelsAndSamplersAreDecoded) {
  AnimationBin a;
  ReadResult r = read_bytes(a.doc(R"({"name": "walk",
      "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}},
                   {"sampler": 1, "target": {"node": 0, "path": "rotation"}},
                   {"sampler": 0, "target": {"path": "pointer", "extensions":
                       {"KHR_animation_pointer": {"pointer": "/materials/0/alphaCutoff"}}}}],
      "samplers": [{"input": 0, "output": 1},
                   {"input": 0, "output": 2, "interpolation": "CUBICSPLINE"}],
      "extras": {"take": 3}})"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<Animation>& animations = r.scene->animations;
  ASSERT_EQ(animations.size(), 1u);
  const Animation& walk = animations[0];
  EXPECT_EQ(walk.name, "walk");
  EXPECT_EQ(find_value(walk.extras->as_map(), "take")->as_int(), 3);
  ASSERT_EQ(walk.channels.size(), 3u);
  const AnimationChannel& first = walk.channels[0];
  EXPECT_EQ(first.sampler, 0);
  EXPECT_EQ(first.target.node, 0);
  EXPECT_EQ(first.target.path_name(), "translation");
  const AnimationTarget& pointer = walk.channels[2].target;
  EXPECT_EQ(pointer.node, -1);
  EXPECT_EQ(pointer.pointer, "/materials/0/alphaCutoff");

  const AnimationSampler& move = *walk.samplers[0];
  EXPECT_THAT(values_of(move.times), ElementsAre(0, 1));
  EXPECT_THAT(values_of(move.values), ElementsAre(0, 0, 0, 1, 2, 3));
  EXPECT_EQ(move.values.cols, 3u);
  EXPECT_EQ(move.interpolation, "LINEAR");
  const AnimationSampler& turn = *walk.samplers[1];
  EXPECT_EQ(turn.interpolation, "CUBICSPLINE");
  const Column& turns = turn.values;
  EXPECT_EQ(turns.rows, 6u);  // in-tangent, value and out-tangent per key
  EXPECT_EQ(turns.dtype, DType::kFloat32);
}

TEST(ReadAnimations, MalformedAnimationsAreRefused) {
  AnimationBin a;
  const std::string sampler = R"("samplers": [{"input": 0, "output": 1}])";
  const std::string channel = R"("channels": [{"sampler": 0, "target": {"path": "scale"}}])";
  const std::vector<std::string> cases = {
      R"(7)",
      cat("{", sampler, "}"),
      cat("{", channel, "}"),
      cat(R"({"channels": [{"sampler": 1, "target": {"path": "scale"}}], )", sampler, "}"),
      cat(R"({"channels": [{"sampler": 0}], )", sampler, "}"),
      cat(R"({"channels": [{"sampler": 0, "target": {"node": 0}}], )", sampler, "}"),
      cat(R"({"channels": [{"sampler": 0, "target": {"node": 3, "path": "scale"}}], )", sampler,
          "}"),
      cat(R"({"channels": [7], )", sampler, "}"),
      cat(channel, R"(, "samplers": [{"input": 9, "output": 1}])"),
      cat(channel, R"(, "samplers": [{"input": 0}])"),
      cat(channel, R"(, "samplers": [{"input": 1, "output": 1}])"),
  };
  for (const std::string& animation : cases) {
    std::string json =
        animation.starts_with("{") || animation == "7" ? animation : cat("{", animation, "}");
    ReadResult r = read_bytes(a.doc(json));
    ASSERT_FALSE(r.scene.ok()) << json;
    EXPECT_EQ(rule_of(r.scene.status()), "gltf.animation.malformed") << r.scene.status();
    EXPECT_THAT(r.scene.status().message(), HasSubstr("/animations/0"));
  }
}

}  // namespace
}  // namespace px::gltf::testing
