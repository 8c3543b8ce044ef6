// The container and the document: GLB told by its magic, its header and chunks checked, external
// buffers resolved beside the document (never outside it unless allowed), JSON syntax, the asset
// version and the extensions.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::HasSubstr;

// A point cloud of two points whose POSITION accessor reads buffer 0 (described by `buffer`).
std::string points_json(std::string_view buffer) {
  return cat(R"({"asset": {"version": "2.0"}, "buffers": [)", buffer, R"(],
      "bufferViews": [{"buffer": 0, "byteLength": 24}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "VEC3"}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 0}]}]})");
}

std::string two_points() {
  Bin bin;
  bin.add<float>({1, 2, 3, 4, 5, 6});
  return bin.bytes();
}

std::vector<double> points_of(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return r.scene.ok() ? values_of(r.scene->meshes[0].points) : std::vector<double>{};
}

TEST(ReadContainer, GlbIsToldByItsMagicWhateverTheFileIsCalled) {
  std::filesystem::path dir = temp_folder("read_glb_magic");
  write_file(dir / "renamed.gltf", glb(points_json(R"({"byteLength": 24})"), two_points()));
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = read(dir / "renamed.gltf", {}, diagnostics);
  ASSERT_TRUE(scene.ok()) << scene.status();
  EXPECT_THAT(values_of(scene->meshes[0].points), ElementsAre(1, 2, 3, 4, 5, 6));
}

TEST(ReadContainer, GlbHeaderAndChunksAreCheckedBeforeUse) {
  const std::string good = glb(points_json(R"({"byteLength": 24})"), two_points());
  EXPECT_THAT(points_of(read_bytes(good)), ElementsAre(1, 2, 3, 4, 5, 6));

  auto with_u32 = [&](size_t at, uint32_t v) {
    std::string out = good;
    for (int i = 0; i < 4; ++i) out[at + i] = static_cast<char>(v >> (8 * i));
    return out;
  };
  struct Case {
    std::string bytes;
    std::string rule;
  };
  const std::vector<Case> cases = {
      {good.substr(0, 10), "gltf.glb.header"},
      {with_u32(4, 1), "gltf.glb.version"},
      {with_u32(8, static_cast<uint32_t>(good.size() + 4)), "gltf.glb.length"},
      {with_u32(12, static_cast<uint32_t>(good.size())), "gltf.glb.chunk-length"},
      {with_u32(16, 0x004E4942), "gltf.glb.json-chunk"},
      {good.substr(0, good.size() - 32) + std::string(4, '\0'), "gltf.glb.chunk"},
  };
  for (const Case& c : cases) {
    std::string bytes = c.bytes;
    // Keep the header's total length honest unless the case is about it.
    if (c.rule != "gltf.glb.length" && bytes.size() >= 12) {
      for (int i = 0; i < 4; ++i) bytes[8 + i] = static_cast<char>(bytes.size() >> (8 * i));
    }
    ReadResult r = read_bytes(bytes);
    ASSERT_FALSE(r.scene.ok()) << c.rule;
    EXPECT_EQ(rule_of(r.scene.status()), c.rule) << r.scene.status();
  }
}

