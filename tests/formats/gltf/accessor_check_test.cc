// Accessor values against glTF's rules, each broken rule a warning and the read going on: accessors
// nothing uses (their min / max, their floats, why one cannot be decoded), NaN and Inf, POSITION
// and animation input accessors without bounds, primitive-restart indices, normals and tangents,
// colours, animation key times and rotations, channels animating a node with a matrix, sparse
// indices, inverse bind matrices and joints / weights.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::StartsWith;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// The codes this module gives.
const std::vector<std::string> kCodes = {
    "gltf.read.accessor-bounds",
    "gltf.read.accessor-non-finite",
    "gltf.read.accessor-undecodable",
    "gltf.read.accessor-no-bounds",
    "gltf.read.index-primitive-restart",
    "gltf.read.vector-not-unit",
    "gltf.read.tangent-sign",
    "gltf.read.color-not-clamped",
    "gltf.read.channel-targets-matrix",
    "gltf.read.animation-input-negative",
    "gltf.read.animation-input-not-increasing",
    "gltf.read.animation-rotation-not-unit",
    "gltf.read.sparse-indices-not-increasing",
    "gltf.read.inverse-bind-matrix-invalid",
    "gltf.read.joint-out-of-range",
    "gltf.read.joint-duplicate",
    "gltf.read.weight-negative",
    "gltf.read.weights-not-normalized",
};

std::vector<std::string> messages(const Diagnostics& diagnostics, std::string_view code) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.code == code) out.push_back(d.message);
  }
  return out;
}

// "code: message" of every warning this module gives.
std::vector<std::string> our_warnings(const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (std::find(kCodes.begin(), kCodes.end(), d.code) != kCodes.end()) {
      out.push_back(cat(d.code, ": ", d.message));
    }
  }
  return out;
}

// A document whose buffer holds each accessor's values in a bufferView of its own.
class Doc {
 public:
  // Adds an accessor of `values` and its other JSON members ("componentType": ...); returns its
  // index.
  template <class T>
  int add(const std::vector<T>& values, std::string_view members) {
    const size_t offset = bin_.add(values);
    views_.push_back(cat(R"({"buffer": 0, "byteOffset": )", offset, R"(, "byteLength": )",
                         values.size() * sizeof(T), "}"));
    return add_json(cat(R"({"bufferView": )", views_.size() - 1, ", ", members, "}"));
  }
  // Adds an accessor written whole.
  int add_json(std::string json) {
    accessors_.push_back(std::move(json));
    return static_cast<int>(accessors_.size() - 1);
  }
  // Adds a bufferView of `values` alone; returns its index.
  template <class T>
  int add_view(const std::vector<T>& values) {
    const size_t offset = bin_.add(values);
    views_.push_back(cat(R"({"buffer": 0, "byteOffset": )", offset, R"(, "byteLength": )",
                         values.size() * sizeof(T), "}"));
    return static_cast<int>(views_.size() - 1);
  }
  // The document, with `members` (more top-level members) after the accessors.
  std::string json(std::string_view members = "") const {
    return document(cat(R"("bufferViews": [)", join(views_), R"(], "accessors": [)",
                        join(accessors_), "]", members.empty() ? "" : ", ", members),
                    bin_);
  }

 private:
  static std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
  }
  Bin bin_;
  std::vector<std::string> views_;
  std::vector<std::string> accessors_;
};

constexpr std::string_view kVec3 = R"("componentType": 5126, "type": "VEC3", "count": )";

// Three points with bounds, as accessor `doc`'s next, drawn by mesh 0 with `attributes` more.
int add_points(Doc& doc) {
  return doc.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0},
                        cat(kVec3, R"(3, "min": [0, 0, 0], "max": [1, 1, 0])"));
}

std::string mesh(int position, std::string_view more_attributes = "",
                 std::string_view more_primitive = "") {
  return cat(R"("meshes": [{"primitives": [{"mode": 0, "attributes": {"POSITION": )", position,
             more_attributes, "}", more_primitive, "}]}]");
}

ReadResult read_ok(const std::string& json) {
  ReadResult r = read_bytes(json);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return r;
}

