// The public API: formats chosen by extension on write and by magic bytes on read.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>

#include "engine/errors.h"
#include "polyxios/polyxios.h"
#include "tests/api/api_test_util.h"
#include "tests/formats/collada/read/zip_builder.h"

namespace px {
namespace {

using testing::kTriangle;

class ApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() /
        ("px_api_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path write(const std::string& name, std::string_view bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
    return dir_ / name;
  }
  std::filesystem::path dir_;
};

TEST_F(ApiTest, ConvertsDaeToGlbAndReadsTheGlbBackEvenUnderAnotherExtension) {
  Diagnostics d;
  auto scene = read_scene(write("t.dae", kTriangle), ReadOptions{}, d);
  ASSERT_TRUE(scene.ok()) << scene.status();
  ASSERT_TRUE(write_scene(*scene, dir_ / "t.glb", WriteOptions{}, d).ok());
  std::filesystem::copy_file(dir_ / "t.glb", dir_ / "renamed.gltf");
  auto back = read_scene(dir_ / "renamed.gltf", ReadOptions{}, d);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->meshes.size(), 1u);
  EXPECT_EQ(back->meshes[0].num_points(), 3u);
}

// .dae.gz is COLLADA by the name inside the .gz; .gltf.gz is not read (glTF is read whole).
TEST_F(ApiTest, ReadsGzippedColladaByTheNameInsideTheGz) {
  Diagnostics d;
  gzFile gz = gzopen((dir_ / "t.DAE.gz").c_str(), "wb");
  ASSERT_NE(gz, nullptr);
  ASSERT_EQ(gzwrite(gz, kTriangle, sizeof kTriangle - 1), static_cast<int>(sizeof kTriangle - 1));
  ASSERT_EQ(gzclose(gz), Z_OK);
  auto scene = read_scene(dir_ / "t.DAE.gz", ReadOptions{}, d);
  ASSERT_TRUE(scene.ok()) << scene.status();
  EXPECT_EQ(scene->meshes.size(), 1u);
  std::filesystem::copy_file(dir_ / "t.DAE.gz", dir_ / "t.gltf.gz");
  auto gltf = read_scene(dir_ / "t.gltf.gz", ReadOptions{}, d);
  ASSERT_FALSE(gltf.ok());
  EXPECT_EQ(std::string(gltf.status().message()).rfind("format.unknown", 0), 0u);
}

// Issue 34, defects 3 to 5: only a COLLADA document is inflated (a .dae told by its bytes too); a
// .gltf or .glb holding gzip bytes is read as those bytes; an input that is no regular file (a
// FIFO) is refused without blocking.
TEST_F(ApiTest, OnlyAColladaDocumentIsInflatedAndOnlyARegularFileRead) {
  Diagnostics d;
  const std::filesystem::path packed = dir_ / "packed.dae";
  gzFile gz = gzopen(packed.c_str(), "wb");
  ASSERT_NE(gz, nullptr);
  ASSERT_EQ(gzwrite(gz, kTriangle, sizeof kTriangle - 1), static_cast<int>(sizeof kTriangle - 1));
  ASSERT_EQ(gzclose(gz), Z_OK);
  auto scene = read_scene(packed, ReadOptions{}, d);
  ASSERT_TRUE(scene.ok()) << scene.status();
  for (const char* name : {"packed.gltf", "packed.glb"}) {
    std::filesystem::copy_file(packed, dir_ / name);
    auto gltf = read_scene(dir_ / name, ReadOptions{}, d);
    ASSERT_FALSE(gltf.ok()) << name;
    EXPECT_EQ(std::string(gltf.status().message()).rfind("gltf.json.syntax", 0), 0u)
        << gltf.status();
  }
  ASSERT_EQ(::mkfifo((dir_ / "pipe.dae").c_str(), 0600), 0);
  auto fifo = read_scene(dir_ / "pipe.dae", ReadOptions{}, d);
  ASSERT_FALSE(fifo.ok());
  EXPECT_EQ(std::string(fifo.status().message()).rfind("input.not-regular", 0), 0u)
      << fifo.status();
  EXPECT_EQ(failure_of(fifo.status()), Failure::kRefused);
}

TEST_F(ApiTest, AReadTellsTheFormatItReadEvenWhenItFails) {
  Diagnostics d;
  Format format = Format::kUnknown;
  ASSERT_TRUE(read_scene(write("t.dae", kTriangle), ReadOptions{}, d, &format).ok());
  EXPECT_EQ(format, Format::kCollada);
  EXPECT_FALSE(read_scene(write("bad.gltf", "{not json"), ReadOptions{}, d, &format).ok());
  EXPECT_EQ(format, Format::kGltf);
  ASSERT_TRUE(read_scene_bytes(kTriangle, ReadOptions{}, d, &format).ok());
  EXPECT_EQ(format, Format::kCollada);
  EXPECT_FALSE(read_scene_bytes("v 0 0 0", ReadOptions{}, d, &format).ok());
  EXPECT_EQ(format, Format::kUnknown);
}

