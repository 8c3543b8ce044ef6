// batch's worker pool: warm workers that run job after job, a crash, a timeout or a runaway
// allocation ending only its worker (a fresh one takes the jobs after it), the memory cap and the
// peak RSS each job's own, nothing of one job left for the next, and the notes a job sends as it
// runs (batch -v).
#include "tools/cli/worker_pool.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "tools/cli/cli_common.h"
#include "tools/cli/out_of_memory.h"

namespace px::cli {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

// Runs every job, `workers` at a time, and gives them by job number.
std::map<size_t, FinishedJob> run_all(int workers, WorkerLimits limits, size_t jobs,
                                      JobMain job_main) {
  WorkerPool pool(workers, limits, std::move(job_main));
  std::map<size_t, FinishedJob> done;
  size_t next = 0;
  while (next < jobs || !pool.idle()) {
    while (next < jobs && !pool.full()) EXPECT_TRUE(pool.start(next++).ok());
    for (FinishedJob& f : pool.wait(100)) done[f.job] = std::move(f);
  }
  return done;
}

std::string own_pid() { return std::to_string(::getpid()); }

bool is_zombie(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  size_t paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z';
}

bool exited_with(const FinishedJob& f, int code) {
  return WIFEXITED(f.wait_status) && WEXITSTATUS(f.wait_status) == code;
}

TEST(WorkerPool, RunsJobsInWorkersAndTakesWhatTheyGive) {
  auto done = run_all(2, {}, 4, [](size_t job, std::string& result, const SendNote&) {
    result = "job " + std::to_string(job);
    return 7;
  });
  ASSERT_EQ(done.size(), 4u);
  for (const auto& [job, f] : done) {
    EXPECT_EQ(f.result, "job " + std::to_string(job));
    EXPECT_TRUE(exited_with(f, 7));
    EXPECT_FALSE(f.timed_out);
    EXPECT_GT(f.peak_rss_kib, 0);
  }
}

TEST(WorkerPool, AWorkerRunsJobAfterJob) {
  auto done = run_all(1, {}, 3, [](size_t, std::string& result, const SendNote&) {
    result = own_pid();
    return 0;
  });
  ASSERT_EQ(done.size(), 3u);
  EXPECT_NE(done[0].result, own_pid());  // a worker, not this process
  EXPECT_EQ(done[1].result, done[0].result);
  EXPECT_EQ(done[2].result, done[0].result);
}

TEST(WorkerPool, ACrashEndsOnlyItsJobAndANewWorkerTakesTheJobsAfterIt) {
  auto done = run_all(1, {}, 5, [](size_t job, std::string& result, const SendNote&) {
    if (job == 2) raise(SIGSEGV);
    result = own_pid();
    return 0;
  });
  ASSERT_EQ(done.size(), 5u);
  ASSERT_TRUE(WIFSIGNALED(done[2].wait_status));
  EXPECT_EQ(WTERMSIG(done[2].wait_status), SIGSEGV);
  EXPECT_EQ(done[2].result, "");
  EXPECT_GT(done[2].peak_rss_kib, 0);  // from wait4
  for (size_t job : {0, 1, 3, 4}) EXPECT_TRUE(exited_with(done[job], 0)) << job;
  EXPECT_EQ(done[1].result, done[0].result);
  EXPECT_EQ(done[4].result, done[3].result);
  EXPECT_NE(done[3].result, done[0].result);
}

TEST(WorkerPool, ATimeoutKillsTheWorkerAndANewOneTakesTheNextJob) {
  auto done = run_all(1, {0.3, 0}, 3, [](size_t job, std::string& result, const SendNote&) {
    while (job == 1) pause();
    result = own_pid();
    return 0;
  });
  ASSERT_EQ(done.size(), 3u);
  EXPECT_TRUE(done[1].timed_out);
  ASSERT_TRUE(WIFSIGNALED(done[1].wait_status));
  EXPECT_EQ(WTERMSIG(done[1].wait_status), SIGKILL);
  EXPECT_GE(done[1].seconds, 0.3);
  EXPECT_FALSE(done[0].timed_out);
  EXPECT_FALSE(done[2].timed_out);
  EXPECT_TRUE(exited_with(done[2], 0));
  EXPECT_NE(done[2].result, done[0].result);
}

TEST(WorkerPool, AWorkerThatDiesIdleIsReplaced) {
  WorkerPool pool(1, {}, [](size_t, std::string& result, const SendNote&) {
    result = own_pid();
    return 0;
  });
  auto one = [&pool](size_t job) {
    EXPECT_TRUE(pool.start(job).ok());
    std::vector<FinishedJob> done;
    while (done.empty()) done = pool.wait(100);
    return done[0];
  };
  FinishedJob first = one(0);
  ::kill(std::stoi(first.result), SIGKILL);  // between jobs: dead, its socket closed, not reaped
  while (!is_zombie(first.result)) ::usleep(1000);
  FinishedJob second = one(1);
  EXPECT_TRUE(exited_with(second, 0));
  EXPECT_NE(second.result, first.result);
}

// batch -v: what a job sends while it runs reaches the note handler at once, in order, before
// the job's result; a long line whole; and the lines of a job that hangs, long before its timeout.
TEST(WorkerPool, NotesReachTheHandlerWhileTheirJobRuns) {
  const double started = now_seconds();
  std::vector<std::string> events;
  double hanging_note_at = 0;
  WorkerPool pool(
      1, {3, 0},
      [](size_t job, std::string& result, const SendNote& note) {
        note("first of " + std::to_string(job));
        note(std::string(100000, 'x'));  // more than one read of the socket takes
        while (job == 1) pause();        // stopped at the timeout
        result = "result of " + std::to_string(job);
        return 0;
      },
      [&](size_t job, std::string_view line) {
        events.push_back(std::to_string(job) + ": " +
                         (line.size() > 20 ? std::to_string(line.size()) : std::string(line)));
        if (job == 1 && hanging_note_at == 0) hanging_note_at = now_seconds() - started;
      });
  for (size_t job = 0; job < 2; ++job) {
    ASSERT_TRUE(pool.start(job).ok());
    std::vector<FinishedJob> done;
    while (done.empty()) done = pool.wait(100);
    events.push_back(std::to_string(done[0].job) + " done: " + done[0].result);
  }
  EXPECT_EQ(events, (std::vector<std::string>{"0: first of 0", "0: 100000", "0 done: result of 0",
                                              "1: first of 1", "1: 100000", "1 done: "}));
  EXPECT_GT(hanging_note_at, 0);
  EXPECT_LT(hanging_note_at, 2.5);  // the timeout came at 3
}

// The cap is on the worker's address space, its size when forked plus the limit: what a job frees
// the next reuses, so each job may allocate about the limit; a job past it ends its worker (exit
// kWorkerOutOfMemory, as a batch worker's allocation failure handler does) and the next job runs
// in a new one.
TEST(WorkerPool, TheMemoryCapHoldsEachJobAndWhatAJobFreesIsTheNextOnes) {
  if (kAddressSanitizer) {
    GTEST_SKIP() << "AddressSanitizer's allocator maps memory its own way under an address-space "
                    "cap; the release build runs this test";
  }
  auto done = run_all(1, {0, 16}, 5, [](size_t job, std::string& result, const SendNote&) {
    exit_on_out_of_memory(kWorkerOutOfMemory);
    // 64 MiB, its address kept so that the allocation is not elided.
    if (job == 3) result = std::to_string(reinterpret_cast<uintptr_t>(new char[size_t{64} << 20]));
    std::vector<char*> blocks;  // twelve MiB in blocks malloc takes from its heap
    for (int i = 0; i < 192; ++i) {
      blocks.push_back(static_cast<char*>(std::malloc(64 << 10)));
      if (blocks.back() == nullptr) return 1;
      std::memset(blocks.back(), 1, 64 << 10);
    }
    for (char* block : blocks) std::free(block);
    result = own_pid();
    return 0;
  });
  ASSERT_EQ(done.size(), 5u);
  for (size_t job : {0, 1, 2, 4}) EXPECT_TRUE(exited_with(done[job], 0)) << job;
  EXPECT_EQ(done[1].result, done[0].result);
  EXPECT_EQ(done[2].result, done[0].result);
  EXPECT_TRUE(exited_with(done[3], kWorkerOutOfMemory));
  EXPECT_NE(done[4].result, done[0].result);
}

// A job that held 64 MiB in small blocks, all freed but the last (so the heap cannot shrink from
// its top), leaves the next job in that worker a peak of its own.
TEST(WorkerPool, EachJobsPeakRssIsItsOwn) {
  if (kAddressSanitizer) {
    GTEST_SKIP() << "AddressSanitizer keeps freed memory in quarantine; the release build runs "
                    "this test";
  }
  auto done = run_all(1, {}, 2, [](size_t job, std::string& result, const SendNote&) {
    result = own_pid();
    if (job == 1) return 0;
    std::vector<char*> blocks;
    for (int i = 0; i < 4096; ++i) {
      blocks.push_back(static_cast<char*>(std::malloc(16 << 10)));
      std::memset(blocks.back(), 1, 16 << 10);
    }
    for (size_t i = 0; i + 1 < blocks.size(); ++i) std::free(blocks[i]);
    return 0;
  });
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[1].result, done[0].result);  // the same worker
  EXPECT_GT(done[0].peak_rss_kib, 64 * 1024);
  EXPECT_LT(done[1].peak_rss_kib, done[0].peak_rss_kib - 48 * 1024);
}

TEST(WorkerPool, AJobsWorkingFolderDoesNotStayForTheNext) {
  const std::string here = std::filesystem::current_path().string();
  auto done = run_all(1, {}, 2, [](size_t job, std::string& result, const SendNote&) {
    if (job == 0) std::filesystem::current_path("/");
    result = own_pid() + " " + std::filesystem::current_path().string();
    return 0;
  });
  ASSERT_EQ(done.size(), 2u);
  std::string worker = done[0].result.substr(0, done[0].result.find(' '));
  EXPECT_EQ(done[0].result, worker + " /");
  EXPECT_EQ(done[1].result, worker + " " + here);
}

}  // namespace
}  // namespace px::cli