TEST(AccessorCheck, UnusedAccessorBoundsAreCheckedAsUsedOnes) {
  Doc doc;
  add_points(doc);
  doc.add<int8_t>({-1, 0, 1, 2},
                  R"("componentType": 5120, "type": "SCALAR", "count": 4, "min": [0], "max": [1])");
  ReadResult r = read_ok(doc.json(mesh(0)));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.accessor-bounds"),
              ElementsAre(AllOf(StartsWith("/accessors/1:"), HasSubstr("in 2 values"),
                                HasSubstr("min[0] is declared 0, the data's is -1"))));
}

TEST(AccessorCheck, NonFiniteFloatsAreWarnedAboutUsedOrNot) {
  Doc doc;
  const int used = doc.add<float>({0, 0, 0, kNaN, 0, 0}, cat(kVec3, "2"));
  doc.add<float>({-kInf, kNaN, kInf, 1}, R"("componentType": 5126, "type": "SCALAR", "count": 4)");
  ReadResult r = read_ok(doc.json(mesh(used)));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.accessor-non-finite"),
              ElementsAre(AllOf(StartsWith("/accessors/0:"), HasSubstr("1 of its float values is"),
                                HasSubstr("value 3 is nan")),
                          AllOf(StartsWith("/accessors/1:"), HasSubstr("3 of its float values are"),
                                HasSubstr("value 0 is -inf"))));
}

TEST(AccessorCheck, AnUnusedAccessorThatCannotBeDecodedIsWarnedAboutNotRefused) {
  Doc doc;
  add_points(doc);
  doc.add<float>({1, 2}, R"("componentType": 5126, "type": "VEC4", "count": 1)");
  ReadResult r = read_ok(doc.json(mesh(0)));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.accessor-undecodable"),
              ElementsAre(AllOf(StartsWith("/accessors/1: nothing uses it"),
                                HasSubstr("do not fit bufferView 1"))));
}

TEST(AccessorCheck, UnusedAccessorsAreDecodedWithinTheBudget) {
  // A 1 MiB buffer (1.4 MB of base64) and 200 unused accessors of all of it: past the budget (64
  // MiB and 32 bytes per input byte), the rest are warned about, not decoded.
  constexpr int kBytes = 1 << 20;
  Bin bin;
  bin.add(std::vector<uint8_t>(kBytes, 1));
  std::string accessors;
  for (int i = 0; i < 200; ++i) {
    accessors += cat(i == 0 ? "" : ", ", R"({"bufferView": 0, "componentType": 5121, "count": )",
                     kBytes, R"(, "type": "SCALAR"})");
  }
  ReadResult r = read_ok(document(cat(R"("bufferViews": [{"buffer": 0, "byteLength": )", kBytes,
                                      R"(}], "accessors": [)", accessors, "]"),
                                  bin));
  const std::vector<std::string> undecodable =
      messages(r.diagnostics, "gltf.read.accessor-undecodable");
  EXPECT_GT(undecodable.size(), 50);
  EXPECT_LT(undecodable.size(), 150);
  ASSERT_FALSE(undecodable.empty());
  EXPECT_THAT(undecodable.back(),
              AllOf(StartsWith("/accessors/199:"), HasSubstr("gltf.read.budget")));
}

TEST(AccessorCheck, UnusedAccessorsOfABufferWithoutDataAreLeftAlone) {
  // Buffer 0 has no uri and nothing used loads it: its bytes are the application's, not zeros.
  ReadResult r = read_ok(document(R"("buffers": [{"byteLength": 12}],
      "bufferViews": [{"buffer": 0, "byteLength": 12}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3",
                     "min": [1, 1, 1], "max": [2, 2, 2]}])"));
  EXPECT_THAT(our_warnings(r.diagnostics), IsEmpty());
  EXPECT_EQ(r.diagnostics.count("gltf.read.buffer-no-data"), 0);
}

TEST(AccessorCheck, PositionAccessorsWithoutBoundsAreWarnedAbout) {
  Doc doc;
  doc.add<float>({0, 0, 0}, cat(kVec3, R"(1, "max": [0, 0, 0])"));
  doc.add<float>({0, 0, 0}, cat(kVec3, "1"));
  ReadResult r = read_ok(doc.json(mesh(0, "", R"(, "targets": [{"POSITION": 1}])")));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.accessor-no-bounds"),
              ElementsAre("/meshes/0/primitives/0/attributes/POSITION: accessor 0 declares no min, "
                          "which glTF requires of a POSITION accessor",
                          "/meshes/0/primitives/0/targets/0/POSITION: accessor 1 declares no min "
                          "and max, which glTF requires of a POSITION accessor"));
}

