// How buffer views sit in buffers and accessors in buffer views: each rule of the Khronos
// validator the layout check follows gives its warning, naming the JSON pointer the validator
// names; a valid document gives none, and values of a wrong type or naming nothing are skipped.
#include "formats/gltf/check/layout_check.h"

#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::StartsWith;

constexpr std::string_view kCodes[] = {"gltf.read.buffer-view-too-long",
                                       "gltf.read.byte-stride-too-big",
                                       "gltf.read.byte-stride-invalid",
                                       "gltf.read.byte-stride-missing",
                                       "gltf.read.buffer-view-target-override",
                                       "gltf.read.accessor-too-long",
                                       "gltf.read.accessor-misaligned",
                                       "gltf.read.accessor-small-stride",
                                       "gltf.read.attribute-misaligned",
                                       "gltf.read.normalized-invalid",
                                       "gltf.read.sparse-count"};

// The warnings check_layout gives on the document `json`, as "code: message".
std::vector<std::string> layout_warnings(std::string_view json) {
  px::gltf::JsonDocument doc;
  doc.Parse(json.data(), json.size());
  EXPECT_FALSE(doc.HasParseError()) << json;
  absl::StatusOr<JsonObject> root = JsonObject::of(doc, "");
  EXPECT_TRUE(root.ok()) << root.status();
  if (!root.ok()) return {};
  Diagnostics diagnostics;
  check_layout(*root, diagnostics);
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.entries()) out.push_back(cat(d.code, ": ", d.message));
  return out;
}

TEST(LayoutCheck, ValidDocumentGivesNoLayoutWarning) {
  // Interleaved positions and normals in one strided view, indices, a normalized uint8 color, a
  // sparse accessor, a skin's matrices and an animation, each view holding one kind of data.
  Bin bin;
  const size_t vertices = bin.add<float>({0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1});
  const size_t indices = bin.add<uint16_t>({0, 1, 2, 0});
  const size_t colors = bin.add<uint8_t>({255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255});
  const size_t matrices = bin.add<float>({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
  const size_t times = bin.add<float>({0, 1});
  const size_t sparse = bin.add<uint8_t>({1, 0, 0, 0});
  const size_t values = bin.add<float>({0.5f, 1, 2});
  const std::string json =
      document(cat(R"("bufferViews": [
            {"buffer": 0, "byteOffset": )",
                   vertices, R"(, "byteLength": 72, "byteStride": 24, "target": 34962},
            {"buffer": 0, "byteOffset": )",
                   indices, R"(, "byteLength": 6, "target": 34963},
            {"buffer": 0, "byteOffset": )",
                   colors, R"(, "byteLength": 12, "target": 34962},
            {"buffer": 0, "byteOffset": )",
                   matrices, R"(, "byteLength": 64},
            {"buffer": 0, "byteOffset": )",
                   times, R"(, "byteLength": 8},
            {"buffer": 0, "byteOffset": )",
                   sparse, R"(, "byteLength": 1},
            {"buffer": 0, "byteOffset": )",
                   values, R"(, "byteLength": 12}],
          "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
             "min": [0, 0, 0], "max": [1, 1, 0]},
            {"bufferView": 0, "byteOffset": 12, "componentType": 5126, "count": 3, "type": "VEC3"},
            {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"},
            {"bufferView": 2, "componentType": 5121, "normalized": true, "count": 3,
             "type": "VEC4"},
            {"bufferView": 3, "componentType": 5126, "count": 1, "type": "MAT4"},
            {"bufferView": 4, "componentType": 5126, "count": 2, "type": "SCALAR",
             "min": [0], "max": [1]},
            {"componentType": 5126, "count": 2, "type": "VEC3",
             "sparse": {"count": 1, "indices": {"bufferView": 5, "componentType": 5121},
                        "values": {"bufferView": 6}}}],
          "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "COLOR_0": 3},
                                      "indices": 2}]}],
          "nodes": [{"mesh": 0}, {}],
          "skins": [{"joints": [1], "inverseBindMatrices": 4}],
          "animations": [{"samplers": [{"input": 5, "output": 6}],
                          "channels": [{"sampler": 0,
                                        "target": {"node": 1, "path": "translation"}}]}],
          "scenes": [{"nodes": [0, 1]}], "scene": 0)"),
               bin);
  EXPECT_THAT(layout_warnings(json), IsEmpty());
  ReadResult r = read_bytes(json);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  for (std::string_view code : kCodes) EXPECT_EQ(r.diagnostics.count(code), 0) << code;
}

