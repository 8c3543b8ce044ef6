// The image files a .gltf or .dae written to another folder carries beside it (issue 36;
// formats/common/image_files.h): a name a different file holds, or that another image of the same
// write takes with other bytes, is never replaced: the copy takes the next free name ("wood-1.png",
// "wood-2.png", ...), the document names it, and the info *.write.image-renamed says so; the same
// bytes share one file.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/strings.h"
#include "polyxios/polyxios.h"

namespace px {
namespace {

namespace fs = std::filesystem;

// A 1x1 PNG of that colour.
std::string png(uint8_t r, uint8_t g, uint8_t b) {
  auto be32 = [](uint32_t v) {
    return std::string{char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
  };
  auto chunk = [&](std::string_view kind, const std::string& data) {
    const std::string body = cat(kind, data);
    const uint32_t crc =
        crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()));
    return cat(be32(static_cast<uint32_t>(data.size())), body, be32(crc));
  };
  const std::string row{'\0', char(r), char(g), char(b)};
  std::string deflated(compressBound(row.size()), '\0');
  uLongf size = deflated.size();
  compress(reinterpret_cast<Bytef*>(deflated.data()), &size,
           reinterpret_cast<const Bytef*>(row.data()), row.size());
  deflated.resize(size);
  const std::string header = cat(be32(1), be32(1), std::string{8, 2, 0, 0, 0});
  return cat("\x89PNG\r\n\x1a\n", chunk("IHDR", header), chunk("IDAT", deflated),
             chunk("IEND", ""));
}

Scene images_scene(const std::vector<std::pair<std::string, std::string>>& uris_and_bytes) {
  Scene scene;
  for (const auto& [uri, bytes] : uris_and_bytes) {
    scene.images.push_back(Image{"", uri, "image/png", SharedBytes(bytes)});
  }
  return scene;
}

class CarriedImagesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           cat("px_carried_images_", ::getpid(), "_",
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static void put(const fs::path& path, const std::string& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << bytes;
  }
  // How the document names `uri`: a JSON string or an <init_from>.
  static std::string named(std::string_view ext, std::string_view uri) {
    return ext == "gltf" ? cat("\"uri\":\"", uri, "\"") : cat(">", uri, "<");
  }

  fs::path dir_;
};

TEST_F(CarriedImagesTest, AnotherImageOfTheWriteWithOtherBytesTakesTheNextName) {
  const std::string a = png(200, 120, 40);
  const std::string b = png(1, 2, 3);
  Scene scene = images_scene({{"maps/wood.png", a}, {"maps/wood.png", b}, {"maps/wood.png", a}});
  for (std::string_view ext : {"gltf", "dae"}) {
    SCOPED_TRACE(ext);
    const fs::path out = dir_ / ext / cat("scene.", ext);
    fs::create_directories(out.parent_path());
    Diagnostics diagnostics;
    ASSERT_TRUE(write_scene(scene, out, WriteOptions{}, diagnostics).ok());
    EXPECT_EQ(read(out.parent_path() / "maps/wood.png"), a);
    EXPECT_EQ(read(out.parent_path() / "maps/wood-1.png"), b);
    EXPECT_FALSE(fs::exists(out.parent_path() / "maps/wood-2.png"));
    const std::string document = read(out);
    EXPECT_NE(document.find(named(ext, "maps/wood-1.png")), std::string::npos) << document;
    ASSERT_EQ(diagnostics.entries().size(), 1u);
    const Diagnostic& note = diagnostics.entries()[0];
    EXPECT_EQ(note.code, cat(ext == "gltf" ? "gltf" : "collada", ".write.image-renamed"));
    EXPECT_EQ(note.severity, Severity::kInfo);
    EXPECT_NE(note.message.find("maps/wood.png -> maps/wood-1.png"), std::string::npos)
        << note.message;
  }
}

TEST_F(CarriedImagesTest, ANameTheWritesOwnFilesTakeIsNotAnImages) {
  // An image named as the .gltf's .bin: the name is the write's (a buffer or not), the image
  // takes another.
  Scene scene = images_scene({{"scene.bin", png(9, 9, 9)}});
  Diagnostics diagnostics;
  ASSERT_TRUE(write_scene(scene, dir_ / "scene.gltf", WriteOptions{}, diagnostics).ok());
  EXPECT_EQ(read(dir_ / "scene-1.bin"), png(9, 9, 9));
  EXPECT_NE(read(dir_ / "scene.gltf").find("\"uri\":\"scene-1.bin\""), std::string::npos);
}

TEST_F(CarriedImagesTest, WithEveryNameTakenTheImageIsNotCopiedAndSaidSo) {
  const std::string other = png(1, 1, 1);
  put(dir_ / "wood.png", other);
  for (int n = 1; n <= 100; ++n) put(dir_ / cat("wood-", n, ".png"), other);
  Scene scene = images_scene({{"wood.png", png(2, 2, 2)}});
  Diagnostics diagnostics;
  ASSERT_TRUE(write_scene(scene, dir_ / "scene.dae", WriteOptions{}, diagnostics).ok());
  EXPECT_EQ(diagnostics.count("collada.write.image-not-copied"), 1);
  EXPECT_EQ(diagnostics.count("collada.write.image-renamed"), 0);
  EXPECT_NE(read(dir_ / "scene.dae").find(">wood.png<"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir_ / "wood-101.png"));
}

}  // namespace
}  // namespace px