TEST(AccessorCheck, PrimitiveRestartIndicesAreWarnedAboutAndReadAsVertices) {
  Doc doc;
  std::vector<float> positions(256 * 3, 0.0f);
  doc.add<float>(positions, cat(kVec3, R"(256, "min": [0, 0, 0], "max": [0, 0, 0])"));
  doc.add<uint8_t>({0, 1, 255}, R"("componentType": 5121, "type": "SCALAR", "count": 3)");
  ReadResult r = read_ok(doc.json(mesh(0, "", R"(, "indices": 1)")));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.index-primitive-restart"),
              ElementsAre(AllOf(StartsWith("/meshes/0/primitives/0/indices: 1 index is 255"),
                                HasSubstr("(index 2); read as vertex 255"))));
  EXPECT_THAT(connectivity(r.scene->meshes[0]), ElementsAre(0, 1, 255));
}

TEST(AccessorCheck, NormalsAndTangentsMustBeUnitWithSignedW) {
  Doc doc;
  add_points(doc);
  // Within the validator's tolerance (0.00674) of unit length, then outside it.
  doc.add<float>({0, 0, 1.006f, 1, 0, 0, 1, 1, 1}, cat(kVec3, "3"));
  doc.add<float>({1, 0, 0, 1, 0, 1, 0, -1, 1, 1, 1, 0},
                 R"("componentType": 5126, "type": "VEC4", "count": 3)");
  ReadResult r = read_ok(doc.json(mesh(0, R"(, "NORMAL": 1, "TANGENT": 2)")));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.vector-not-unit"),
              ElementsAre(AllOf(StartsWith("/meshes/0/primitives/0/attributes/NORMAL: 1 of its "
                                           "NORMAL vectors is not of unit length"),
                                HasSubstr("element 2 has length 1.73")),
                          AllOf(StartsWith("/meshes/0/primitives/0/attributes/TANGENT: 1 of its "
                                           "TANGENT xyz vectors"),
                                HasSubstr("element 2"))));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.tangent-sign"),
              ElementsAre(AllOf(StartsWith("/meshes/0/primitives/0/attributes/TANGENT: 1 of its "
                                           "TANGENT w components is not 1 or -1"),
                                HasSubstr("element 2 has w 0"))));
}

TEST(AccessorCheck, FloatColorsMustLieInZeroToOne) {
  Doc doc;
  add_points(doc);
  doc.add<float>({0, 0.5f, 1, 1.5f, 0, 0, 0, -0.5f, 0}, cat(kVec3, "3"));
  ReadResult r = read_ok(doc.json(mesh(0, R"(, "COLOR_0": 1)")));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.color-not-clamped"),
              ElementsAre(AllOf(StartsWith("/meshes/0/primitives/0/attributes/COLOR_0: 2 of its"),
                                HasSubstr("value 3 is 1.5"))));
}

// An animation of node 0 by a sampler of the given input and output accessors.
std::string animation(std::string_view path, int input, int output,
                      std::string_view interpolation = "LINEAR") {
  return cat(R"("animations": [{"channels": [{"sampler": 0, "target": {"node": 0, "path": ")", path,
             R"("}}], "samplers": [{"input": )", input, R"(, "output": )", output,
             R"(, "interpolation": ")", interpolation, R"("}]}])");
}

constexpr std::string_view kTimes = R"("componentType": 5126, "type": "SCALAR", "count": )";

TEST(AccessorCheck, AnimationInputsWithoutBoundsAreWarnedAbout) {
  Doc doc;
  doc.add<float>({0, 1}, cat(kTimes, "2"));
  doc.add<float>({0, 0, 0, 1, 1, 1}, cat(kVec3, "2"));
  ReadResult r = read_ok(doc.json(cat(R"("nodes": [{}], )", animation("translation", 0, 1))));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.accessor-no-bounds"),
              ElementsAre("/animations/0/samplers/0/input: accessor 0 declares no min and max, "
                          "which glTF requires of an animation input accessor"));
}

