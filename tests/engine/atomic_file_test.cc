// Atomic output (engine/atomic_file.h): whole or not at all, with an unnamed temporary (O_TMPFILE)
// and with the named one a file system without it gets, and what a killed writer leaves.
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "tests/support/scratch_dir_test.h"

namespace px {
namespace {

class AtomicFileTest : public test_support::ScratchDirTest {
 protected:
  void TearDown() override {
    use_named_temporaries(false);
    ScratchDirTest::TearDown();
  }
  std::string read(const std::string& name) const { return file_bytes(dir_ / name); }
  // Forks a writer of dir_/name that writes a megabyte and is killed (SIGKILL) before it commits.
  void kill_a_writer(const std::string& name) {
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      auto file = AtomicFile::create(dir_ / name);
      if (file.ok() && file->write(std::string(1 << 20, 'x')).ok()) raise(SIGKILL);
      _exit(1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status));
  }
};

// The same behaviour whichever temporary the file system gives: unnamed (false) or named (true).
class AtomicFileEitherTemporary : public AtomicFileTest,
                                  public ::testing::WithParamInterface<bool> {
 protected:
  void SetUp() override {
    AtomicFileTest::SetUp();
    use_named_temporaries(GetParam());
  }
};

TEST_P(AtomicFileEitherTemporary, AppearsOnlyOnCommit) {
  auto target = dir_ / "out.bin";
  {
    auto file = AtomicFile::create(target);
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE(file->write("hello").ok());
    EXPECT_FALSE(std::filesystem::exists(target));
    ASSERT_TRUE(file->commit().ok());
  }
  EXPECT_EQ(read("out.bin"), "hello");
  EXPECT_EQ(files(), std::vector<std::string>{"out.bin"});
}

TEST_P(AtomicFileEitherTemporary, LeavesNothingWhenNotCommitted) {
  {
    auto file = AtomicFile::create(dir_ / "out.bin");
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE(file->write("partial").ok());
  }
  EXPECT_EQ(files().size(), 0u);
}

TEST_P(AtomicFileEitherTemporary, ReplacesAnExistingFileWithTheUmasksPermissions) {
  auto target = dir_ / "out.bin";
  std::ofstream(target) << "old";
  mode_t old_mask = umask(022);
  {
    auto file = AtomicFile::create(target);
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE(file->write("new").ok());
    EXPECT_EQ(read("out.bin"), "old");
    ASSERT_TRUE(file->commit().ok());
  }
  umask(old_mask);
  EXPECT_EQ(read("out.bin"), "new");
  EXPECT_EQ(files().size(), 1u);
  struct stat st {};
  ASSERT_EQ(stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST_P(AtomicFileEitherTemporary, FailsCleanlyInAMissingFolder) {
  auto file = AtomicFile::create(dir_ / "no" / "such" / "out.bin");
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(failure_of(file.status()), Failure::kIo);
  ASSERT_TRUE(io_cause(file.status()).has_value());
  EXPECT_EQ(io_cause(file.status())->error, ENOENT);
  EXPECT_EQ(io_cause(file.status())->path, (dir_ / "no" / "such" / "out.bin").string());
}

INSTANTIATE_TEST_SUITE_P(Temporaries, AtomicFileEitherTemporary, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "Named" : "Unnamed";
                         });

TEST_F(AtomicFileTest, TemporaryNamesAreHiddenBesideTheTarget) {
  EXPECT_EQ(temporary_path("assets/out.glb", 0), "assets/.out.glb.polyxios-tmp-0");
  EXPECT_EQ(temporary_path("out.gltf", 12), ".out.gltf.polyxios-tmp-12");
  EXPECT_EQ(temporary_path("/srv/up/a b.dae", 1), "/srv/up/.a b.dae.polyxios-tmp-1");
}

// Where O_TMPFILE is missing (or named temporaries are asked for) the bytes go to the lowest free
// name from 0 while they are written; each writer of the same target takes its own.
TEST_F(AtomicFileTest, ANamedTemporaryTakesTheLowestFreeNumber) {
  use_named_temporaries(true);
  auto first = AtomicFile::create(dir_ / "out.glb");
  auto second = AtomicFile::create(dir_ / "out.glb");
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(second.ok());
  ASSERT_TRUE(first->write("first").ok());
  ASSERT_TRUE(second->write("second").ok());
  EXPECT_EQ(files(),
            (std::vector<std::string>{".out.glb.polyxios-tmp-0", ".out.glb.polyxios-tmp-1"}));
  ASSERT_TRUE(second->commit().ok());
  ASSERT_TRUE(first->commit().ok());
  EXPECT_EQ(files(), std::vector<std::string>{"out.glb"});
  EXPECT_EQ(read("out.glb"), "first");
}

// A batch worker killed past its timeout never gets to destroy its AtomicFile.
TEST_F(AtomicFileTest, AProcessKilledMidWriteLeavesNothing) {
  kill_a_writer("out.bin");
  EXPECT_EQ(files().size(), 0u);
}

// Without O_TMPFILE a killed writer leaves its named temporary, which the next writer of the
// target removes (remove_temporaries_of) before it writes, and then takes the same name.
TEST_F(AtomicFileTest, AKilledWritersNamedTemporaryIsRemovedByTheNext) {
  use_named_temporaries(true);
  kill_a_writer("out.bin");
  EXPECT_EQ(files(), std::vector<std::string>{".out.bin.polyxios-tmp-0"});
  EXPECT_EQ(std::filesystem::file_size(dir_ / ".out.bin.polyxios-tmp-0"), 1u << 20);
  remove_temporaries_of(dir_ / "out.bin");
  EXPECT_EQ(files().size(), 0u);
  kill_a_writer("out.bin");
  kill_a_writer("out.bin");
  EXPECT_EQ(files(), (std::vector<std::string>{".out.bin.polyxios-tmp-0",
                                                ".out.bin.polyxios-tmp-1"}));
  remove_temporaries_of(dir_ / "out.bin");
  auto file = AtomicFile::create(dir_ / "out.bin");
  ASSERT_TRUE(file.ok());
  ASSERT_TRUE(file->write("whole").ok());
  EXPECT_EQ(files(), std::vector<std::string>{".out.bin.polyxios-tmp-0"});
  ASSERT_TRUE(file->commit().ok());
  EXPECT_EQ(files(), std::vector<std::string>{"out.bin"});
}

TEST_F(AtomicFileTest, RemoveTemporariesOfTakesOnlyThatTargetsTemporaries) {
  for (const char* name : {".out.glb.polyxios-tmp-0", ".out.glb.polyxios-tmp-1", "out.glb",
                           ".other.glb.polyxios-tmp-0", ".out.glb.polyxios-tmp-x",
                           "out.glb.polyxios-tmp-0", ".out.glb.polyxios-tmp-0.glb"}) {
    std::ofstream(dir_ / name) << "x";
  }
  remove_temporaries_of(dir_ / "out.glb");
  EXPECT_EQ(files(), (std::vector<std::string>{
                         ".other.glb.polyxios-tmp-0", ".out.glb.polyxios-tmp-0.glb",
                         ".out.glb.polyxios-tmp-x", "out.glb", "out.glb.polyxios-tmp-0"}));
  remove_temporaries_of(dir_ / "absent" / "x.glb");  // no folder: nothing to do
}

}  // namespace
}  // namespace px
