// Accessors: every component type, normalized integers, strides, padded matrix columns, sparse
// substitution, and every offset, length, stride and count checked before a read.
#include "formats/gltf/read/read_accessors.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "formats/gltf/read/read_buffers.h"
#include "formats/gltf/read/read_context.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

// One document's accessors, decoded through the reader's own classes.
class Decoder {
 public:
  explicit Decoder(const std::string& json) {
    doc_.Parse(json.data(), json.size());
    EXPECT_FALSE(doc_.HasParseError()) << json;
    absl::StatusOr<JsonObject> root = JsonObject::of(doc_, "");
    EXPECT_TRUE(root.ok());
    ctx_ = std::make_unique<ReadContext>(*root, scene_, options_, diagnostics_,
                                         std::filesystem::path(), json.size());
    EXPECT_TRUE(ctx_->init().ok());
    buffers_ = std::make_unique<Buffers>(*ctx_, std::nullopt, /*glb=*/false);
    accessors_ = std::make_unique<Accessors>(*ctx_, *buffers_);
  }

  absl::StatusOr<const AccessorData*> get(int index) { return accessors_->get(index); }
  std::vector<double> values(int index) {
    absl::StatusOr<const AccessorData*> data = get(index);
    EXPECT_TRUE(data.ok()) << data.status();
    return data.ok() ? values_of((*data)->column) : std::vector<double>{};
  }
  const Diagnostics& diagnostics() const { return diagnostics_; }

 private:
  px::gltf::JsonDocument doc_;
  Scene scene_;
  ReadOptions options_;
  Diagnostics diagnostics_;
  std::unique_ptr<ReadContext> ctx_;
  std::unique_ptr<Buffers> buffers_;
  std::unique_ptr<Accessors> accessors_;
};

// A document of one view over the whole of bin and the given accessors.
std::string accessors_document(const Bin& bin, std::string_view accessors,
                               std::string_view view_extra = "") {
  return document(cat(R"("bufferViews": [{"buffer": 0, "byteLength": )", bin.bytes().size(),
                      view_extra, R"(}], "accessors": [)", accessors, "]"),
                  bin);
}

TEST(ReadAccessors, DecodesEveryComponentTypeKeepingItsType) {
  Bin bin;
  size_t i8 = bin.add<int8_t>({-128, 0, 127, 5});
  size_t u8 = bin.add<uint8_t>({0, 200, 255, 7});
  size_t i16 = bin.add<int16_t>({-32768, 1, 32767, 9});
  size_t u16 = bin.add<uint16_t>({0, 40000, 65535, 11});
  size_t u32 = bin.add<uint32_t>({0, 4000000000u, 1, 13});
  size_t f32 = bin.add<float>({0.5f, -1.25f, 3.0f, 1e30f});
  Decoder d(
      accessors_document(bin, cat(R"({"bufferView": 0, "byteOffset": )", i8,
                                  R"(, "componentType": 5120, "count": 4, "type": "SCALAR"},)",
                                  R"({"bufferView": 0, "byteOffset": )", u8,
                                  R"(, "componentType": 5121, "count": 2, "type": "VEC2"},)",
                                  R"({"bufferView": 0, "byteOffset": )", i16,
                                  R"(, "componentType": 5122, "count": 4, "type": "SCALAR"},)",
                                  R"({"bufferView": 0, "byteOffset": )", u16,
                                  R"(, "componentType": 5123, "count": 1, "type": "VEC4"},)",
                                  R"({"bufferView": 0, "byteOffset": )", u32,
                                  R"(, "componentType": 5125, "count": 4, "type": "SCALAR"},)",
                                  R"({"bufferView": 0, "byteOffset": )", f32,
                                  R"(, "componentType": 5126, "count": 4, "type": "SCALAR"})")));
  EXPECT_THAT(d.values(0), ElementsAre(-128, 0, 127, 5));
  EXPECT_THAT(d.values(1), ElementsAre(0, 200, 255, 7));
  EXPECT_THAT(d.values(2), ElementsAre(-32768, 1, 32767, 9));
  EXPECT_THAT(d.values(3), ElementsAre(0, 40000, 65535, 11));
  EXPECT_THAT(d.values(4), ElementsAre(0, 4000000000.0, 1, 13));
  EXPECT_THAT(d.values(5), ElementsAre(0.5, -1.25, 3.0, double{1e30f}));
  const DType expected[] = {DType::kInt8,   DType::kUInt8,  DType::kInt16,
                            DType::kUInt16, DType::kUInt32, DType::kFloat32};
  for (int i = 0; i < 6; ++i) EXPECT_EQ((*d.get(i))->column.dtype, expected[i]) << i;
  EXPECT_EQ((*d.get(1))->column.rows, 2u);
  EXPECT_EQ((*d.get(1))->column.cols, 2u);
}