TEST(AccessorCheck, KeyTimesMustBeNonNegativeAndIncrease) {
  Doc doc;
  doc.add<float>({-1, 0, 0.5f, 0.5f, 1}, cat(kTimes, R"(5, "min": [-1], "max": [1])"));
  doc.add<float>(std::vector<float>(15, 0.0f), cat(kVec3, "5"));
  ReadResult r = read_ok(doc.json(cat(R"("nodes": [{}], )", animation("translation", 0, 1))));
  // As the validator compares: a negative time is passed over, the first time compared with 0.
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.animation-input-negative"),
              ElementsAre(AllOf(StartsWith("/animations/0/samplers/0/input: 1 key time is "
                                           "negative"),
                                HasSubstr("key 0 is -1"))));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.animation-input-not-increasing"),
              ElementsAre(AllOf(StartsWith("/animations/0/samplers/0/input: 2 key times do not "
                                           "increase"),
                                HasSubstr("key 1 is 0, after 0"))));
}

TEST(AccessorCheck, AnimatedRotationsMustBeUnitQuaternions) {
  Doc doc;
  doc.add<float>({0, 1}, cat(kTimes, R"(2, "min": [0], "max": [1])"));
  doc.add<float>({0, 0, 0, 1, 0.5f, 0.5f, 0.5f, 0.1f},
                 R"("componentType": 5126, "type": "VEC4", "count": 2)");
  // CUBICSPLINE: in-tangent, value, out-tangent per key; only the values are quaternions.
  doc.add<float>({9, 9, 9, 9, 0, 0, 0, 1, 9, 9, 9, 9, 9, 9, 9, 9, 0, 0, 0.5f, 0, 9, 9, 9, 9},
                 R"("componentType": 5126, "type": "VEC4", "count": 6)");
  ReadResult linear = read_ok(doc.json(cat(R"("nodes": [{}], )", animation("rotation", 0, 1))));
  EXPECT_THAT(messages(linear.diagnostics, "gltf.read.animation-rotation-not-unit"),
              ElementsAre(AllOf(StartsWith("/animations/0/channels/0/sampler: accessor 1 holds 1 "
                                           "rotation not of unit length"),
                                HasSubstr("element 1 has length 0.87"))));
  ReadResult cubic =
      read_ok(doc.json(cat(R"("nodes": [{}], )", animation("rotation", 0, 2, "CUBICSPLINE"))));
  EXPECT_THAT(messages(cubic.diagnostics, "gltf.read.animation-rotation-not-unit"),
              ElementsAre(AllOf(HasSubstr("accessor 2 holds 1 rotation"),
                                HasSubstr("element 4 has length 0.5"))));
}

TEST(AccessorCheck, ChannelsAnimatingANodeWithAMatrixAreWarnedAboutAndKept) {
  Doc doc;
  doc.add<float>({0, 1}, cat(kTimes, R"(2, "min": [0], "max": [1])"));
  doc.add<float>({1, 1, 1, 2, 2, 2}, cat(kVec3, "2"));
  ReadResult r = read_ok(
      doc.json(cat(R"("nodes": [{"matrix": [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}], )",
                   animation("scale", 0, 1))));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.channel-targets-matrix"),
              ElementsAre(AllOf(StartsWith("/animations/0/channels/0/target: it animates the "
                                           "scale of node 0, which has a matrix"),
                                HasSubstr("Read as animating the scale the matrix decomposes"))));
  ASSERT_EQ(r.scene->animations.size(), 1u);
  EXPECT_EQ(r.scene->animations[0].channels.size(), 1u);
}

TEST(AccessorCheck, SparseIndicesMustIncrease) {
  Doc doc;
  add_points(doc);
  const int indices = doc.add_view<uint8_t>({2, 0, 0, 0});
  const int values = doc.add_view<float>({5, 6, 7});
  doc.add_json(cat(R"({"componentType": 5126, "type": "SCALAR", "count": 3, "sparse": {"count": 3,
      "indices": {"bufferView": )",
                   indices, R"(, "componentType": 5121}, "values": {"bufferView": )", values,
                   "}}}"));
  ReadResult r = read_ok(doc.json(mesh(0)));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.sparse-indices-not-increasing"),
              ElementsAre(AllOf(StartsWith("/accessors/1/sparse/indices: 2 indices do not "
                                           "increase"),
                                HasSubstr("(entry 1)"))));
}