TEST(LayoutCheck, BufferViewPastItsBuffer) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": 4}],
      "bufferViews": [{"buffer": 0, "byteLength": 5}, {"buffer": 0, "byteOffset": 4,
                       "byteLength": 4}, {"buffer": 0, "byteOffset": 2, "byteLength": 2}]})"),
              ElementsAre("gltf.read.buffer-view-too-long: /bufferViews/0/byteLength: 5 bytes "
                          "from byteOffset 0 reach past the end of buffer 0, whose byteLength "
                          "is 4",
                          "gltf.read.buffer-view-too-long: /bufferViews/1/byteOffset: 4 is past "
                          "the end of buffer 0, whose byteLength is 4"));
}

TEST(LayoutCheck, ByteStrideGreaterThanByteLength) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": 4}],
      "bufferViews": [{"buffer": 0, "byteLength": 1, "byteStride": 4},
                      {"buffer": 0, "byteLength": 4, "byteStride": 4}]})"),
              ElementsAre("gltf.read.byte-stride-too-big: /bufferViews/0/byteStride: 4 is greater "
                          "than the view's byteLength 1"));
}

TEST(LayoutCheck, ByteStrideOnAViewOfIndexTarget) {
  EXPECT_THAT(
      layout_warnings(R"({"buffers": [{"byteLength": 8}],
      "bufferViews": [{"buffer": 0, "byteLength": 4, "byteStride": 4, "target": 34963},
                      {"buffer": 0, "byteLength": 4, "byteStride": 4, "target": 34962}]})"),
      ElementsAre(StartsWith("gltf.read.byte-stride-invalid: /bufferViews/0/byteStride: a view "
                             "of target 34963 holds indices")));
}

TEST(LayoutCheck, ByteStrideOnViewsOfSparseData) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": 28}],
      "bufferViews": [{"buffer": 0, "byteLength": 12, "byteOffset": 16, "byteStride": 4}],
      "accessors": [{"type": "SCALAR", "componentType": 5126, "count": 2,
                     "sparse": {"count": 1, "indices": {"componentType": 5123, "bufferView": 0},
                                "values": {"bufferView": 0, "byteOffset": 4}}}]})"),
              ElementsAre("gltf.read.byte-stride-invalid: /accessors/0/sparse/indices/bufferView: "
                          "bufferView 0 has a byteStride, which a view of sparse indices may not "
                          "have",
                          "gltf.read.byte-stride-invalid: /accessors/0/sparse/values/bufferView: "
                          "bufferView 0 has a byteStride, which a view of sparse values may not "
                          "have"));
}

TEST(LayoutCheck, ByteStrideOnViewsOfIndicesImagesMatricesAndAnimations) {
  EXPECT_THAT(
      layout_warnings(R"({"buffers": [{"byteLength": 256}],
      "bufferViews": [{"buffer": 0, "byteLength": 64, "byteStride": 4},
                      {"buffer": 0, "byteLength": 64, "byteStride": 64},
                      {"buffer": 0, "byteLength": 12, "byteStride": 4},
                      {"buffer": 0, "byteLength": 8, "byteStride": 4}],
      "accessors": [{"bufferView": 0, "componentType": 5125, "count": 6, "type": "SCALAR"},
                    {"bufferView": 1, "componentType": 5126, "count": 1, "type": "MAT4"},
                    {"bufferView": 3, "componentType": 5126, "count": 2, "type": "SCALAR"}],
      "images": [{"bufferView": 2, "mimeType": "image/png"}],
      "meshes": [{"primitives": [{"attributes": {}, "indices": 0}]}],
      "skins": [{"joints": [0], "inverseBindMatrices": 1}],
      "animations": [{"samplers": [{"input": 2, "output": 2}]}]})"),
      ElementsAre(
          "gltf.read.byte-stride-invalid: /images/0/bufferView: bufferView 2 has a byteStride, "
          "which a view of image data may not have",
          "gltf.read.byte-stride-invalid: /meshes/0/primitives/0/indices: accessor 0's "
          "bufferView 0 has a byteStride, which a view of indices may not have",
          "gltf.read.byte-stride-invalid: /skins/0/inverseBindMatrices: accessor 1's bufferView "
          "1 has a byteStride, which a view of inverse bind matrices may not have",
          "gltf.read.byte-stride-invalid: /animations/0/samplers/0/input: accessor 2's "
          "bufferView 3 has a byteStride, which a view of animation sampler data may not have",
          "gltf.read.byte-stride-invalid: /animations/0/samplers/0/output: accessor 2's "
          "bufferView 3 has a byteStride, which a view of animation sampler data may not have"));
}