TEST(ReadContainer, GlbOddsAreReadWithWarnings) {
  // Bytes past the header's length, and a JSON chunk padded with NULs.
  std::string json = points_json(R"({"byteLength": 24})");
  std::string padded = glb(json, two_points()) + "junk";
  ReadResult r = read_bytes(padded);
  EXPECT_THAT(points_of(r), ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_EQ(r.diagnostics.count("gltf.read.glb-trailing-bytes"), 1);

  std::string nul_json = json;
  while (nul_json.size() % 4 != 3) nul_json += ' ';
  nul_json += '\0';
  ReadResult nul = read_bytes(glb(nul_json, two_points()));
  EXPECT_THAT(points_of(nul), ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_EQ(nul.diagnostics.count("gltf.read.glb-json-padding"), 1);
}

TEST(ReadContainer, GlbJsonChunkByteOrderMarkIsSkippedWithAWarning) {
  ReadResult r =
      read_bytes(glb("\xEF\xBB\xBF" + points_json(R"({"byteLength": 24})"), two_points()));
  EXPECT_THAT(points_of(r), ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_THAT(r.diagnostics.entries(),
              Contains(AllOf(Field(&Diagnostic::code, "gltf.read.json-bom"),
                             Field(&Diagnostic::message, HasSubstr("the GLB's JSON chunk")))));

  ReadResult plain = read_bytes(glb(points_json(R"({"byteLength": 24})"), two_points()));
  EXPECT_EQ(plain.diagnostics.count("gltf.read.json-bom"), 0);
}

TEST(ReadContainer, BufferWithoutDataReadsAsZerosWithAWarning) {
  ReadResult r = read_bytes(glb(points_json(R"({"byteLength": 24})")));
  EXPECT_THAT(points_of(r), ElementsAre(0, 0, 0, 0, 0, 0));
  EXPECT_EQ(r.diagnostics.count("gltf.read.buffer-no-data"), 1);
}

TEST(ReadBuffers, ExternalBuffersResolveBesideTheDocumentAfterPercentDecoding) {
  std::filesystem::path dir = temp_folder("read_external_buffers");
  std::filesystem::create_directories(dir / "doc");
  write_file(dir / "doc" / "my data.bin", two_points());
  write_file(dir / "outside.bin", two_points());
  ReadResult r =
      read_bytes(points_json(R"({"byteLength": 24, "uri": "my%20data.bin"})"), {}, dir / "doc");
  EXPECT_THAT(points_of(r), ElementsAre(1, 2, 3, 4, 5, 6));

  struct Case {
    std::string uri;
    std::string rule;
  };
  const std::vector<Case> refused = {
      {"../outside.bin", "gltf.buffer.outside-folder"},
      {(dir / "outside.bin").string(), "gltf.buffer.outside-folder"},
      {"missing.bin", "gltf.buffer.missing"},
      {"https://example.com/a.bin", "gltf.buffer.not-a-file"},
      {"data:application/octet-stream;base64,!!", "gltf.buffer.data-uri"},
  };
  for (const Case& c : refused) {
    ReadResult bad = read_bytes(points_json(cat(R"({"byteLength": 24, "uri": ")", c.uri, R"("})")),
                                {}, dir / "doc");
    ASSERT_FALSE(bad.scene.ok()) << c.uri;
    EXPECT_EQ(rule_of(bad.scene.status()), c.rule) << bad.scene.status();
    EXPECT_THAT(bad.scene.status().message(), HasSubstr("/buffers/0"));
  }
  ReadOptions allow;
  allow.allow_external_files = true;
  EXPECT_THAT(points_of(read_bytes(points_json(R"({"byteLength": 24, "uri": "../outside.bin"})"),
                                   allow, dir / "doc")),
              ElementsAre(1, 2, 3, 4, 5, 6));
  // A document read from memory without a folder has nowhere to look.
  EXPECT_EQ(
      rule_of(read_bytes(points_json(R"({"byteLength": 24, "uri": "a.bin"})")).scene.status()),
      "gltf.buffer.no-folder");
}

TEST(ReadDocument, JsonAndVersionAndRequiredExtensionsAreChecked) {
  EXPECT_EQ(rule_of(read_bytes(R"({"asset": {"version": "2.0"},)").scene.status()),
            "gltf.json.syntax");
  EXPECT_EQ(rule_of(read_bytes(R"([1, 2])").scene.status()), "gltf.json.type");
  EXPECT_EQ(rule_of(read_bytes(R"({"asset": {"version": "1.0"}})").scene.status()),
            "gltf.asset.version");
  EXPECT_EQ(rule_of(read_bytes(R"({"meshes": []})").scene.status()), "gltf.asset.version");
  EXPECT_EQ(rule_of(read_bytes(R"({"asset": {"version": "2.0"}, "meshes": {}})").scene.status()),
            "gltf.json.type");
  EXPECT_EQ(rule_of(read_bytes(R"({"asset": {"version": "2.0"},
                                  "extensionsUsed": ["KHR_meshopt_compression"],
                                  "extensionsRequired": ["KHR_meshopt_compression"]})")
                        .scene.status()),
            "gltf.extension.unsupported");
  ReadResult bom = read_bytes("\xEF\xBB\xBF{\"asset\": {\"version\": \"2.0\"}}");
  EXPECT_TRUE(bom.scene.ok());
  EXPECT_EQ(bom.diagnostics.count("gltf.read.json-bom"), 1);
}

TEST(ReadDocument, ExtrasNestedPastTheDepthLimitAreRefused) {
  std::string deep = std::string(300, '[') + std::string(300, ']');
  ReadResult r = read_bytes(cat(R"({"asset": {"version": "2.0"}, "extras": )", deep, "}"));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_EQ(rule_of(r.scene.status()), "gltf.json.too-deep");
  // A deeper document does not overflow the parser's stack.
  std::string deeper = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_FALSE(
      read_bytes(cat(R"({"asset": {"version": "2.0"}, "extras": )", deeper, "}")).scene.ok());
}

}  // namespace
}  // namespace px::gltf::testing