TEST(AccessorCheck, InverseBindMatricesMustEndInTheRowOfAnAffineMatrix) {
  Doc doc;
  std::vector<float> matrices = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
                                 1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 4};
  doc.add<float>(matrices, R"("componentType": 5126, "type": "MAT4", "count": 2)");
  ReadResult r = read_ok(
      doc.json(R"("nodes": [{}, {}], "skins": [{"joints": [0, 1], "inverseBindMatrices": 0}])"));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.inverse-bind-matrix-invalid"),
              ElementsAre("/skins/0/inverseBindMatrices: 1 matrix does not end in the row "
                          "[0, 0, 0, 1] glTF requires (matrix 1 ends in [1, 2, 3, 4])"));
}

// Two vertices skinned by JOINTS_0 / WEIGHTS_0 (and _1 when given): mesh 0, bound by the last node
// to skin 0, whose joints are the `joints` nodes before it.
std::string skinned(Doc& doc, int joints, std::string_view sets) {
  std::string joint_list;
  std::string nodes;
  for (int i = 0; i < joints; ++i) {
    joint_list += cat(i == 0 ? "" : ", ", i);
    nodes += "{}, ";
  }
  const int position =
      doc.add<float>({0, 0, 0, 1, 0, 0}, cat(kVec3, R"(2, "min": [0, 0, 0], "max": [1, 0, 0])"));
  return doc.json(cat(mesh(position, sets), R"(, "nodes": [)", nodes,
                      R"({"mesh": 0, "skin": 0}], "skins": [{"joints": [)", joint_list, "]}]"));
}

constexpr std::string_view kJoints = R"("componentType": 5121, "type": "VEC4", "count": 2)";
constexpr std::string_view kWeights = R"("componentType": 5126, "type": "VEC4", "count": 2)";

TEST(AccessorCheck, JointsMustNameJointsOfTheSkinOnceEach) {
  Doc doc;
  doc.add<uint8_t>({0, 1, 0, 0, 1, 1, 2, 0}, kJoints);
  doc.add<float>({0.5f, 0.5f, 0, 0, 0.5f, 0.25f, 0.25f, 0}, kWeights);
  // Vertex 1 names joint 1 twice, and joint 2 of a skin of 2.
  ReadResult r = read_ok(skinned(doc, 2, R"(, "JOINTS_0": 0, "WEIGHTS_0": 1)"));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.joint-out-of-range"),
              ElementsAre(AllOf(StartsWith("/meshes/0/primitives/0/attributes/JOINTS_0: 1 joint "
                                           "index is past the 2 joints of skin 0"),
                                HasSubstr("vertex 1, component 2 is 2"))));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.joint-duplicate"),
              ElementsAre(AllOf(StartsWith("/meshes/0/primitives/0/attributes/JOINTS_0: 1 joint "
                                           "index repeats"),
                                HasSubstr("vertex 1, component 1: joint 1"))));
  // Vertex 1's weights count 0.5 once its repeated and out-of-range joints are left out.
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.weights-not-normalized"),
              ElementsAre(AllOf(StartsWith("/meshes/0/primitives/0/attributes: the weights of 1 "
                                           "vertex do not sum to 1"),
                                HasSubstr("vertex 1: 0.5"))));
}

TEST(AccessorCheck, WeightsMustBeNonNegativeAndSumToOneAcrossSets) {
  Doc doc;
  doc.add<uint8_t>({0, 1, 2, 3, 0, 1, 2, 3}, kJoints);
  doc.add<uint8_t>({4, 5, 6, 7, 4, 5, 6, 7}, kJoints);
  // Normalized bytes: vertex 0 sums to 1 over both sets; vertex 1 has a negative float.
  doc.add<uint8_t>({128, 0, 0, 0, 0, 0, 0, 0},
                   R"("componentType": 5121, "normalized": true, "type": "VEC4", "count": 2)");
  doc.add<float>({0, 0, 0, 127 / 255.0f, 1, 0.5f, -0.5f, 0}, kWeights);
  ReadResult r =
      read_ok(skinned(doc, 8, R"(, "JOINTS_0": 0, "JOINTS_1": 1, "WEIGHTS_0": 2, "WEIGHTS_1": 3)"));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.weight-negative"),
              ElementsAre(AllOf(StartsWith("/meshes/0/primitives/0/attributes/WEIGHTS_1: 1 "
                                           "weight is negative"),
                                HasSubstr("vertex 1, component 2 is -0.5"))));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.weights-not-normalized"),
              ElementsAre(AllOf(HasSubstr("the weights of 1 vertex do not sum to 1"),
                                HasSubstr("(vertex 1: 1.5)"))));
  EXPECT_EQ(r.diagnostics.count("gltf.read.joint-out-of-range"), 0);
}

