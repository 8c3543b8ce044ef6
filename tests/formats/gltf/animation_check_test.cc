// Animations checked as the Khronos validator links them: each rule a warning whose message opens
// with the JSON pointer the validator names.
#include "formats/gltf/check/animation_check.h"

#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/json_check_test_util.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::SizeIs;

std::vector<std::string> warnings(std::string_view members) {
  return json_check_warnings(check_animations, document(members));
}

// Accessor 0: 2 keyframe times; 1: 2 VEC3; 2: 2 VEC4 floats; 3: 2 SCALAR; 4: 6 VEC3; 5: 4 SCALAR.
constexpr std::string_view kAccessors = R"(
  "accessors": [
    {"type": "SCALAR", "componentType": 5126, "count": 2, "min": [0], "max": [1]},
    {"type": "VEC3", "componentType": 5126, "count": 2},
    {"type": "VEC4", "componentType": 5126, "count": 2},
    {"type": "SCALAR", "componentType": 5126, "count": 2},
    {"type": "VEC3", "componentType": 5126, "count": 6},
    {"type": "SCALAR", "componentType": 5126, "count": 4}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "targets": [{"POSITION": 1},
                                                                         {"POSITION": 1}]}]},
             {"primitives": [{"attributes": {"POSITION": 1}}]}],
  "nodes": [{}, {"mesh": 0}, {"mesh": 1}],)";

std::string with(std::string_view animations) {
  return cat(kAccessors, R"("animations": )", animations);
}

TEST(AnimationCheck, ValidAnimationsGiveNoWarning) {
  EXPECT_THAT(warnings(with(R"([{
    "samplers": [{"input": 0, "output": 1}, {"input": 0, "output": 2, "interpolation": "STEP"},
                 {"input": 0, "output": 4, "interpolation": "CUBICSPLINE"},
                 {"input": 0, "output": 5}],
    "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}},
                 {"sampler": 1, "target": {"node": 0, "path": "rotation"}},
                 {"sampler": 2, "target": {"node": 1, "path": "scale"}},
                 {"sampler": 3, "target": {"node": 1, "path": "weights"}}]}])")),
              IsEmpty());
}

TEST(AnimationCheck, InputOfAnotherFormatOrTooFewCubicKeyframes) {
  EXPECT_THAT(
      warnings(R"(
        "accessors": [{"type": "SCALAR", "componentType": 5125, "count": 1},
                      {"type": "VEC3", "componentType": 5126, "count": 3}],
        "animations": [{"samplers": [{"input": 0, "output": 1, "interpolation": "CUBICSPLINE"}],
                        "channels": []}])"),
      ElementsAre("gltf.read.animation-input-format: /animations/0/samplers/0/input: the accessor "
                  "is {SCALAR, UNSIGNED_INT}; an animation input must be {SCALAR, FLOAT}",
                  "gltf.read.animation-input-too-few: /animations/0/samplers/0/input: a "
                  "CUBICSPLINE sampler needs at least 2 keyframes, and its input has 1"));
}

TEST(AnimationCheck, OutputOfAFormatThePathDoesNotTake) {
  EXPECT_THAT(warnings(with(R"([{"samplers": [{"input": 0, "output": 2}],
                                 "channels": [{"sampler": 0,
                                               "target": {"node": 0, "path": "scale"}}]}])")),
              ElementsAre("gltf.read.animation-output-format: /animations/0/channels/0/sampler: "
                          "the output accessor is {VEC4, FLOAT}, and path 'scale' takes "
                          "{VEC3, FLOAT}"));
}

TEST(AnimationCheck, NormalizedIntegerRotationsAreTaken) {
  EXPECT_THAT(warnings(R"(
    "accessors": [{"type": "SCALAR", "componentType": 5126, "count": 1},
                  {"type": "VEC4", "componentType": 5122, "normalized": true, "count": 1}],
    "nodes": [{}],
    "animations": [{"samplers": [{"input": 0, "output": 1}],
                    "channels": [{"sampler": 0, "target": {"node": 0, "path": "rotation"}}]}])"),
              IsEmpty());
}

