// Worker processes for batch: each job runs in a forked child, N at a time, so a crash, a hang
// or a runaway allocation ends that child only. The parent stays single-threaded (fork is safe
// there), waits on the children's result pipes and on SIGCHLD through one poll(), kills a child
// at its deadline, and takes each child's peak memory from wait4.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace px::cli {

struct WorkerLimits {
  double timeout_seconds = 0;  // 0: none
  int64_t max_memory_mib = 0;  // address space a worker may add to what it starts with; 0: none
};

struct FinishedJob {
  size_t job = 0;
  std::string result;  // what the child wrote to its result pipe
  int wait_status = 0;
  bool timed_out = false;
  double seconds = 0;
  int64_t peak_rss_kib = 0;
};

class WorkerPool {
 public:
  // The child's body: it writes its result to result_fd and returns its exit code.
  using ChildMain = std::function<int(int result_fd)>;

  WorkerPool(int slots, WorkerLimits limits);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  bool full() const { return running_ == static_cast<int>(slots_.size()); }
  bool idle() const { return running_ == 0; }

  absl::Status start(size_t job, const ChildMain& child_main);
  // Waits up to wait_ms (or until a child ends or a signal of stop_signals() arrives) and gives
  // every job that ended, in the order they ended.
  std::vector<FinishedJob> wait(int wait_ms);
  // SIGKILL to every running child; they are still reaped (and returned) by wait().
  void kill_all();

  // SIGINT and SIGTERM set this (and wake wait()); 0 until then.
  static int stop_signal();

 private:
  struct Slot {
    pid_t pid = 0;
    int fd = -1;
    size_t job = 0;
    std::string result;
    double started = 0;
    bool timed_out = false;
  };
  void read_from(Slot& slot);
  void reap(std::vector<FinishedJob>& done);

  std::vector<Slot> slots_;
  WorkerLimits limits_;
  int running_ = 0;
};

}  // namespace px::cli
