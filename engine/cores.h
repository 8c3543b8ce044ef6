// How many cores this process may use: its CPU affinity (a container's cpuset), capped by the
// cgroup v2 CPU quota (a Kubernetes pod's CPU limit); at least 1.
#pragma once

namespace px {

int available_cores();

// A thread-count option: `requested` when given (at most 64), else (0) the cores this process
// may use, asked once.
int threads_for(int requested);

}  // namespace px
