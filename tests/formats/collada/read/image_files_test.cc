// Image files named by URI: resolved against the document's folder after percent-decoding, with
// backslashes and file:// URIs accepted; a file outside the folder is read only when allowed.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

constexpr char kPng[] = "\x89PNG\r\n\x1a\n....";

class ImageFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() /
            cat("px_images_", ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_ / "doc" / "maps");
    std::ofstream(root_ / "doc" / "maps" / "wood grain.png", std::ios::binary) << kPng;
    std::ofstream(root_ / "outside.png", std::ios::binary) << kPng;
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  struct Result {
    absl::StatusOr<Scene> scene;
    Diagnostics diagnostics;
  };
  Result read_with_image(std::string_view uri, bool allow_external = false,
                         bool strict_resources = false) {
    std::filesystem::path file = root_ / "doc" / "scene.dae";
    std::ofstream(file) << testing::document(cat("<library_images><image id=\"i\"><init_from>", uri,
                                                 "</init_from></image></library_images>"));
    Result out{absl::UnknownError("unread"), {}};
    ReadOptions options;
    options.allow_external_files = allow_external;
    options.strict_resources = strict_resources;
    auto source = open_file_source(file);
    EXPECT_TRUE(source.ok());
    out.scene = read(**source, options, out.diagnostics);
    return out;
  }
  std::filesystem::path root_;
};

TEST_F(ImageFilesTest, ReadsAFileBesideTheDocumentKeepingTheUriAsSpelled) {
  Result r = read_with_image("maps/wood%20grain.png");
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Image& image = r.scene->images[0];
  EXPECT_EQ(image.uri, "maps/wood%20grain.png");
  EXPECT_EQ(image.bytes.size(), sizeof(kPng) - 1);
  EXPECT_EQ(image.mime_type, "image/png");
}

TEST_F(ImageFilesTest, AcceptsBackslashesAndFileUris) {
  Result backslash = read_with_image("maps\\wood%20grain.png");
  ASSERT_TRUE(backslash.scene.ok());
  EXPECT_FALSE(backslash.scene->images[0].bytes.empty());
  std::string absolute = (root_ / "doc" / "maps" / "wood%20grain.png").string();
  Result file_uri = read_with_image(cat("file://", absolute), true);
  ASSERT_TRUE(file_uri.scene.ok());
  EXPECT_FALSE(file_uri.scene->images[0].bytes.empty());
}

TEST_F(ImageFilesTest, AMissingFileKeepsItsUriWithAWarning) {
  Result r = read_with_image("maps/none.png");
  ASSERT_TRUE(r.scene.ok());
  EXPECT_EQ(r.scene->images[0].uri, "maps/none.png");
  EXPECT_TRUE(r.scene->images[0].bytes.empty());
  EXPECT_EQ(r.diagnostics.count("collada.image.missing"), 1);
}

// Issue 13: --strict-resources refuses what is otherwise read with collada.image.missing.
TEST_F(ImageFilesTest, AMissingFileIsRefusedUnderStrictResources) {
  Result refused = read_with_image("maps/none.png", false, true);
  ASSERT_FALSE(refused.scene.ok());
  EXPECT_EQ(std::string(refused.scene.status().message()),
            "collada.image.missing: <image> at line 3: image file \"maps/none.png\" was not found "
            "(--strict-resources refuses a missing image)");
  Result present = read_with_image("maps/wood%20grain.png", false, true);
  ASSERT_TRUE(present.scene.ok()) << present.scene.status();
  EXPECT_FALSE(present.scene->images[0].bytes.empty());
}

TEST_F(ImageFilesTest, AFileOutsideTheFolderIsReadOnlyWhenAllowed) {
  for (std::string uri : {std::string("../outside.png"), (root_ / "outside.png").string()}) {
    Result refused = read_with_image(uri);
    ASSERT_TRUE(refused.scene.ok());
    EXPECT_TRUE(refused.scene->images[0].bytes.empty()) << uri;
    EXPECT_EQ(refused.diagnostics.count("collada.image.outside-folder"), 1) << uri;
    Result allowed = read_with_image(uri, true);
    ASSERT_TRUE(allowed.scene.ok());
    EXPECT_FALSE(allowed.scene->images[0].bytes.empty()) << uri;
  }
  // A path that climbs out and back in stays inside, also out of the document's own folder.
  for (const char* uri : {"maps/../maps/wood%20grain.png", "../doc/maps/wood%20grain.png"}) {
    Result inside = read_with_image(uri);
    ASSERT_TRUE(inside.scene.ok());
    EXPECT_FALSE(inside.scene->images[0].bytes.empty()) << uri;
    EXPECT_EQ(inside.diagnostics.count("collada.image.outside-folder"), 0) << uri;
  }
}

