// Documents the Khronos validator rejects that the reader reads on, with a warning: empty arrays
// glTF requires non-empty (gltf.read.empty-array) and accessor min / max that disagree with the
// data (gltf.read.accessor-bounds).
#include <cstdint>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

std::vector<std::string> messages(const Diagnostics& diagnostics, std::string_view code) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.code == code) out.push_back(d.message);
  }
  return out;
}

TEST(ReadWarnings, EmptyArraysAreWarnedAboutByPointer) {
  ReadResult r = read_bytes(document(R"("meshes": [], "materials": [],
      "nodes": [{"children": []}, {"children": [0]}], "scenes": [{"nodes": []}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->nodes.size(), 2);
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.empty-array"),
              UnorderedElementsAre(HasSubstr("/meshes is empty"), HasSubstr("/materials is empty"),
                                   HasSubstr("/nodes/0/children is empty"),
                                   HasSubstr("/scenes/0/nodes is empty")));
}

TEST(ReadWarnings, EmptySkinJointsAreWarnedAbout) {
  ReadResult r = read_bytes(document(R"("nodes": [{}], "skins": [{"joints": []}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.empty-array"),
              UnorderedElementsAre(HasSubstr("/skins/0/joints is empty")));
}

TEST(ReadWarnings, NonEmptyArraysGiveNoWarning) {
  ReadResult r = read_bytes(
      document(R"("nodes": [{"children": [1]}, {}], "scenes": [{"nodes": [0]}], "scene": 0)"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.empty-array"), 0);
}

// Points at three positions, as accessor 0 of `min_max` (JSON members), and the float
// values of uint8 accessor 1, normalized, with `min_max_1`.
std::string points(std::string_view min_max, std::string_view min_max_1 = "") {
  Bin bin;
  size_t pos = bin.add<float>({0, 0, 0, 1, 2, 3, -1, 5, 0.25f});
  size_t col = bin.add<uint8_t>({0, 51, 255, 0});
  return document(cat(R"("bufferViews": [{"buffer": 0, "byteOffset": )", pos,
                      R"(, "byteLength": 36}, {"buffer": 0, "byteOffset": )", col,
                      R"(, "byteLength": 4}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3")",
                      min_max, R"(},
                    {"bufferView": 1, "componentType": 5121, "normalized": true, "count": 3,
                     "type": "SCALAR")",
                      min_max_1, R"(}],
      "meshes": [{"primitives": [{"mode": 0, "attributes": {"POSITION": 0, "_W": 1}}]}])"),
                  bin);
}

TEST(ReadWarnings, AccessorBoundsThatMatchGiveNoWarning) {
  // min / max are the stored values, before normalization; a float bound rounds to float.
  ReadResult r = read_bytes(
      points(R"(, "min": [-1, 0, 0], "max": [1, 5, 3])", R"(, "min": [0], "max": [255])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.accessor-bounds"), 0);
  ReadResult none = read_bytes(points(""));
  ASSERT_TRUE(none.scene.ok()) << none.scene.status();
  EXPECT_EQ(none.diagnostics.count("gltf.read.accessor-bounds"), 0);
}

TEST(ReadWarnings, AccessorBoundsThatDisagreeAreWarnedOncePerAccessor) {
  // min[0] and max[1] are wrong; accessor 1's max is given normalized, which glTF's is not.
  ReadResult r =
      read_bytes(points(R"(, "min": [0, 0, 0], "max": [1, 4, 3])", R"(, "min": [0], "max": [1])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.accessor-bounds"),
              UnorderedElementsAre(AllOf(HasSubstr("/accessors/0:"), HasSubstr("in 2 values"),
                                         HasSubstr("min[0] is declared 0, the data's is -1")),
                                   AllOf(HasSubstr("/accessors/1:"), HasSubstr("in 1 value"))));
}

TEST(ReadWarnings, BoundsOfDataTheDocumentDoesNotHoldAreLeftAlone) {
  // Accessor 0 has no bufferView, accessor 1's buffer no uri: both read as zeros.
  ReadResult r = read_bytes(document(R"("buffers": [{"byteLength": 12}],
      "bufferViews": [{"buffer": 0, "byteLength": 12}],
      "accessors": [{"componentType": 5126, "count": 1, "type": "VEC3",
                     "min": [1, 1, 1], "max": [2, 2, 2]},
                    {"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3",
                     "min": [1, 1, 1], "max": [2, 2, 2]}],
      "meshes": [{"primitives": [{"mode": 0, "attributes": {"POSITION": 0, "_B": 1}}]}])"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.buffer-no-data"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.accessor-bounds"), 0);
}

TEST(ReadWarnings, MalformedBoundsAreLeftAlone) {
  // Not one number per component: not this check's to judge.
  ReadResult r = read_bytes(points(R"(, "min": [0, 0], "max": "x")"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("gltf.read.accessor-bounds"), 0);
}

}  // namespace
}  // namespace px::gltf::testing