TEST(ReadAccessors, NormalizedIntegersDecodeToFloats) {
  Bin bin;
  size_t i8 = bin.add<int8_t>({-128, -127, 0, 127});
  size_t u8 = bin.add<uint8_t>({0, 51, 255, 0});
  size_t i16 = bin.add<int16_t>({-32768, 0, 32767, 0});
  size_t u16 = bin.add<uint16_t>({0, 65535});
  Decoder d(accessors_document(
      bin, cat(R"({"bufferView": 0, "byteOffset": )", i8,
               R"(, "componentType": 5120, "normalized": true, "count": 4, "type": "SCALAR"},)",
               R"({"bufferView": 0, "byteOffset": )", u8,
               R"(, "componentType": 5121, "normalized": true, "count": 3, "type": "SCALAR"},)",
               R"({"bufferView": 0, "byteOffset": )", i16,
               R"(, "componentType": 5122, "normalized": true, "count": 3, "type": "SCALAR"},)",
               R"({"bufferView": 0, "byteOffset": )", u16,
               R"(, "componentType": 5123, "normalized": true, "count": 2, "type": "SCALAR"})")));
  EXPECT_THAT(d.values(0), ElementsAre(-1, -1, 0, 1));
  EXPECT_THAT(d.values(1), ElementsAre(0, double{51 / 255.0f}, 1));
  EXPECT_THAT(d.values(2), ElementsAre(-1, 0, 1));
  EXPECT_THAT(d.values(3), ElementsAre(0, 1));
  for (int i = 0; i < 4; ++i) EXPECT_EQ((*d.get(i))->column.dtype, DType::kFloat32);
}

// The layout check warns about the flag (LayoutCheck.NormalizedFloatsAndUnsignedInts).
TEST(ReadAccessors, NormalizedOnFloatsIsIgnored) {
  Bin bin;
  bin.add<float>({2.5f});
  Decoder d(accessors_document(
      bin, R"({"bufferView": 0, "componentType": 5126, "normalized": true, "count": 1,
               "type": "SCALAR"})"));
  EXPECT_THAT(d.values(0), ElementsAre(2.5));
}

TEST(ReadAccessors, ByteStrideInterleavesElements) {
  Bin bin;
  // Two VEC3 positions and two VEC2 texcoords interleaved in 20-byte vertices.
  bin.add<float>({1, 2, 3, 0.25f, 0.5f, 4, 5, 6, 0.75f, 1});
  Decoder d(accessors_document(bin,
                               R"({"bufferView": 0, "componentType": 5126, "count": 2,
                                   "type": "VEC3"},
                                  {"bufferView": 0, "byteOffset": 12, "componentType": 5126,
                                   "count": 2, "type": "VEC2"})",
                               R"(, "byteStride": 20)"));
  EXPECT_THAT(d.values(0), ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_THAT(d.values(1), ElementsAre(0.25, 0.5, 0.75, 1));
}

TEST(ReadAccessors, SmallMatricesSkipTheirColumnPadding) {
  Bin bin;
  // MAT2 of bytes: each 2-byte column padded to 4. MAT3 of shorts: each 6-byte column to 8.
  size_t mat2 = bin.add<uint8_t>({1, 2, 0xEE, 0xEE, 3, 4, 0xEE, 0xEE});
  size_t mat3 = bin.add<int16_t>({1, 2, 3, -1, 4, 5, 6, -1, 7, 8, 9, -1});
  Decoder d(
      accessors_document(bin, cat(R"({"bufferView": 0, "byteOffset": )", mat2,
                                  R"(, "componentType": 5121, "count": 1, "type": "MAT2"},)",
                                  R"({"bufferView": 0, "byteOffset": )", mat3,
                                  R"(, "componentType": 5122, "count": 1, "type": "MAT3"})")));
  EXPECT_THAT(d.values(0), ElementsAre(1, 2, 3, 4));
  EXPECT_THAT(d.values(1), ElementsAre(1, 2, 3, 4, 5, 6, 7, 8, 9));
}