TEST(DetectFormat, FilesByMagicThenExtension) {
  EXPECT_EQ(detect_file_format("model.gltf", "glTF"), Format::kGlb);
  EXPECT_EQ(detect_file_format("model.bin", "glTF"), Format::kGlb);
  EXPECT_EQ(detect_file_format("model.glb", "{\"as"), Format::kGltf);  // read as JSON
  EXPECT_EQ(detect_file_format("model.GLTF", "{\"as"), Format::kGltf);
  EXPECT_EQ(detect_file_format("model.DAE", "<?xm"), Format::kCollada);
  EXPECT_EQ(detect_file_format("model.dae.GZ", "\x1f\x8b"), Format::kCollada);
  EXPECT_EQ(detect_file_format("model.gltf.gz", "\x1f\x8b"), Format::kUnknown);
  EXPECT_EQ(detect_file_format("model.txt", "<?xm"), Format::kUnknown);
  EXPECT_EQ(detect_file_format("model.Zae", ""), Format::kCollada);
  EXPECT_EQ(detect_file_format("model.glb", std::string("PK\x03\x04", 4)), Format::kCollada);
  // Issue 36 §2: the bytes before the name: COLLADA named .xml or without extension, a gzip
  // stream of any name but glTF's, glTF JSON named otherwise.
  EXPECT_EQ(detect_file_format("model.xml", "<?xml version=\"1.0\"?>\n<COLLADA version="),
            Format::kCollada);
  EXPECT_EQ(detect_file_format("model", "\xEF\xBB\xBF  <COLLADA xmlns="), Format::kCollada);
  EXPECT_EQ(detect_file_format("model.xml", "<?xml version=\"1.0\"?><svg/>"), Format::kUnknown);
  EXPECT_EQ(detect_file_format("model.dae", "<?xml version=\"1.0\"?><svg/>"), Format::kCollada);
  EXPECT_EQ(detect_file_format("model.bin", "\x1f\x8b\x08"), Format::kCollada);
  EXPECT_EQ(detect_file_format("model", "\x1f\x8b\x08"), Format::kCollada);
  EXPECT_EQ(detect_file_format("model.gltf", "\x1f\x8b\x08"), Format::kGltf);  // not inflated
  EXPECT_EQ(detect_file_format("model.dae", " {\"asset\""), Format::kGltf);
  EXPECT_EQ(detect_file_format("model.dae", "glTF"), Format::kGlb);
  EXPECT_EQ(detect_file_format("model.txt", "v 0 0 0"), Format::kUnknown);
}

// Issue 36 §2: where the name and the bytes disagree, the bytes win with a warning naming both;
// where they agree, or the name says nothing, no warning.
TEST_F(ApiTest, ANameTheBytesBelieIsWarnedOf) {
  Diagnostics d;
  Format format = Format::kUnknown;
  ASSERT_TRUE(read_scene(write("tri.gltf", kTriangle), ReadOptions{}, d, &format).ok());
  EXPECT_EQ(format, Format::kCollada);
  ASSERT_EQ(d.count("format.extension-mismatch"), 1) << d.entries().size();
  const std::string& message = d.entries()[0].message;
  EXPECT_NE(message.find("its bytes are COLLADA but its extension .gltf names glTF JSON"),
            std::string::npos)
      << message;
  Diagnostics quiet;
  ASSERT_TRUE(read_scene(write("tri.xml", kTriangle), ReadOptions{}, quiet, &format).ok());
  EXPECT_EQ(format, Format::kCollada);
  ASSERT_TRUE(read_scene(write("tri.dae", kTriangle), ReadOptions{}, quiet, &format).ok());
  EXPECT_EQ(quiet.count("format.extension-mismatch"), 0);
}

TEST(DetectFormat, BytesByTheirFirstCharacters) {
  EXPECT_EQ(detect_bytes_format("glTF\x02"), Format::kGlb);
  EXPECT_EQ(detect_bytes_format("\xEF\xBB\xBF \n {\"asset\":{}}"), Format::kGltf);
  EXPECT_EQ(detect_bytes_format("<?xml version=\"1.0\"?><COLLADA/>"), Format::kCollada);
  EXPECT_EQ(detect_bytes_format(std::string_view("\xFF\xFE<\0", 4)), Format::kCollada);
  EXPECT_EQ(detect_bytes_format(""), Format::kUnknown);
  EXPECT_EQ(detect_bytes_format("v 0 0 0"), Format::kUnknown);
  EXPECT_EQ(detect_bytes_format(std::string_view("PK\x03\x04", 4)), Format::kCollada);
  EXPECT_EQ(format_name(Format::kGltf), "gltf");
  EXPECT_EQ(format_name(Format::kCollada), "collada");
  EXPECT_EQ(format_name(Format::kGlb), "glb");
  EXPECT_EQ(format_name(Format::kUnknown), "unknown");
}

