// The files a .gltf names (issue 34, part 3, defects 2 to 5): a buffer or image file is opened
// beneath the document's folder through its symlinks, only when it is a regular file, its size
// charged to the input limit with the document's before it is read, and read as the bytes it
// holds (a buffer starting with gzip's magic is no gzip).
#include <sys/stat.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "formats/gltf/read/gltf_reader.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/support/scratch_dir_test.h"

namespace px::gltf::testing {
namespace {

namespace fs = std::filesystem;

// The first position's x, whose little-endian bytes start with gzip's magic (1f 8b).
float gzip_looking_float() {
  const unsigned char bytes[4] = {0x1f, 0x8b, 0x00, 0x3f};
  float out;
  std::memcpy(&out, bytes, sizeof out);
  return out;
}

// One triangle whose positions are the 36 bytes of `bin_uri`; textured by `image_uri` if given.
std::string triangle(std::string_view bin_uri, std::string_view image_uri = "") {
  const std::string material =
      image_uri.empty()
          ? ""
          : cat(R"(, "images": [{"uri": ")", image_uri,
                R"("}], "textures": [{"source": 0}], "materials": [{"pbrMetallicRoughness": )",
                R"({"baseColorTexture": {"index": 0}}}])");
  return cat(R"({"asset": {"version": "2.0"}, "buffers": [{"uri": ")", bin_uri,
             R"(", "byteLength": 36}], "bufferViews": [{"buffer": 0, "byteLength": 36}],)",
             R"("accessors": [{"bufferView": 0, "componentType": 5126, "count": 3,)",
             R"("type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]}],)",
             R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],)",
             R"("nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0)", material, "}");
}

std::string positions() {
  const float p[9] = {gzip_looking_float(), 0, 0, 1, 0, 0, 0, 1, 0};
  return std::string(reinterpret_cast<const char*>(p), sizeof p);
}

class BufferFiles : public test_support::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    fs::create_directories(dir_ / "asset");
    fs::create_directories(dir_ / "outside");
    write_file("outside/far.bin", positions());
  }
  ReadResult read_asset(const std::string& json, uint64_t max_input = uint64_t{16} << 30,
                        bool allow_external = false) {
    const fs::path path = write_file("asset/a.gltf", json);
    ReadResult out;
    ReadOptions options;
    options.limits.max_input_bytes = max_input;
    options.allow_external_files = allow_external;
    out.scene = read(path, options, out.diagnostics);
    return out;
  }
  static std::string rule(const ReadResult& r) {
    const std::string message(r.scene.status().message());
    return message.substr(0, message.find(": "));
  }
};

TEST_F(BufferFiles, ABufferStartingWithGzipsMagicIsReadAsItsBytes) {
  write_file("asset/a.bin", positions());
  ReadResult r = read_asset(triangle("a.bin"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_FLOAT_EQ(static_cast<float>(r.scene->meshes[0].points.get(0, 0)), gzip_looking_float());
}

TEST_F(BufferFiles, ABufferSymlinkedOutOfTheFolderIsRefusedUnlessAllowed) {
  fs::create_symlink(dir_ / "outside/far.bin", dir_ / "asset/a.bin");
  ReadResult refused = read_asset(triangle("a.bin"));
  ASSERT_FALSE(refused.scene.ok());
  EXPECT_EQ(rule(refused), "gltf.buffer.outside-folder") << refused.scene.status();
  ReadResult allowed = read_asset(triangle("a.bin"), uint64_t{16} << 30, true);
  ASSERT_TRUE(allowed.scene.ok()) << allowed.scene.status();
  fs::create_symlink("b.bin", dir_ / "asset/in.bin");
  write_file("asset/b.bin", positions());
  EXPECT_TRUE(read_asset(triangle("in.bin")).scene.ok());
}

TEST_F(BufferFiles, ABufferThatIsNoRegularFileIsRefused) {
  ASSERT_EQ(::mkfifo((dir_ / "asset/pipe.bin").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", dir_ / "asset/zero.bin");
  ReadResult fifo = read_asset(triangle("pipe.bin"));
  ASSERT_FALSE(fifo.scene.ok());
  EXPECT_EQ(rule(fifo), "gltf.buffer.not-regular") << fifo.scene.status();
  ReadResult zero = read_asset(triangle("zero.bin"), 16 << 20, true);
  ASSERT_FALSE(zero.scene.ok());
  EXPECT_EQ(rule(zero), "gltf.buffer.not-regular") << zero.scene.status();
}

// The document and its files together: at the limit read, one byte past it refused before the
// buffer is mapped.
TEST_F(BufferFiles, TheDocumentAndItsBufferAndImageFilesCountTowardTheInputLimit) {
  write_file("asset/a.bin", positions());
  write_file("asset/t.png", "\x89PNG\r\n\x1a\n" + std::string(1000, 'p'));
  for (const std::string& json : {triangle("a.bin"), triangle("a.bin", "t.png")}) {
    const uint64_t total = json.size() + 36 + (json.find("t.png") != std::string::npos ? 1008 : 0);
    ReadResult at = read_asset(json, total);
    ASSERT_TRUE(at.scene.ok()) << at.scene.status();
    ReadResult past = read_asset(json, total - 1);
    ASSERT_FALSE(past.scene.ok());
    EXPECT_EQ(rule(past), "limits.input-bytes") << past.scene.status();
  }
  // A sparse 1 GiB buffer is refused from its size, never read.
  std::ofstream(dir_ / "asset/a.bin", std::ios::binary | std::ios::app).flush();
  fs::resize_file(dir_ / "asset/a.bin", uint64_t{1} << 30);
  ReadResult huge = read_asset(triangle("a.bin"), 16 << 20);
  ASSERT_FALSE(huge.scene.ok());
  EXPECT_EQ(rule(huge), "limits.input-bytes") << huge.scene.status();
}

TEST_F(BufferFiles, AnImageSymlinkedOutOrNoRegularFileIsNotRead) {
  write_file("asset/a.bin", positions());
  write_file("outside/t.png", "\x89PNG\r\n\x1a\nfar");
  fs::create_symlink(dir_ / "outside/t.png", dir_ / "asset/t.png");
  ReadResult out = read_asset(triangle("a.bin", "t.png"));
  ASSERT_TRUE(out.scene.ok()) << out.scene.status();
  EXPECT_TRUE(out.scene->images[0].bytes.empty());
  EXPECT_EQ(out.diagnostics.count("gltf.read.image-outside-folder"), 1);
  ReadResult allowed = read_asset(triangle("a.bin", "t.png"), uint64_t{16} << 30, true);
  ASSERT_TRUE(allowed.scene.ok());
  EXPECT_EQ(allowed.scene->images[0].bytes.size(), 11u);
  ASSERT_EQ(::mkfifo((dir_ / "asset/pipe.png").c_str(), 0600), 0);
  ReadResult fifo = read_asset(triangle("a.bin", "pipe.png"));
  ASSERT_TRUE(fifo.scene.ok()) << fifo.scene.status();
  EXPECT_TRUE(fifo.scene->images[0].bytes.empty());
  EXPECT_EQ(fifo.diagnostics.count("gltf.image.missing"), 1);
}

}  // namespace
}  // namespace px::gltf::testing