// Issue 34, defects 2 and 3: a symlink is followed where it leads inside the folder, not out of it
// (unless allowed); a FIFO or a device is no image file; an image past the input limit is refused.
TEST_F(ImageFilesTest, ASymlinkIsReadWhereItLeadsInsideAndNotOutOfTheFolder) {
  std::filesystem::create_symlink("wood grain.png", root_ / "doc" / "maps" / "in.png");
  std::filesystem::create_symlink(root_ / "outside.png", root_ / "doc" / "maps" / "out.png");
  Result inside = read_with_image("maps/in.png");
  ASSERT_TRUE(inside.scene.ok()) << inside.scene.status();
  EXPECT_EQ(inside.scene->images[0].bytes.size(), sizeof(kPng) - 1);
  Result outside = read_with_image("maps/out.png");
  ASSERT_TRUE(outside.scene.ok()) << outside.scene.status();
  EXPECT_TRUE(outside.scene->images[0].bytes.empty());
  EXPECT_EQ(outside.scene->images[0].uri, "maps/out.png");
  EXPECT_EQ(outside.diagnostics.count("collada.image.outside-folder"), 1);
  Result allowed = read_with_image("maps/out.png", true);
  ASSERT_TRUE(allowed.scene.ok());
  EXPECT_EQ(allowed.scene->images[0].bytes.size(), sizeof(kPng) - 1);
}

TEST_F(ImageFilesTest, AFifoOrADeviceIsAMissingImageNeverRead) {
  ASSERT_EQ(::mkfifo((root_ / "doc" / "maps" / "pipe.png").c_str(), 0600), 0);
  std::filesystem::create_symlink("/dev/zero", root_ / "doc" / "maps" / "zero.png");
  Result fifo = read_with_image("maps/pipe.png");
  ASSERT_TRUE(fifo.scene.ok()) << fifo.scene.status();
  EXPECT_TRUE(fifo.scene->images[0].bytes.empty());
  EXPECT_EQ(fifo.diagnostics.count("collada.image.missing"), 1);
  Result zero = read_with_image("maps/zero.png", true);
  ASSERT_TRUE(zero.scene.ok()) << zero.scene.status();
  EXPECT_TRUE(zero.scene->images[0].bytes.empty());
  EXPECT_EQ(zero.diagnostics.count("collada.image.missing"), 1);
  Result strict = read_with_image("maps/pipe.png", false, true);
  ASSERT_FALSE(strict.scene.ok());
  EXPECT_NE(std::string(strict.scene.status().message()).find("collada.image.missing: <image>"),
            std::string::npos);
}

TEST_F(ImageFilesTest, AnImagePastTheInputLimitIsRefused) {
  std::filesystem::path file = root_ / "doc" / "scene.dae";
  std::ofstream(file) << testing::document(
      "<library_images><image id=\"i\"><init_from>big.png</init_from></image></library_images>");
  std::ofstream(root_ / "doc" / "big.png", std::ios::binary) << kPng << std::string(4096, 'x');
  ReadOptions options;
  options.limits.max_input_bytes = 4096;
  Diagnostics diagnostics;
  auto source = open_file_source(file);
  ASSERT_TRUE(source.ok());
  absl::StatusOr<Scene> scene = read(**source, options, diagnostics);
  ASSERT_FALSE(scene.ok());
  EXPECT_NE(std::string(scene.status().message()).find("limits.input-bytes: <image> at line 3"),
            std::string::npos)
      << scene.status();
}

// A document named without a folder ("scene.dae", read from the working directory) resolves its
// images against the working directory.
TEST_F(ImageFilesTest, ADocumentNamedWithoutAFolderReadsImagesBesideIt) {
  read_with_image("maps/wood%20grain.png");  // writes doc/scene.dae
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(root_ / "doc");
  auto source = open_file_source("scene.dae");
  ASSERT_TRUE(source.ok());
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = read(**source, ReadOptions(), diagnostics);
  std::filesystem::current_path(before);
  ASSERT_TRUE(scene.ok()) << scene.status();
  EXPECT_FALSE(scene->images[0].bytes.empty());
}

}  // namespace
}  // namespace px::collada