TEST_F(ApiTest, WritesGltfWithItsBinBeside) {
  Diagnostics d;
  auto scene = read_scene(write("t.dae", kTriangle), ReadOptions{}, d);
  ASSERT_TRUE(scene.ok());
  ASSERT_TRUE(write_scene(*scene, dir_ / "out.gltf", WriteOptions{}, d).ok());
  EXPECT_TRUE(std::filesystem::exists(dir_ / "out.bin"));
}

// A .zae is read by its zip magic, whatever its name, or by its name (issue 15, point 7); its
// inflated document is charged to the read's memory budget.
TEST_F(ApiTest, ReadsZaeArchivesByMagicOrNameAndRefusesUnknownFormats) {
  Diagnostics d;
  const std::string archive = collada::testing::zip({{.name = "t.dae", .data = kTriangle}});
  for (const char* name : {"a.zae", "a.ZAE", "zipped.dae", "no-extension"}) {
    Format format = Format::kUnknown;
    auto zae = read_scene(write(name, archive), ReadOptions{}, d, &format);
    ASSERT_TRUE(zae.ok()) << name << ": " << zae.status();
    EXPECT_EQ(zae->meshes.size(), 1u) << name;
    EXPECT_EQ(format, Format::kCollada) << name;
  }
  auto from_memory = read_scene_bytes(archive, ReadOptions{}, d);
  ASSERT_TRUE(from_memory.ok()) << from_memory.status();
  EXPECT_EQ(from_memory->meshes.size(), 1u);
  auto cut = read_scene(write("b.zae", std::string("PK\x03\x04rest", 8)), ReadOptions{}, d);
  EXPECT_EQ(testing::rule_of(cut.status()), "collada.zae.truncated");
  auto garbage = read_scene(write("c.zae", "not a zip"), ReadOptions{}, d);
  EXPECT_EQ(testing::rule_of(garbage.status()), "collada.zae.corrupt");
  ReadOptions small;
  small.limits.max_memory_bytes = 64 << 10;
  const std::string big =
      collada::testing::zip({{.name = "t.dae",
                              .data = std::string(kTriangle) + std::string(100 << 10, ' '),
                              .deflate = true}});
  auto over = read_scene(write("big.zae", big), small, d);
  EXPECT_EQ(testing::rule_of(over.status()), "limits.memory");
  EXPECT_TRUE(read_scene(dir_ / "big.zae", ReadOptions{}, d).ok());
  auto unknown = read_scene(write("a.obj", "v 0 0 0"), ReadOptions{}, d);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(std::string(unknown.status().message()).rfind("format.unknown", 0), 0u);
  auto scene = read_scene(write("t.dae", kTriangle), ReadOptions{}, d);
  ASSERT_TRUE(scene.ok());
  absl::Status written = write_scene(*scene, dir_ / "out.obj", WriteOptions{}, d);
  EXPECT_EQ(written.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "out.obj"));
}

// gltf.md's read() and write(): a flattened read warns that the scene data is gone; a mesh is
// written as a scene of one node showing it.
TEST_F(ApiTest, ReadPolydataFlattensWithAWarningAndWritePolydataMakesAOneNodeScene) {
  Diagnostics d;
  absl::StatusOr<PolyData> flat = read_polydata(write("t.dae", kTriangle), ReadOptions{}, d);
  ASSERT_TRUE(flat.ok()) << flat.status();
  EXPECT_EQ(flat->mesh.num_points(), 3u);
  EXPECT_EQ(d.count("read.scene-flattened"), 1);
  Diagnostics w;
  ASSERT_TRUE(write_polydata(*flat, dir_ / "flat.glb", WriteOptions{}, w).ok());
  absl::StatusOr<Scene> back = read_scene(dir_ / "flat.glb", ReadOptions{}, w);
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->nodes.size(), 1u);
  EXPECT_EQ(back->nodes[0].mesh, 0);
  EXPECT_EQ(back->scenes, std::vector<std::vector<int>>{{0}});
  EXPECT_EQ(back->meshes[0].num_points(), 3u);
  EXPECT_EQ(back->meshes[0].num_cells(), 1u);
}

TEST_F(ApiTest, AMissingInputIsAnIoFailure) {
  Diagnostics d;
  auto scene = read_scene(dir_ / "none.dae", ReadOptions{}, d);
  ASSERT_FALSE(scene.ok());
  EXPECT_EQ(scene.status().code(), absl::StatusCode::kUnavailable);
}

}  // namespace
}  // namespace px
