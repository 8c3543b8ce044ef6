#include "tools/cli/worker_pool.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>

#include "engine/errors.h"
#include "engine/strings.h"
#include "tools/cli/cli_common.h"

namespace px::cli {
namespace {

// The self-pipe SIGCHLD, SIGINT and SIGTERM write to, so one poll() sees sockets and signals.
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

void handle_signals(void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  for (int s : {SIGCHLD, SIGINT, SIGTERM}) ::sigaction(s, &action, nullptr);
}

}  // namespace

WorkerPool::WorkerPool(int workers, WorkerLimits limits, JobMain job_main, NoteHandler on_note)
    : slots_(static_cast<size_t>(workers < 1 ? 1 : workers)),
      limits_(limits),
      job_main_(std::move(job_main)),
      on_note_(std::move(on_note)) {
  if (g_wake[0] < 0 && ::pipe2(g_wake, O_CLOEXEC | O_NONBLOCK) != 0) g_wake[0] = g_wake[1] = -1;
  handle_signals(on_signal);
}

WorkerPool::~WorkerPool() {
  for (Slot& slot : slots_) end_worker(slot);
  handle_signals(SIG_DFL);
}

int WorkerPool::stop_signal() { return g_stop_signal; }

absl::Status WorkerPool::fork_worker(Slot& slot) {
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    return io_error(cat("socketpair: ", std::strerror(errno)));
  }
  std::fflush(nullptr);  // nothing buffered is written twice
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(ends[0]);
    ::close(ends[1]);
    return io_error(cat("fork: ", std::strerror(errno)));
  }
  if (pid == 0) {
    // The worker: dies with the batch (kill -9 of the batch ends its workers), default signals,
    // no end of its siblings' sockets.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    handle_signals(SIG_DFL);
    for (const Slot& other : slots_) {
      if (other.channel >= 0) ::close(other.channel);
    }
    ::close(ends[0]);
    serve_jobs(ends[1], limits_.max_memory_mib, job_main_);
  }
  ::close(ends[1]);
  ::fcntl(ends[0], F_SETFL, ::fcntl(ends[0], F_GETFL) | O_NONBLOCK);
  slot = Slot{};
  slot.pid = pid;
  slot.channel = ends[0];
  return absl::OkStatus();
}

// The job's number into an empty socket buffer: one send, whole or failed (the worker is gone).
bool WorkerPool::send_job(Slot& slot, size_t job) {
  uint64_t number = job;
  return ::send(slot.channel, &number, sizeof number, MSG_NOSIGNAL) ==
         static_cast<ssize_t>(sizeof number);
}

absl::Status WorkerPool::start(size_t job) {
  Slot* slot = nullptr;
  for (Slot& s : slots_) {  // an idle worker first, else a slot with none
    if (s.pid != 0 && !s.busy) {
      slot = &s;
      break;
    }
  }
  for (Slot& s : slots_) {
    if (slot == nullptr && s.pid == 0) slot = &s;
  }
  if (slot == nullptr) return absl::InternalError("no free worker slot");
  // A worker that died while idle (not reaped yet) does not take the job: a fresh one does.
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (slot->pid == 0) {
      if (absl::Status forked = fork_worker(*slot); !forked.ok()) return forked;
    }
    if (send_job(*slot, job)) {
      slot->busy = true;
      slot->job = job;
      slot->started = now_seconds();
      slot->timed_out = false;
      ++busy_;
      return absl::OkStatus();
    }
    end_worker(*slot);
  }
  return io_error("a freshly forked worker did not take its job");
}

void WorkerPool::receive(Slot& slot, std::vector<FinishedJob>& done) {
  char buffer[1 << 14];
  while (slot.channel >= 0) {
    ssize_t n = ::read(slot.channel, buffer, sizeof buffer);
    if (n > 0) {
      slot.received.append(buffer, static_cast<size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      if (n == 0 || errno != EAGAIN) {  // the worker is gone: reap() takes it
        ::close(slot.channel);
        slot.channel = -1;
      }
      break;
    }
  }
  // Every whole frame received, in order: a note goes to on_note_, the result ends the job.
  size_t at = 0;
  while (slot.busy && slot.received.size() - at >= sizeof(Frame)) {
    Frame frame;
    std::memcpy(&frame, slot.received.data() + at, sizeof frame);
    if (frame.job != slot.job || frame.kind > Frame::kNote || frame.text_bytes > kMaxResultBytes) {
      ::kill(slot.pid, SIGKILL);  // not a frame of ours: the job ends with the worker
      break;
    }
    if (slot.received.size() - at - sizeof frame < frame.text_bytes) break;
    std::string_view text(slot.received.data() + at + sizeof frame, frame.text_bytes);
    at += sizeof frame + frame.text_bytes;
    if (frame.kind == Frame::kNote) {
      if (on_note_) on_note_(slot.job, text);
      continue;
    }
    int exit_code = static_cast<int>(frame.exit_code);
    done.push_back({slot.job, std::string(text), W_EXITCODE(exit_code, 0), slot.timed_out,
                    now_seconds() - slot.started, frame.peak_rss_kib});
    slot.received.clear();
    slot.busy = false;
    --busy_;
    return;
  }
  slot.received.erase(0, at);
}

void WorkerPool::reap(std::vector<FinishedJob>& done) {
  while (true) {
    int status = 0;
    struct rusage usage {};
    pid_t pid = ::wait4(-1, &status, WNOHANG, &usage);
    if (pid <= 0) return;
    for (Slot& slot : slots_) {
      if (slot.pid != pid) continue;
      receive(slot, done);  // a job it answered before it ended is done
      if (slot.busy) {
        done.push_back({slot.job, "", status, slot.timed_out, now_seconds() - slot.started,
                        static_cast<int64_t>(usage.ru_maxrss)});
        --busy_;
      }
      if (slot.channel >= 0) ::close(slot.channel);
      slot = Slot{};
      break;
    }
  }
}

std::vector<FinishedJob> WorkerPool::wait(int wait_ms) {
  std::vector<FinishedJob> done;
  double now = now_seconds();
  int timeout_ms = wait_ms;
  std::vector<pollfd> fds = {{g_wake[0], POLLIN, 0}};
  for (const Slot& s : slots_) {
    if (!s.busy) continue;
    if (s.channel >= 0) fds.push_back({s.channel, POLLIN, 0});
    if (limits_.timeout_seconds > 0 && !s.timed_out) {
      double left = s.started + limits_.timeout_seconds - now;
      timeout_ms = std::min(timeout_ms, std::max(0, static_cast<int>(std::ceil(left * 1000))));
    }
  }
  if (::poll(fds.data(), fds.size(), timeout_ms) > 0 && (fds[0].revents & POLLIN)) {
    char drain[64];
    while (::read(g_wake[0], drain, sizeof drain) > 0) {
    }
  }
  for (Slot& s : slots_) {
    if (s.busy) receive(s, done);
  }
  if (limits_.timeout_seconds > 0) {
    now = now_seconds();
    for (Slot& s : slots_) {
      if (s.busy && !s.timed_out && now - s.started >= limits_.timeout_seconds) {
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

void WorkerPool::end_worker(Slot& slot) {
  if (slot.pid == 0) return;
  ::kill(slot.pid, SIGKILL);
  ::waitpid(slot.pid, nullptr, 0);
  if (slot.channel >= 0) ::close(slot.channel);
  if (slot.busy) --busy_;
  slot = Slot{};
}

}  // namespace px::cli
