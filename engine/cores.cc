#include "engine/cores.h"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include "engine/options.h"

namespace px {
namespace {

// A cgroup v2 CPU quota ("200000 100000" in cpu.max: two CPUs), rounded up; 0 for none.
int cgroup_cpu_quota() {
  std::ifstream in("/sys/fs/cgroup/cpu.max");
  std::string quota;
  double period = 0;
  if (!(in >> quota >> period) || quota == "max" || period <= 0) return 0;
  char* end = nullptr;
  double q = std::strtod(quota.c_str(), &end);
  if (*end != '\0' || q <= 0) return 0;
  return static_cast<int>(std::ceil(q / period));
}

}  // namespace

int available_cores() {
  int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) cores = CPU_COUNT(&set);
  int quota = cgroup_cpu_quota();
  return quota > 0 ? std::min(cores, quota) : cores;
}

namespace {

int threads_or_cores(int threads) {
  if (threads > 0) return threads;
  // Asked once: the answer reads /sys and does not change while the process runs.
  static const int cores = available_cores();
  return cores;
}

}  // namespace

int effective_threads(const ReadOptions& options) { return threads_or_cores(options.threads); }

int effective_threads(const WriteOptions& options) { return threads_or_cores(options.threads); }

}  // namespace px