TEST(AnimationCheck, OutputCountByInterpolationAndMorphTargets) {
  // 2 keyframes: CUBICSPLINE takes 6 outputs, not 2; weights of 2 targets take 4, not 2.
  EXPECT_THAT(
      warnings(with(R"([{"samplers": [{"input": 0, "output": 1, "interpolation": "CUBICSPLINE"},
                                      {"input": 0, "output": 3}],
                         "channels": [{"sampler": 0, "target": {"node": 0, "path": "scale"}},
                                      {"sampler": 1, "target": {"node": 1, "path": "weights"}}]}])")),
      ElementsAre("gltf.read.animation-output-count: /animations/0/channels/0/sampler: the output "
                  "accessor has 2 elements, and 6 are expected",
                  "gltf.read.animation-output-count: /animations/0/channels/1/sampler: the output "
                  "accessor has 2 elements, and 4 are expected"));
}

TEST(AnimationCheck, WeightsOfANodeWithoutMorphTargets) {
  const std::string expected =
      "gltf.read.animation-weights-without-morphs: "
      "/animations/0/channels/0/target: the channel animates the weights "
      "of node 2, whose mesh has no morph targets";
  EXPECT_THAT(warnings(with(R"([{"samplers": [{"input": 0, "output": 3}],
                                 "channels": [{"sampler": 0,
                                               "target": {"node": 2, "path": "weights"}}]}])")),
              ElementsAre(expected));
}

TEST(AnimationCheck, DuplicateTargetsNamedAtTheFirstChannel) {
  EXPECT_THAT(warnings(with(R"([{"samplers": [{"input": 0, "output": 1}],
                                 "channels": [{"sampler": 0, "target": {"node": 0, "path": "scale"}},
                                              {"sampler": 0, "target": {"node": 0, "path": "translation"}},
                                              {"sampler": 0, "target": {"node": 0, "path": "scale"}}]},
                                {"samplers": [{"input": 0, "output": 1}],
                                 "channels": [{"sampler": 0, "target": {"path": "scale"}},
                                              {"sampler": 0, "target": {"path": "scale"}}]}])")),
              ElementsAre("gltf.read.animation-duplicate-target: /animations/0/channels/0/target: "
                          "channel 2 has the same target"));
}

TEST(AnimationCheck, AnimationPointerTargetHasNoNodeAndPathPointer) {
  EXPECT_THAT(warnings(with(R"([{"samplers": [{"input": 0, "output": 1}],
                         "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation",
                           "extensions": {"KHR_animation_pointer": {"pointer": "/nodes/0/translation"}}}},
                                      {"sampler": 0, "target": {"path": "pointer",
                           "extensions": {"KHR_animation_pointer": {"pointer": "/nodes/0/scale"}}}}]}])")),
              ElementsAre("gltf.read.animation-pointer-target-node: "
                          "/animations/0/channels/0/target/extensions/KHR_animation_pointer: a "
                          "KHR_animation_pointer channel's target must have no node",
                          "gltf.read.animation-pointer-target-path: "
                          "/animations/0/channels/0/target/extensions/KHR_animation_pointer: a "
                          "KHR_animation_pointer channel's target path must be 'pointer', not "
                          "'translation'"));
}

TEST(AnimationCheck, WarningsOfOneRulePastAHundredAreCounted) {
  std::string channels;
  for (int i = 0; i < 150; ++i) {
    channels += cat(i == 0 ? "" : ",", R"({"sampler": 0, "target": {"node": 0, "path": "scale"}})");
  }
  const std::vector<std::string> out = warnings(
      with(cat(R"([{"samplers": [{"input": 0, "output": 2}], "channels": [)", channels, "]}]")));
  // 150 wrong output formats and 149 duplicates: 100 of each listed, and one count each.
  ASSERT_THAT(out, SizeIs(202));
  EXPECT_EQ(out.back(),
            "gltf.read.animation-duplicate-target: 49 more warnings of this rule are "
            "not listed");
}

}  // namespace
}  // namespace px::gltf::testing