TEST(LayoutCheck, ByteStrideMissingOnAViewTwoAttributeAccessorsShare) {
  // Accessor 0 used twice is one user; accessor 1 in the same view without byteStride is a second.
  EXPECT_THAT(
      layout_warnings(R"({"buffers": [{"byteLength": 128}],
      "bufferViews": [{"buffer": 0, "byteLength": 128, "target": 34962}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
                    {"bufferView": 0, "byteOffset": 36, "componentType": 5123,
                     "normalized": true, "count": 3, "type": "VEC4"}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}},
                                 {"attributes": {"POSITION": 0, "COLOR_0": 1}}]}]})"),
      ElementsAre("gltf.read.byte-stride-missing: /meshes/0/primitives/1/attributes/COLOR_0: "
                  "accessor 1 shares bufferView 0 with the vertex attributes of accessor 0, but "
                  "the view has no byteStride, which glTF requires then"));
}

TEST(LayoutCheck, BufferViewHoldingTwoKindsOfData) {
  EXPECT_THAT(
      layout_warnings(R"({"buffers": [{"byteLength": 64}],
      "bufferViews": [{"buffer": 0, "byteLength": 64},
                      {"buffer": 0, "byteLength": 36, "target": 34963}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
                    {"bufferView": 0, "componentType": 5125, "count": 6, "type": "SCALAR"},
                    {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1,
                                  "targets": [{"POSITION": 2}]}]}]})"),
      ElementsAre("gltf.read.buffer-view-target-override: /meshes/0/primitives/0/indices: "
                  "bufferView 0 holds indices here, but vertex data at "
                  "/meshes/0/primitives/0/attributes/POSITION; a view holds one kind of data",
                  "gltf.read.buffer-view-target-override: /meshes/0/primitives/0/targets/0/"
                  "POSITION: bufferView 1 holds vertex data here, but indices at "
                  "/bufferViews/1/target; a view holds one kind of data"));
}

TEST(LayoutCheck, AccessorPastItsView) {
  EXPECT_THAT(
      layout_warnings(R"({"buffers": [{"byteLength": 28}],
      "bufferViews": [{"buffer": 0, "byteLength": 16}],
      "accessors": [{"bufferView": 0, "byteOffset": 20, "componentType": 5126, "count": 1,
                     "type": "SCALAR"},
                    {"bufferView": 0, "componentType": 5122, "count": 10, "type": "VEC3"},
                    {"bufferView": 0, "byteOffset": 4, "componentType": 5126, "count": 1,
                     "type": "VEC3"}]})"),
      ElementsAre("gltf.read.accessor-too-long: /accessors/0/byteOffset: 20 is past the end of "
                  "bufferView 0, whose byteLength is 16",
                  "gltf.read.accessor-too-long: /accessors/1: its 60 bytes from byteOffset 0 "
                  "reach past the end of bufferView 0, whose byteLength is 16"));
}

TEST(LayoutCheck, AccessorOffsetNotAMultipleOfTheComponentSize) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": 28}],
      "bufferViews": [{"buffer": 0, "byteLength": 16}],
      "accessors": [{"bufferView": 0, "byteOffset": 1, "componentType": 5126, "count": 1,
                     "type": "SCALAR"},
                    {"bufferView": 0, "byteOffset": 2, "componentType": 5123, "count": 1,
                     "type": "SCALAR"}]})"),
              ElementsAre("gltf.read.accessor-misaligned: /accessors/0/byteOffset: 1 is not a "
                          "multiple of the component size 4",
                          "gltf.read.accessor-misaligned: /accessors/0: its byteOffset 1 after "
                          "bufferView 0's byteOffset 0 does not start at a multiple of the "
                          "component size 4"));
}

TEST(LayoutCheck, AccessorTotalOffsetNotAMultipleOfTheComponentSize) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": 28}],
      "bufferViews": [{"buffer": 0, "byteOffset": 2, "byteLength": 16}],
      "accessors": [{"bufferView": 0, "byteOffset": 4, "componentType": 5126, "count": 1,
                     "type": "VEC3"},
                    {"bufferView": 0, "componentType": 5122, "count": 1, "type": "VEC3"}]})"),
              ElementsAre("gltf.read.accessor-misaligned: /accessors/0: its byteOffset 4 after "
                          "bufferView 0's byteOffset 2 does not start at a multiple of the "
                          "component size 4"));
}