TEST(AccessorCheck, ValuesTheDocumentDoesNotHoldAreLeftAlone) {
  // No bufferView: zeros, whatever min / max say, and key times that do not increase.
  ReadResult r = read_ok(document(R"("nodes": [{}],
      "accessors": [{"componentType": 5126, "type": "SCALAR", "count": 2, "min": [1], "max": [2]},
                    {"componentType": 5126, "type": "VEC3", "count": 2},
                    {"componentType": 5126, "type": "VEC3", "count": 2, "min": [1, 1, 1],
                     "max": [2, 2, 2]}],
      "animations": [{"channels": [{"sampler": 0, "target": {"node": 0, "path": "scale"}}],
                      "samplers": [{"input": 0, "output": 1}]}])"));
  EXPECT_THAT(our_warnings(r.diagnostics), IsEmpty());
}

TEST(AccessorCheck, AValidDocumentGivesNoneOfTheseWarnings) {
  Doc doc;
  doc.add<float>({0, 0, 0, 1, 0, 0}, cat(kVec3, R"(2, "min": [0, 0, 0], "max": [1, 0, 0])"));
  doc.add<float>({0, 0, 1, 0, 0.6f, 0.8f}, cat(kVec3, "2"));
  doc.add<int8_t>({127, 0, 0, -127, 0, 127, 0, 127},
                  R"("componentType": 5120, "normalized": true, "type": "VEC4", "count": 2)");
  doc.add<float>({0, 0.5f, 1, 1, 1, 1, 0.25f, 1}, R"("componentType": 5126, "type": "VEC4",
                 "count": 2)");
  doc.add<uint16_t>({0, 1, 0, 0, 1, 0, 0, 0},
                    R"("componentType": 5123, "type": "VEC4", "count": 2)");
  doc.add<uint8_t>({51, 204, 0, 0, 255, 0, 0, 0},
                   R"("componentType": 5121, "normalized": true, "type": "VEC4", "count": 2)");
  doc.add<uint8_t>({0, 1, 1, 0}, R"("componentType": 5121, "type": "SCALAR", "count": 4)");
  doc.add<float>({0, 0.5f, 1}, cat(kTimes, R"(3, "min": [0], "max": [1])"));
  doc.add<float>({0, 0, 0, 1, 0, 0, 0.70710677f, 0.70710677f, 0, 0, 1, 0},
                 R"("componentType": 5126, "type": "VEC4", "count": 3)");
  std::vector<float> identities = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
                                   1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  doc.add<float>(identities, R"("componentType": 5126, "type": "MAT4", "count": 2)");
  // Unused, with bounds that match.
  doc.add<int16_t>({-3, 7}, R"("componentType": 5122, "type": "SCALAR", "count": 2,
                   "min": [-3], "max": [7])");
  ReadResult r = read_ok(doc.json(R"("meshes": [{"primitives": [{"mode": 1, "indices": 6,
      "attributes": {"POSITION": 0, "NORMAL": 1, "TANGENT": 2, "COLOR_0": 3, "JOINTS_0": 4,
                     "WEIGHTS_0": 5}}]}],
      "nodes": [{"children": [1]}, {"mesh": 0, "skin": 0}],
      "skins": [{"joints": [0, 1], "inverseBindMatrices": 9}],
      "animations": [{"channels": [{"sampler": 0, "target": {"node": 0, "path": "rotation"}}],
                      "samplers": [{"input": 7, "output": 8}]}])"));
  EXPECT_THAT(our_warnings(r.diagnostics), IsEmpty());
}

}  // namespace
}  // namespace px::gltf::testing
