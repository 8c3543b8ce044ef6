// The worker side of batch's pool: a process forked once that converts many assets in turn. It
// reads job numbers from its end of a socket pair and answers each with a Frame and the job's
// result text, after a note Frame for each line the job sent while it ran (batch -v's warnings).
// Its address space is capped once, at its size when it starts plus the memory limit: what a job
// frees, the next reuses, so each job may allocate about that much. Before each job it resets its
// RSS high-water mark (/proc/self/clear_refs "5"), having given freed memory back to the system
// (malloc_trim) if it holds 16 MiB more than after it last did, so that a job's peak counts at most
// that much of what earlier jobs left; after each job it returns to its working folder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace px::cli {

// Sends a line to the batch at once, while the job runs; from any one thread at a time.
using SendNote = std::function<void(std::string_view line)>;

// Runs in a worker, once per job: puts the job's result into `result` and returns the exit code
// `polyxios convert` would give; `note` reaches the pool's note handler before the result does. A
// crash, or an exit, ends the worker (the pool forks another).
using JobMain = std::function<int(size_t job, std::string& result, const SendNote& note)>;

// What a worker writes, followed by text_bytes bytes of text: any notes of a job, then its
// result. No padding: every byte sent is set.
struct Frame {
  enum Kind : uint64_t { kResult = 0, kNote = 1 };
  uint64_t job = 0;
  uint64_t kind = kResult;
  int64_t peak_rss_kib = 0;  // a result's: the worker's RSS high-water mark since the job began
  uint64_t text_bytes = 0;
  int64_t exit_code = 0;  // a result's
};

// A text longer than this is not one of ours: the pool ends the worker that sent it.
constexpr uint64_t kMaxResultBytes = uint64_t{1} << 20;

// In a freshly forked worker: serves the jobs that come on `channel` until the batch closes it
// (then exits 0). max_memory_mib: address space the worker may add to its size now; 0 for no cap.
[[noreturn]] void serve_jobs(int channel, int64_t max_memory_mib, const JobMain& job_main);

}  // namespace px::cli