TEST(LayoutCheck, MatrixAccessorOffsetNotAMultipleOf4) {
  // A MAT3 of bytes pads its columns to 4 bytes but not its last: 2 elements take 12 + 11 bytes.
  EXPECT_THAT(
      layout_warnings(R"({"buffers": [{"byteLength": 64}],
      "bufferViews": [{"buffer": 0, "byteLength": 23}],
      "accessors": [{"bufferView": 0, "byteOffset": 2, "componentType": 5122, "count": 1,
                     "type": "MAT2"},
                    {"bufferView": 0, "componentType": 5121, "count": 2, "type": "MAT3"},
                    {"bufferView": 0, "byteOffset": 4, "componentType": 5121, "count": 2,
                     "type": "MAT3"}]})"),
      ElementsAre("gltf.read.accessor-misaligned: /accessors/0/byteOffset: 2 is not a multiple "
                  "of 4, as a matrix accessor's must be",
                  "gltf.read.accessor-too-long: /accessors/2: its 23 bytes from byteOffset 4 "
                  "reach past the end of bufferView 0, whose byteLength is 23"));
}

TEST(LayoutCheck, ByteStrideSmallerThanTheElement) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": 28}],
      "bufferViews": [{"buffer": 0, "byteLength": 16, "byteStride": 4}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC4"},
                    {"bufferView": 0, "componentType": 5121, "count": 4, "type": "VEC4"}]})"),
              ElementsAre("gltf.read.accessor-small-stride: /accessors/0: the byteStride 4 of "
                          "bufferView 0 is less than its 16-byte VEC4 elements"));
}

TEST(LayoutCheck, NormalizedFloatsAndUnsignedInts) {
  EXPECT_THAT(
      layout_warnings(R"({"accessors": [
      {"componentType": 5126, "count": 1, "type": "SCALAR", "normalized": true},
      {"componentType": 5125, "count": 1, "type": "SCALAR", "normalized": true},
      {"componentType": 5123, "count": 1, "type": "SCALAR", "normalized": true},
      {"componentType": 5126, "count": 1, "type": "SCALAR", "normalized": false}]})"),
      ElementsAre(
          "gltf.read.normalized-invalid: /accessors/0/normalized: only 8- and 16-bit "
          "integer components can be normalized, not those of componentType 5126; read as not "
          "normalized",
          "gltf.read.normalized-invalid: /accessors/1/normalized: only 8- and 16-bit "
          "integer components can be normalized, not those of componentType 5125; read as not "
          "normalized"));
}

TEST(LayoutCheck, SparseCountAboveTheAccessorCount) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": 16}],
      "bufferViews": [{"buffer": 0, "byteLength": 16}],
      "accessors": [{"componentType": 5126, "count": 1, "type": "SCALAR",
                     "sparse": {"count": 2, "indices": {"componentType": 5123, "bufferView": 0},
                                "values": {"bufferView": 0, "byteOffset": 8}}}]})"),
              ElementsAre("gltf.read.sparse-count: /accessors/0/sparse/count: 2 is more than the "
                          "accessor's count 1"));
}

TEST(LayoutCheck, SparseIndicesAndValuesPastTheirViews) {
  EXPECT_THAT(
      layout_warnings(R"({"buffers": [{"byteLength": 32}],
      "bufferViews": [{"buffer": 0, "byteLength": 4}, {"buffer": 0, "byteLength": 16}],
      "accessors": [{"componentType": 5126, "count": 8, "type": "VEC2",
                     "sparse": {"count": 3, "indices": {"componentType": 5121, "bufferView": 0,
                                                         "byteOffset": 2},
                                "values": {"bufferView": 1}}}]})"),
      ElementsAre("gltf.read.accessor-too-long: /accessors/0/sparse/indices: its 3 bytes from "
                  "byteOffset 2 reach past the end of bufferView 0, whose byteLength is 4",
                  "gltf.read.accessor-too-long: /accessors/0/sparse/values: its 24 bytes from "
                  "byteOffset 0 reach past the end of bufferView 1, whose byteLength is 16"));
}