TEST(ReadAccessors, TheLastMatrixNeedsNoPaddingAfterItsLastColumn) {
  // Two MAT2 of bytes in 14 bytes: the second's last column ends the view, unpadded.
  Bin bin;
  bin.add<uint8_t>({1, 2, 0xEE, 0xEE, 3, 4, 0xEE, 0xEE, 5, 6, 0xEE, 0xEE, 7, 8});
  Decoder d(accessors_document(
      bin, R"({"bufferView": 0, "componentType": 5121, "count": 2, "type": "MAT2"},
              {"bufferView": 0, "componentType": 5121, "count": 3, "type": "MAT2"})"));
  EXPECT_THAT(d.values(0), ElementsAre(1, 2, 3, 4, 5, 6, 7, 8));
  absl::StatusOr<const AccessorData*> past = d.get(1);
  ASSERT_FALSE(past.ok());
  EXPECT_THAT(past.status().message(), HasSubstr("3 elements of 6 bytes, 8 apart from byte 0"));
}

TEST(ReadAccessors, SparseValuesReplaceTheBaseOrZeros) {
  Bin bin;
  size_t base = bin.add<float>({1, 2, 3, 4, 5});
  size_t indices = bin.add<uint16_t>({1, 4});
  size_t values = bin.add<float>({20, 50});
  std::string sparse =
      cat(R"("sparse": {"count": 2, "indices": {"bufferView": 0, "byteOffset": )", indices,
          R"(, "componentType": 5123}, "values": {"bufferView": 0, "byteOffset": )", values, "}}");
  Decoder d(accessors_document(
      bin, cat(R"({"bufferView": 0, "byteOffset": )", base,
               R"(, "componentType": 5126, "count": 5, "type": "SCALAR", )", sparse, "},",
               R"({"componentType": 5126, "count": 6, "type": "SCALAR", )", sparse, "}")));
  EXPECT_THAT(d.values(0), ElementsAre(1, 20, 3, 4, 50));
  EXPECT_THAT(d.values(1), ElementsAre(0, 20, 0, 0, 50, 0));
  EXPECT_TRUE((*d.get(0))->backed);
  EXPECT_FALSE((*d.get(1))->backed);
}

TEST(ReadAccessors, SparseIndexPastTheCountIsRefused) {
  Bin bin;
  size_t indices = bin.add<uint8_t>({7});
  size_t values = bin.add<float>({1});
  Decoder d(accessors_document(
      bin, cat(R"({"componentType": 5126, "count": 3, "type": "SCALAR", "sparse": {"count": 1,
               "indices": {"bufferView": 0, "byteOffset": )",
               indices, R"(, "componentType": 5121}, "values": {"bufferView": 0, "byteOffset": )",
               values, "}}}")));
  absl::StatusOr<const AccessorData*> data = d.get(0);
  ASSERT_FALSE(data.ok());
  EXPECT_EQ(rule_of(data.status()), "gltf.accessor.sparse-index");
}

TEST(ReadAccessors, OutOfBoundsIsRefusedNamingTheAccessor) {
  Bin bin;
  bin.add<float>({1, 2, 3, 4});
  Decoder d(accessors_document(
      bin, R"({"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"},
              {"bufferView": 0, "byteOffset": 8, "componentType": 5126, "count": 1,
               "type": "VEC3"},
              {"bufferView": 0, "byteOffset": 18446744073709551615, "componentType": 5126,
               "count": 1, "type": "SCALAR"},
              {"bufferView": 0, "componentType": 5126, "count": 18446744073709551615,
               "type": "SCALAR"})"));
  EXPECT_TRUE(d.get(0).ok());
  for (int i = 1; i < 4; ++i) {
    absl::StatusOr<const AccessorData*> data = d.get(i);
    ASSERT_FALSE(data.ok()) << i;
    EXPECT_EQ(rule_of(data.status()), "gltf.accessor.out-of-bounds") << data.status();
    EXPECT_THAT(data.status().message(), HasSubstr(cat("/accessors/", i)));
  }
}

TEST(ReadAccessors, StrideSmallerThanAnElementIsRefused) {
  Bin bin;
  bin.add<float>({1, 2, 3, 4, 5, 6});
  Decoder d(accessors_document(
      bin, R"({"bufferView": 0, "componentType": 5126, "count": 2, "type": "VEC3"})",
      R"(, "byteStride": 8)"));
  EXPECT_EQ(rule_of(d.get(0).status()), "gltf.accessor.stride");
}

TEST(ReadAccessors, MalformedFieldsAreRefusedWithTheirRule) {
  Bin bin;
  bin.add<float>({1});
  Decoder d(accessors_document(
      bin, R"({"bufferView": 0, "componentType": 5124, "count": 1, "type": "SCALAR"},
              {"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC5"},
              {"bufferView": 0, "componentType": 5126, "count": 0, "type": "SCALAR"},
              {"bufferView": 3, "componentType": 5126, "count": 1, "type": "SCALAR"},
              {"bufferView": 0, "componentType": "float", "count": 1, "type": "SCALAR"},
              {"bufferView": 0, "componentType": 5126, "type": "SCALAR"})"));
  EXPECT_EQ(rule_of(d.get(0).status()), "gltf.accessor.component-type");
  EXPECT_EQ(rule_of(d.get(1).status()), "gltf.accessor.type");
  EXPECT_EQ(rule_of(d.get(2).status()), "gltf.accessor.count");
  EXPECT_EQ(rule_of(d.get(3).status()), "gltf.reference.unresolved");
  EXPECT_EQ(rule_of(d.get(4).status()), "gltf.json.type");
  EXPECT_EQ(rule_of(d.get(5).status()), "gltf.json.type");
  EXPECT_THAT(d.get(5).status().message(), HasSubstr("/accessors/5/count"));
}

TEST(ReadAccessors, ViewPastItsBufferAndBufferShorterThanItsLengthAreRefused) {
  Bin bin;
  bin.add<float>({1, 2});
  std::string data = bin.data_uri();
  Decoder view_past(cat(R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 8, "uri": ")",
                        data, R"("}], "bufferViews": [{"buffer": 0, "byteOffset": 4,
                        "byteLength": 8}], "accessors": [{"bufferView": 0,
                        "componentType": 5126, "count": 1, "type": "SCALAR"}]})"));
  EXPECT_EQ(rule_of(view_past.get(0).status()), "gltf.buffer-view.out-of-bounds");
  Decoder short_buffer(cat(R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 12,
                           "uri": ")",
                           data, R"("}], "bufferViews": [{"buffer": 0,
                           "byteLength": 4}], "accessors": [{"bufferView": 0,
                           "componentType": 5126, "count": 1, "type": "SCALAR"}]})"));
  EXPECT_EQ(rule_of(short_buffer.get(0).status()), "gltf.buffer.too-short");
}

// The layout check warns about the alignment
// (LayoutCheck.AccessorOffsetNotAMultipleOfTheComponentSize).
TEST(ReadAccessors, MisalignedDataIsRead) {
  const float v = 1.5f;
  Bin bin;
  bin.add_raw(std::string(2, '\0') + std::string(reinterpret_cast<const char*>(&v), 4));
  Decoder d(accessors_document(
      bin, R"({"bufferView": 0, "byteOffset": 2, "componentType": 5126, "count": 1,
               "type": "SCALAR"})"));
  EXPECT_THAT(d.values(0), ElementsAre(1.5));
}

TEST(ReadAccessors, CountTheBytesCannotBackIsRefusedBeforeAllocating) {
  // No bufferView: zeros, as many as the count says; the budget refuses a huge count.
  Decoder d(document(R"("accessors": [{"componentType": 5126, "count": 4000000000,
                        "type": "MAT4"}])"));
  absl::StatusOr<const AccessorData*> data = d.get(0);
  ASSERT_FALSE(data.ok());
  EXPECT_EQ(data.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(rule_of(data.status()), "gltf.read.budget");
}

}  // namespace
}  // namespace px::gltf::testing
