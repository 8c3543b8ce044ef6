// Worker processes for batch: N warm workers, each forked once and handed job after job over a
// socket pair (worker_process.h), so a crash, a hang or a runaway allocation ends that worker
// only, and another is forked in its place for the jobs still to come. The parent stays
// single-threaded (fork is safe there), waits on the workers' sockets and on SIGCHLD through one
// poll(), and kills a worker at its job's deadline.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "tools/cli/worker_process.h"

namespace px::cli {

struct WorkerLimits {
  double timeout_seconds = 0;  // a job's; 0: none
  int64_t max_memory_mib = 0;  // address space a worker may add to its size when forked; 0: none
};

struct FinishedJob {
  size_t job = 0;
  std::string result;   // what JobMain put in its result (empty when the worker died on the job)
  int wait_status = 0;  // as wait(2) encodes it: JobMain's exit code, or how the worker ended
  bool timed_out = false;
  double seconds = 0;
  // The job's peak RSS: the worker's high-water mark since the job began, as the worker measured
  // it, or from wait4 when the worker died on the job (the mark was reset when the job began).
  int64_t peak_rss_kib = 0;
};

// Takes a line a job's worker sent while it ran (SendNote): called from wait(), in the order the
// lines were sent, each before the job's FinishedJob is returned.
using NoteHandler = std::function<void(size_t job, std::string_view line)>;

class WorkerPool {
 public:
  WorkerPool(int workers, WorkerLimits limits, JobMain job_main, NoteHandler on_note = nullptr);
  ~WorkerPool();  // ends every worker
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  bool full() const { return busy_ == static_cast<int>(slots_.size()); }
  bool idle() const { return busy_ == 0; }

  // Hands the job to an idle worker, forking one where a slot has none.
  absl::Status start(size_t job);
  // Waits up to wait_ms (or until a job ends, or a signal of stop_signal() arrives) and gives
  // every job that ended, in the order they ended.
  std::vector<FinishedJob> wait(int wait_ms);
  // SIGKILL to every worker; the jobs they were running are still returned by wait().
  void kill_all();

  // SIGINT and SIGTERM set this (and wake wait()); 0 until then.
  static int stop_signal();

 private:
  struct Slot {
    pid_t pid = 0;     // 0: no worker
    int channel = -1;  // the batch's end of the worker's socket pair
    std::string received;
    bool busy = false;
    size_t job = 0;
    double started = 0;
    bool timed_out = false;
  };
  absl::Status fork_worker(Slot& slot);
  bool send_job(Slot& slot, size_t job);
  void receive(Slot& slot, std::vector<FinishedJob>& done);
  void reap(std::vector<FinishedJob>& done);
  void end_worker(Slot& slot);

  std::vector<Slot> slots_;
  WorkerLimits limits_;
  JobMain job_main_;
  NoteHandler on_note_;
  int busy_ = 0;
};

}  // namespace px::cli
