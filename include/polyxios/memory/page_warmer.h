// Faults a block's pages in ahead of their first write, on a thread of its own. On a virtual
// machine the first touch of a page is most of what filling a fresh array costs (the kernel
// zeroes it, the host backs it): a large read spent 40% of its samples there, on the thread that
// builds the meshes. With a warmer that cost moves to the other core, where the parser mostly
// waits.
#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>

namespace px {

class PageWarmer {
 public:
  PageWarmer() = default;
  ~PageWarmer();
  PageWarmer(const PageWarmer&) = delete;
  PageWarmer& operator=(const PageWarmer&) = delete;

  // Asks that the pages of [begin, end) be made present and writable (MADV_POPULATE_WRITE, which
  // writes nothing: a page the caller fills meanwhile keeps its bytes). The range must stay
  // mapped while the warmer lives. A newer request replaces one not yet started; the thread
  // starts with the first request. Where the kernel has no MADV_POPULATE_WRITE (Linux < 5.14), or
  // no thread can be started, the warmer stops and the pages fault in as they are written, as
  // they would without it.
  void warm(char* begin, char* end);

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  char* begin_ = nullptr;
  char* end_ = nullptr;
  bool stop_ = false;
  bool unsupported_ = false;
  std::thread thread_;
};

}  // namespace px