TEST(LayoutCheck, VertexAttributeDataNotFourByteAligned) {
  EXPECT_THAT(
      layout_warnings(R"({"buffers": [{"byteLength": 104}],
      "bufferViews": [{"buffer": 0, "byteLength": 30, "target": 34962},
                      {"buffer": 0, "byteOffset": 32, "byteLength": 9, "target": 34962},
                      {"buffer": 0, "byteOffset": 44, "byteLength": 12, "byteStride": 4}],
      "accessors": [{"bufferView": 0, "byteOffset": 2, "componentType": 5121,
                     "normalized": true, "count": 3, "type": "VEC4"},
                    {"bufferView": 1, "componentType": 5121, "normalized": true, "count": 3,
                     "type": "VEC3"},
                    {"bufferView": 2, "componentType": 5121, "normalized": true, "count": 3,
                     "type": "VEC3"}],
      "meshes": [{"primitives": [{"attributes": {"COLOR_0": 0, "COLOR_1": 1, "COLOR_2": 2}}]}]})"),
      ElementsAre("gltf.read.attribute-misaligned: /meshes/0/primitives/0/attributes/COLOR_0: "
                  "accessor 0's byteOffset 2 is not a multiple of 4, as vertex attribute data's "
                  "must be",
                  "gltf.read.attribute-misaligned: /meshes/0/primitives/0/attributes/COLOR_1: "
                  "accessor 1's 3-byte elements lie in bufferView 1 without a byteStride, so not "
                  "all start at a multiple of 4, as vertex attribute data must"));
}

TEST(LayoutCheck, ValuesOfAWrongTypeOrNamingNothingAreSkipped) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": "4"}, 3],
      "bufferViews": [{"buffer": 5, "byteLength": 9}, {"buffer": 0, "byteLength": 9},
                      {"buffer": 1, "byteLength": 9, "byteStride": 2, "target": "34963"},
                      {"buffer": 0, "byteOffset": -4, "byteLength": 1, "byteStride": 400},
                      "view"],
      "accessors": [{"bufferView": 9, "byteOffset": 1, "componentType": 5126, "count": 1,
                     "type": "VEC3", "normalized": "yes"},
                    {"bufferView": 1, "byteOffset": 4, "componentType": 5124, "count": 99,
                     "type": "MAT2"},
                    {"bufferView": 1, "byteOffset": 1.5, "componentType": 5126, "count": 99,
                     "type": "VEC9"},
                    {"bufferView": 1, "componentType": 5126, "count": 0, "type": "VEC4",
                     "sparse": {"count": 9, "indices": 1, "values": {"bufferView": "1"}}},
                    {"componentType": 5126, "count": 1, "type": "VEC4",
                     "sparse": {"count": -1, "indices": {"bufferView": 1}}},
                    7],
      "images": [{"bufferView": 4}, {"bufferView": [2]}],
      "meshes": [{"primitives": [{"attributes": [1], "indices": 9, "targets": [5, {"A": -1}]},
                                 "primitive"]}, {"primitives": 4}],
      "skins": [{"inverseBindMatrices": 5}],
      "animations": [{"samplers": [{"input": {}, "output": 99}, 2]}]})"),
              IsEmpty());
}

TEST(LayoutCheck, HugeNumbersDoNotOverflow) {
  EXPECT_THAT(layout_warnings(R"({"buffers": [{"byteLength": 18446744073709551615}],
      "bufferViews": [{"buffer": 0, "byteOffset": 18446744073709551612,
                       "byteLength": 18446744073709551615}],
      "accessors": [{"bufferView": 0, "byteOffset": 18446744073709551612, "componentType": 5126,
                     "count": 18446744073709551615, "type": "MAT4",
                     "sparse": {"count": 18446744073709551615,
                                "indices": {"bufferView": 0, "componentType": 5125,
                                            "byteOffset": 18446744073709551612},
                                "values": {"bufferView": 0}}}]})"),
              ElementsAre(StartsWith("gltf.read.buffer-view-too-long: /bufferViews/0/byteLength: "),
                          StartsWith("gltf.read.accessor-too-long: /accessors/0: its "
                                     "18446744073709551615 bytes"),
                          StartsWith("gltf.read.accessor-too-long: /accessors/0/sparse/indices: "),
                          StartsWith("gltf.read.accessor-too-long: /accessors/0/sparse/values: ")));
}

}  // namespace
}  // namespace px::gltf::testing
