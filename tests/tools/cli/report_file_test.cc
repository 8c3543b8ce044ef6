// The batch report file: whole lines whatever the disk does (tools/cli/report_file.h).
#include "tools/cli/report_file.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace px::cli {
namespace {
namespace fs = std::filesystem;

class ReportFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() /
            ("px_report_file_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".jsonl");
    fs::remove(path_);
  }
  void TearDown() override { fs::remove(path_); }
  std::string contents() const {
    std::ifstream in(path_, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static AssetRecord record(const std::string& input) {
    AssetRecord r;
    r.input = input;
    r.output = input + ".glb";
    r.outcome = Outcome::kConverted;
    r.exit_code = 0;
    return r;
  }
  fs::path path_;
};

TEST_F(ReportFileTest, AResumedReportLosesItsCutLineAndTheNextRecordStartsALine) {
  {
    ReportFile report;
    ASSERT_TRUE(report.open(path_.string(), false).ok());
    ASSERT_TRUE(report.add(record("a.dae")).ok());
  }
  const std::string whole = contents();
  // A run stopped (or a full disk) while writing b's line.
  std::ofstream(path_, std::ios::binary | std::ios::app) << "{\"input\":\"b.dae\",\"outc";
  {
    ReportFile report;
    ASSERT_TRUE(report.open(path_.string(), true).ok());
    EXPECT_EQ(contents(), whole);
    ASSERT_TRUE(report.add(record("c.dae")).ok());
  }
  int64_t skipped = -1;
  absl::StatusOr<std::vector<AssetRecord>> records = read_report(path_.string(), &skipped);
  ASSERT_TRUE(records.ok()) << records.status();
  EXPECT_EQ(skipped, 0);
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[0].input, "a.dae");
  EXPECT_EQ((*records)[1].input, "c.dae");
}

TEST_F(ReportFileTest, AReportOfOneCutLineIsEmptiedAndAWholeOneIsKept) {
  std::ofstream(path_, std::ios::binary) << "{\"input\":";
  {
    ReportFile report;
    ASSERT_TRUE(report.open(path_.string(), true).ok());
  }
  EXPECT_EQ(contents(), "");
  const std::string line = to_json_line(record("a.dae"));
  std::ofstream(path_, std::ios::binary) << line;
  {
    ReportFile report;
    ASSERT_TRUE(report.open(path_.string(), true).ok());
  }
  EXPECT_EQ(contents(), line);
}

// A disk that takes part of a line and then refuses the rest, as a full disk does: a file size
// limit (RLIMIT_FSIZE, its signal ignored) makes write(2) short, then fail with EFBIG.
TEST_F(ReportFileTest, AWriteTheDiskCutsIsTakenBackAndNamesItsCause) {
  ReportFile report;
  ASSERT_TRUE(report.open(path_.string(), false).ok());
  ASSERT_TRUE(report.add(record("a.dae")).ok());
  const std::string before = contents();
  AssetRecord big = record("b.dae");
  big.message = std::string(4000, 'm');

  struct rlimit saved;
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  struct sigaction ignore = {}, old_action = {};
  ignore.sa_handler = SIG_IGN;
  ASSERT_EQ(sigaction(SIGXFSZ, &ignore, &old_action), 0);
  struct rlimit small = saved;
  small.rlim_cur = before.size() + 100;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  absl::Status added = report.add(big);
  setrlimit(RLIMIT_FSIZE, &saved);
  sigaction(SIGXFSZ, &old_action, nullptr);

  ASSERT_FALSE(added.ok());
  EXPECT_NE(added.message().find(std::strerror(EFBIG)), std::string::npos) << added;
  EXPECT_EQ(contents(), before);
  // With room again, the next record is a line of its own.
  ASSERT_TRUE(report.add(record("c.dae")).ok());
  int64_t skipped = -1;
  absl::StatusOr<std::vector<AssetRecord>> records = read_report(path_.string(), &skipped);
  ASSERT_TRUE(records.ok());
  EXPECT_EQ(skipped, 0);
  EXPECT_EQ(records->size(), 2u);
}

TEST_F(ReportFileTest, NoPathWritesNothing) {
  ReportFile report;
  ASSERT_TRUE(report.open("", false).ok());
  EXPECT_TRUE(report.add(record("a.dae")).ok());
  EXPECT_FALSE(fs::exists(path_));
}

}  // namespace
}  // namespace px::cli
