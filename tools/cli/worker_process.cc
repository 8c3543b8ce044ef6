#include "tools/cli/worker_process.h"

#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace px::cli {
namespace {

bool read_exactly(int fd, void* data, size_t size) {
  char* at = static_cast<char*>(data);
  while (size > 0) {
    ssize_t n = ::read(fd, at, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    at += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool send_all(int fd, const void* data, size_t size) {
  const char* at = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = ::send(fd, at, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    at += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// The frame, its text_bytes set, then the text.
bool send_frame(int fd, Frame frame, std::string_view text) {
  frame.text_bytes = text.size();
  return send_all(fd, &frame, sizeof frame) && send_all(fd, text.data(), text.size());
}

// The address space and the resident set this process holds now (/proc/self/statm), in bytes;
// zeros when unknown.
struct Memory {
  int64_t address_space = 0;
  int64_t resident = 0;
};

Memory memory_now() {
  int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  char text[128] = {};
  ssize_t n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return {};
  char* end = nullptr;
  int64_t size = std::strtoll(text, &end, 10);
  int64_t resident = std::strtoll(end, nullptr, 10);
  int64_t page = ::sysconf(_SC_PAGESIZE);
  return {size * page, resident * page};
}

// RLIMIT_AS at what the worker holds now plus max_memory_mib.
void cap_address_space(int64_t max_memory_mib) {
  rlim_t cap = static_cast<rlim_t>(memory_now().address_space + (max_memory_mib << 20));
  struct rlimit limit {cap, cap};
  ::setrlimit(RLIMIT_AS, &limit);
}

// Memory a job freed stays with malloc for the next job to reuse, resident: giving it back and
// faulting it in again (a page fault is some 10 us on a VM) costs more than converting a small
// asset. Only up to this much above what the worker held after it last gave memory back,
// though: past it, malloc_trim gives back what it can, so that a job's peak RSS counts at most
// this much of what the jobs before it left.
constexpr int64_t kKeptBytes = int64_t{16} << 20;

// Gives freed memory back when the worker holds more than kKeptBytes above `settled`, which
// becomes what it holds after.
void give_back_freed_memory(int64_t& settled) {
  if (memory_now().resident <= settled + kKeptBytes) return;
  ::malloc_trim(0);
  settled = memory_now().resident;
}

// getrusage's ru_maxrss, which writing "5" to /proc/self/clear_refs (clear_refs_fd) resets to the
// RSS of now. Where that file cannot be written (no /proc, a kernel before 4.0) the peak is the
// worker's since it was forked: a job's peak then covers the jobs before it in that worker.
void reset_peak_rss(int clear_refs_fd) {
  if (clear_refs_fd < 0) return;
  ssize_t ignored = ::write(clear_refs_fd, "5", 1);
  (void)ignored;
}

int64_t peak_rss_kib() {
  struct rusage usage {};
  ::getrusage(RUSAGE_SELF, &usage);
  return static_cast<int64_t>(usage.ru_maxrss);
}

}  // namespace

void serve_jobs(int channel, int64_t max_memory_mib, const JobMain& job_main) {
  // O_PATH: the working folder is returned to even when it cannot be listed.
  int home = ::open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  int clear_refs = ::open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
  if (max_memory_mib > 0) cap_address_space(max_memory_mib);
  int64_t settled = memory_now().resident;
  uint64_t job = 0;
  bool sent = true;
  const SendNote note = [&](std::string_view line) {  // cut to what the pool takes
    sent = sent && send_frame(channel, Frame{.job = job, .kind = Frame::kNote},
                              line.substr(0, kMaxResultBytes));
  };
  while (true) {
    give_back_freed_memory(settled);
    if (!read_exactly(channel, &job, sizeof job)) break;
    reset_peak_rss(clear_refs);
    std::string result;
    Frame frame{.job = job, .kind = Frame::kResult};
    frame.exit_code = job_main(static_cast<size_t>(job), result, note);
    frame.peak_rss_kib = peak_rss_kib();
    sent = sent && send_frame(channel, frame, result);
    if (!sent || (home >= 0 && ::fchdir(home) != 0)) break;  // a new worker takes the next job
  }
  ::_exit(0);
}

}  // namespace px::cli
