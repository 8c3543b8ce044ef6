#include "tools/cli/worker_pool.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "engine/errors.h"
#include "engine/strings.h"
#include "tools/cli/cli_common.h"

namespace px::cli {
namespace {

// The self-pipe SIGCHLD, SIGINT and SIGTERM write to, so one poll() sees pipes and signals.
int g_wake[2] = {-1, -1};
volatile sig_atomic_t g_stop_signal = 0;

void on_signal(int signal) {
  int saved = errno;
  if (signal != SIGCHLD) g_stop_signal = signal;
  char byte = 0;
  ssize_t ignored = ::write(g_wake[1], &byte, 1);
  (void)ignored;
  errno = saved;
}

// The address space this process holds now, from /proc/self/statm (pages).
int64_t address_space_bytes() {
  std::ifstream statm("/proc/self/statm");
  int64_t pages = 0;
  statm >> pages;
  return pages * static_cast<int64_t>(::sysconf(_SC_PAGESIZE));
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

}  // namespace

WorkerPool::WorkerPool(int slots, WorkerLimits limits)
    : slots_(static_cast<size_t>(slots < 1 ? 1 : slots)), limits_(limits) {
  if (g_wake[0] < 0 && ::pipe2(g_wake, O_CLOEXEC | O_NONBLOCK) != 0) g_wake[0] = g_wake[1] = -1;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  for (int s : {SIGCHLD, SIGINT, SIGTERM}) ::sigaction(s, &action, nullptr);
}

WorkerPool::~WorkerPool() {
  kill_all();
  while (!idle()) wait(100);
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  for (int s : {SIGCHLD, SIGINT, SIGTERM}) ::sigaction(s, &action, nullptr);
}

int WorkerPool::stop_signal() { return g_stop_signal; }

absl::Status WorkerPool::start(size_t job, const ChildMain& child_main) {
  Slot* slot = nullptr;
  for (Slot& s : slots_) {
    if (s.pid == 0) {
      slot = &s;
      break;
    }
  }
  if (slot == nullptr) return absl::InternalError("no free worker slot");
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return io_error(cat("pipe: ", std::strerror(errno)));
  int64_t base = limits_.max_memory_mib > 0 ? address_space_bytes() : 0;
  std::fflush(nullptr);  // nothing buffered is written twice
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return io_error(cat("fork: ", std::strerror(errno)));
  }
  if (pid == 0) {
    // The child: die with the parent (kill -9 of the batch ends its workers), default signals.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    for (int s : {SIGCHLD, SIGINT, SIGTERM}) ::sigaction(s, &action, nullptr);
    ::close(fds[0]);
    if (limits_.max_memory_mib > 0) {
      rlim_t cap = static_cast<rlim_t>(base + limits_.max_memory_mib * (int64_t{1} << 20));
      struct rlimit limit {cap, cap};
      ::setrlimit(RLIMIT_AS, &limit);
    }
    int code = child_main(fds[1]);
    ::_exit(code);
  }
  ::close(fds[1]);
  set_nonblocking(fds[0]);
  *slot = Slot{pid, fds[0], job, {}, now_seconds(), false};
  ++running_;
  return absl::OkStatus();
}

void WorkerPool::read_from(Slot& slot) {
  char buffer[4096];
  while (slot.fd >= 0) {
    ssize_t n = ::read(slot.fd, buffer, sizeof buffer);
    if (n > 0) {
      // A result is one line; a worker that writes without end is cut off there.
      if (slot.result.size() < (size_t{1} << 20)) slot.result.append(buffer, static_cast<size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      if (n == 0 || errno != EAGAIN) {
        ::close(slot.fd);
        slot.fd = -1;
      }
      return;
    }
  }
}

void WorkerPool::reap(std::vector<FinishedJob>& done) {
  while (true) {
    int status = 0;
    struct rusage usage {};
    pid_t pid = ::wait4(-1, &status, WNOHANG, &usage);
    if (pid <= 0) return;
    for (Slot& slot : slots_) {
      if (slot.pid != pid) continue;
      read_from(slot);  // the child has exited: what it wrote is all there
      if (slot.fd >= 0) ::close(slot.fd);
      done.push_back({slot.job, std::move(slot.result), status, slot.timed_out,
                      now_seconds() - slot.started, static_cast<int64_t>(usage.ru_maxrss)});
      slot = Slot{};
      --running_;
      break;
    }
  }
}

std::vector<FinishedJob> WorkerPool::wait(int wait_ms) {
  std::vector<FinishedJob> done;
  double now = now_seconds();
  int timeout_ms = wait_ms;
  if (limits_.timeout_seconds > 0) {
    for (const Slot& s : slots_) {
      if (s.pid == 0 || s.timed_out) continue;
      double left = s.started + limits_.timeout_seconds - now;
      timeout_ms = std::min(timeout_ms, std::max(0, static_cast<int>(std::ceil(left * 1000))));
    }
  }
  std::vector<pollfd> fds;
  fds.push_back({g_wake[0], POLLIN, 0});
  for (const Slot& s : slots_) {
    if (s.fd >= 0) fds.push_back({s.fd, POLLIN, 0});
  }
  if (::poll(fds.data(), fds.size(), timeout_ms) > 0 && (fds[0].revents & POLLIN)) {
    char drain[64];
    while (::read(g_wake[0], drain, sizeof drain) > 0) {
    }
  }
  for (Slot& s : slots_) {
    if (s.fd >= 0) read_from(s);
  }
  if (limits_.timeout_seconds > 0) {
    now = now_seconds();
    for (Slot& s : slots_) {
      if (s.pid != 0 && !s.timed_out && now - s.started >= limits_.timeout_seconds) {
        s.timed_out = true;
        ::kill(s.pid, SIGKILL);
      }
    }
  }
  reap(done);
  return done;
}

void WorkerPool::kill_all() {
  for (const Slot& s : slots_) {
    if (s.pid != 0) ::kill(s.pid, SIGKILL);
  }
}

}  // namespace px::cli
