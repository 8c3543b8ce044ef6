// MappedFile and load_file: a file's bytes mapped as they were at the open, an empty file, open
// errors worded as the chunked source's, gzip bytes left as they are, and a file cut short while
// mapped read as zeros past its new end, never out of bounds and never a crash, warmed or not.
#include "engine/mapped_file.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>

#include "engine/source.h"
#include "engine/strings.h"
#include "tests/support/scratch_dir_test.h"

namespace px {
namespace {

namespace fs = std::filesystem;

class MappedFileTest : public test_support::ScratchDirTest {
 protected:
  // n bytes, none of them zero.
  static std::string pattern(size_t n) {
    std::string out(n, '\0');
    for (size_t i = 0; i < n; ++i) out[i] = static_cast<char>('a' + i % 26);
    return out;
  }
};

TEST_F(MappedFileTest, MapsTheFilesBytes) {
  const std::string bytes = pattern(10000);
  absl::StatusOr<std::shared_ptr<const MappedFile>> file = MappedFile::open(write_file("a.bin", bytes));
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ((*file)->text(), bytes);
  EXPECT_EQ((*file)->bytes().size(), bytes.size());
  EXPECT_FALSE((*file)->cut_short());
}

TEST_F(MappedFileTest, AnEmptyFileMapsNothing) {
  absl::StatusOr<std::shared_ptr<const MappedFile>> file = MappedFile::open(write_file("e.bin", ""));
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_TRUE((*file)->bytes().empty());
  EXPECT_FALSE((*file)->cut_short());
  absl::StatusOr<FileBytes> loaded = load_file(dir_ / "e.bin");
  ASSERT_TRUE(loaded.ok());
  EXPECT_TRUE(loaded->bytes.empty());
}

TEST_F(MappedFileTest, OpenFailuresAreWordedAsTheChunkedSourcesAre) {
  for (const fs::path& path : {dir_ / "missing.bin", dir_}) {
    absl::StatusOr<std::shared_ptr<const MappedFile>> mapped = MappedFile::open(path);
    absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(path);
    ASSERT_FALSE(mapped.ok());
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(mapped.status(), source.status());
  }
}

TEST_F(MappedFileTest, AFileThatGrowsIsReadAsItWasWhenOpened) {
  const std::string bytes = pattern(5000);
  const fs::path path = write_file("g.bin", bytes);
  absl::StatusOr<std::shared_ptr<const MappedFile>> file = MappedFile::open(path);
  ASSERT_TRUE(file.ok());
  std::ofstream(path, std::ios::binary | std::ios::app) << pattern(100000);
  EXPECT_EQ((*file)->text(), bytes);
  EXPECT_FALSE((*file)->cut_short());
}

TEST_F(MappedFileTest, AFileCutShortReadsAsZerosPastItsNewEndAndSaysSo) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  const std::string bytes = pattern(5 * page + 123);
  const fs::path path = write_file("c.bin", bytes);
  absl::StatusOr<std::shared_ptr<const MappedFile>> file = MappedFile::open(path);
  ASSERT_TRUE(file.ok());
  fs::resize_file(path, 100);
  // Every byte read, the pages past the end included: no SIGBUS, zeros from byte 100 on.
  std::string_view text = (*file)->text();
  ASSERT_EQ(text.size(), bytes.size());
  EXPECT_EQ(text.substr(0, 100), bytes.substr(0, 100));
  EXPECT_EQ(text.substr(100), std::string(bytes.size() - 100, '\0'));
  EXPECT_TRUE((*file)->cut_short());
  // Another file mapped after is not marked.
  absl::StatusOr<std::shared_ptr<const MappedFile>> other = MappedFile::open(write_file("o.bin", "x"));
  ASSERT_TRUE(other.ok());
  EXPECT_FALSE((*other)->cut_short());
}

TEST_F(MappedFileTest, AWarmedFileReadsTheSameAndMayBeCutShortWhileWarming) {
  const std::string bytes = pattern(size_t{9} << 20);
  const fs::path path = write_file("w.bin", bytes);
  {
    absl::StatusOr<std::shared_ptr<const MappedFile>> file = MappedFile::open(path, true);
    ASSERT_TRUE(file.ok());
    EXPECT_EQ((*file)->text(), bytes);
  }
  absl::StatusOr<std::shared_ptr<const MappedFile>> file = MappedFile::open(path, true);
  ASSERT_TRUE(file.ok());
  fs::resize_file(path, 10);
  const std::string_view text = (*file)->text();
  EXPECT_EQ(std::accumulate(text.begin() + 10, text.end(), 0), 0);
  EXPECT_TRUE((*file)->cut_short());
}

TEST_F(MappedFileTest, BytesOutliveTheirPathButNotTheirOwner) {
  const std::string bytes = pattern(3000);
  const fs::path path = write_file("k.bin", bytes);
  absl::StatusOr<FileBytes> loaded = load_file(path);
  ASSERT_TRUE(loaded.ok());
  std::shared_ptr<const void> owner = loaded->owner;
  const std::string_view view = loaded->bytes;
  loaded = absl::UnavailableError("dropped");
  fs::remove(path);
  EXPECT_EQ(view, bytes);
}

// Issue 34, defect 5: glTF buffers and images are raw bytes, whatever their first ones; only a
// COLLADA document is ever inflated (open_file_source).
TEST_F(MappedFileTest, AGzipLookingFileIsMappedAsTheBytesItHolds) {
  const std::string text = pattern(20000);
  const fs::path path = dir_ / "z.bin";
  gzFile gz = gzopen(path.c_str(), "wb");
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  absl::StatusOr<FileBytes> loaded = load_file(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->bytes, file_bytes(path));
  EXPECT_TRUE(loaded->bytes.starts_with("\x1f\x8b"));
  EXPECT_NE(loaded->mapped, nullptr);
}

TEST_F(MappedFileTest, ASigbusOutsideTheMappingsStillEndsTheProcess) {
  absl::StatusOr<std::shared_ptr<const MappedFile>> file = MappedFile::open(write_file("s.bin", "x"));
  ASSERT_TRUE(file.ok());
  EXPECT_DEATH(std::raise(SIGBUS), "");
}

}  // namespace
}  // namespace px
