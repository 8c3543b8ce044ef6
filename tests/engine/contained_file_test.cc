// open_contained_file and open_regular_file (issue 34, defects 2 and 3): a file an input names is
// opened only where its path really leads beneath the input's folder (a symlink inside is
// followed, one or a ".." leading out is not), only when it is a regular file (a FIFO is refused
// without blocking, /dev/zero is never read), and read as it was at its open. The realpath
// fallback, for kernels without openat2, is held to the same.
#include "engine/contained_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>

#include "engine/errors.h"
#include "tests/support/scratch_dir_test.h"

namespace px {
namespace {

namespace fs = std::filesystem;

class ContainedFileTest : public test_support::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    folder_ = dir_ / "asset";
    fs::create_directories(folder_ / "sub");
    fs::create_directories(dir_ / "outside");
    write_file("asset/sub/inside.bin", "inside bytes");
    write_file("outside/secret.bin", "secret bytes");
  }

  // Both ways of judging: openat2 where the kernel has it, and the realpath fallback.
  std::vector<absl::StatusOr<RegularFile>> open_both(const fs::path& path) const {
    std::vector<absl::StatusOr<RegularFile>> out;
    out.push_back(open_contained_file(folder_, path, false));
    out.push_back(open_contained_by_realpath(folder_, path));
    return out;
  }

  fs::path folder_;
};

TEST_F(ContainedFileTest, AFileInsideOpensWithItsSize) {
  for (absl::StatusOr<RegularFile>& file : open_both(folder_ / "sub/inside.bin")) {
    ASSERT_TRUE(file.ok()) << file.status();
    EXPECT_EQ(file->size(), 12u);
    EXPECT_EQ(*file->read_at(0, 64), "inside bytes");
    EXPECT_EQ(*file->read_at(7, 3), "byt");
  }
}

TEST_F(ContainedFileTest, ReadIntoFillsABufferWithoutAllocating) {
  absl::StatusOr<RegularFile> file =
      open_contained_file(folder_, folder_ / "sub/inside.bin", false);
  ASSERT_TRUE(file.ok()) << file.status();
  char buffer[64] = {};
  EXPECT_EQ(file->read_into(7, buffer, 3), 3u);
  EXPECT_EQ(std::string_view(buffer, 3), "byt");
  EXPECT_EQ(file->read_into(7, buffer, sizeof buffer), 5u);  // cut at the end of the file
  EXPECT_EQ(std::string_view(buffer, 5), "bytes");
  EXPECT_EQ(file->read_into(12, buffer, sizeof buffer), 0u);
  int error = -1;
  EXPECT_EQ(file->read_into(0, buffer, 6, &error), 6u);
  EXPECT_EQ(error, 0);
  RegularFile closed;
  EXPECT_EQ(closed.read_into(0, buffer, sizeof buffer, &error), 0u);  // an I/O error reads nothing
  EXPECT_EQ(error, EBADF);
  EXPECT_FALSE(closed.read_at(0, 4).ok());
}

TEST_F(ContainedFileTest, ASymlinkLeadingInsideIsFollowed) {
  fs::create_symlink("sub/inside.bin", folder_ / "link.bin");
  fs::create_directory_symlink("sub", folder_ / "alias");
  for (const fs::path& path : {folder_ / "link.bin", folder_ / "alias/inside.bin"}) {
    for (absl::StatusOr<RegularFile>& file : open_both(path)) {
      ASSERT_TRUE(file.ok()) << path << ": " << file.status();
      EXPECT_EQ(*file->read_at(0, 64), "inside bytes");
    }
  }
}

TEST_F(ContainedFileTest, ASymlinkLeadingOutIsRefusedUnlessExternalFilesAreAllowed) {
  fs::create_symlink(dir_ / "outside/secret.bin", folder_ / "absolute.bin");
  fs::create_symlink("../outside/secret.bin", folder_ / "relative.bin");
  fs::create_directory_symlink("../outside", folder_ / "out");
  for (const fs::path& path :
       {folder_ / "absolute.bin", folder_ / "relative.bin", folder_ / "out/secret.bin"}) {
    for (absl::StatusOr<RegularFile>& file : open_both(path)) {
      ASSERT_FALSE(file.ok()) << path;
      EXPECT_EQ(file.status().code(), absl::StatusCode::kPermissionDenied) << file.status();
    }
    absl::StatusOr<RegularFile> allowed = open_contained_file(folder_, path, true);
    ASSERT_TRUE(allowed.ok()) << allowed.status();
    EXPECT_EQ(*allowed->read_at(0, 64), "secret bytes");
  }
}

TEST_F(ContainedFileTest, APathLeavingTheFolderByItsTextIsRefused) {
  for (const fs::path& path : {folder_ / "../outside/secret.bin", dir_ / "outside/secret.bin"}) {
    for (absl::StatusOr<RegularFile>& file : open_both(path)) {
      ASSERT_FALSE(file.ok()) << path;
      EXPECT_EQ(file.status().code(), absl::StatusCode::kPermissionDenied) << file.status();
    }
  }
}

TEST_F(ContainedFileTest, AMissingFileIsNotFound) {
  for (absl::StatusOr<RegularFile>& file : open_both(folder_ / "absent.bin")) {
    ASSERT_FALSE(file.ok());
    EXPECT_EQ(file.status().code(), absl::StatusCode::kNotFound) << file.status();
  }
}

// The open runs on another thread, so that a regression that blocks fails the test rather than
// hanging it: past the deadline the FIFO gets a writer, which frees the open.
TEST_F(ContainedFileTest, AFifoIsRefusedWithoutBlocking) {
  const fs::path fifo = folder_ / "pipe.bin";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  fs::create_symlink("pipe.bin", folder_ / "to-pipe.bin");
  for (const fs::path& path : {fifo, folder_ / "to-pipe.bin"}) {
    for (int way = 0; way < 3; ++way) {
      std::future<absl::Status> opened = std::async(std::launch::async, [&] {
        if (way == 0) return open_contained_file(folder_, path, false).status();
        if (way == 1) return open_contained_by_realpath(folder_, path).status();
        return open_regular_file(path).status();
      });
      if (opened.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
        opened.wait();
        if (writer >= 0) ::close(writer);
        FAIL() << path << ": the open blocked on the FIFO";
      }
      const absl::Status status = opened.get();
      EXPECT_EQ(status.code(), way == 2 ? absl::StatusCode::kInvalidArgument
                                        : absl::StatusCode::kFailedPrecondition)
          << status;
      EXPECT_NE(status.message().find(way == 2 ? "input.not-regular" : "a FIFO"),
                absl::string_view::npos)
          << status;
    }
  }
}

TEST_F(ContainedFileTest, ADeviceIsNeverRead) {
  fs::create_symlink("/dev/zero", folder_ / "zero.bin");
  for (absl::StatusOr<RegularFile>& file : open_both(folder_ / "zero.bin")) {
    ASSERT_FALSE(file.ok());
    EXPECT_EQ(file.status().code(), absl::StatusCode::kPermissionDenied) << file.status();
  }
  // Allowed out of the folder, it is still no regular file.
  absl::StatusOr<RegularFile> allowed = open_contained_file(folder_, folder_ / "zero.bin", true);
  ASSERT_FALSE(allowed.ok());
  EXPECT_EQ(allowed.status().code(), absl::StatusCode::kFailedPrecondition) << allowed.status();
  EXPECT_NE(allowed.status().message().find("a character device"), absl::string_view::npos);
  absl::StatusOr<RegularFile> named = open_regular_file("/dev/zero");
  ASSERT_FALSE(named.ok());
  EXPECT_NE(named.status().message().find("input.not-regular"), absl::string_view::npos);
}

TEST_F(ContainedFileTest, AFolderIsNoRegularFile) {
  absl::StatusOr<RegularFile> contained = open_contained_file(folder_, folder_ / "sub", false);
  ASSERT_FALSE(contained.ok());
  EXPECT_EQ(contained.status().code(), absl::StatusCode::kFailedPrecondition);
  absl::StatusOr<RegularFile> named = open_regular_file(folder_);
  ASSERT_FALSE(named.ok());
  EXPECT_EQ(named.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_NE(named.status().message().find("it is a directory"), absl::string_view::npos);
  ASSERT_TRUE(io_cause(named.status()).has_value());
  EXPECT_EQ(io_cause(named.status())->error, EISDIR);
  EXPECT_EQ(io_cause(named.status())->path, folder_.string());
}

TEST_F(ContainedFileTest, AMissingNamedFileCarriesItsErrno) {
  absl::StatusOr<RegularFile> named = open_regular_file(folder_ / "missing.dae");
  ASSERT_FALSE(named.ok());
  ASSERT_TRUE(io_cause(named.status()).has_value());
  EXPECT_EQ(io_cause(named.status())->error, ENOENT);
  EXPECT_EQ(io_cause(named.status())->path, (folder_ / "missing.dae").string());
}

TEST_F(ContainedFileTest, ANamedSymlinkIsFollowedWhereverItLeads) {
  fs::create_symlink(dir_ / "outside/secret.bin", dir_ / "named.bin");
  absl::StatusOr<RegularFile> file = open_regular_file(dir_ / "named.bin");
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ(*file->read_at(0, 64), "secret bytes");
}

TEST_F(ContainedFileTest, AFileIsReadAsItWasAtItsOpen) {
  absl::StatusOr<RegularFile> file =
      open_contained_file(folder_, folder_ / "sub/inside.bin", false);
  ASSERT_TRUE(file.ok());
  std::ofstream(folder_ / "sub/inside.bin", std::ios::app) << std::string(100000, 'x');
  EXPECT_EQ(*file->read_at(0, static_cast<size_t>(file->size())), "inside bytes");
}

}  // namespace
}  // namespace px
