#include "polyxios/memory/page_warmer.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <system_error>

namespace px {
namespace {

// A request is populated a piece at a time, so that a newer one is taken up soon.
constexpr size_t kPiece = size_t{2} << 20;

}  // namespace

PageWarmer::~PageWarmer() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void PageWarmer::warm(char* begin, char* end) {
  if (begin >= end) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (unsupported_) return;
    begin_ = begin;
    end_ = end;
    if (!thread_.joinable()) {
      try {
        thread_ = std::thread([this] { run(); });
      } catch (const std::system_error&) {
        unsupported_ = true;  // no thread to be had (a batch worker's cap): pages fault as written
        return;
      }
    }
  }
  wake_.notify_one();
}

void PageWarmer::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stop_ || begin_ < end_; });
    if (stop_) return;
    char* piece = begin_;
    char* piece_end = std::min(end_, piece + kPiece);
    begin_ = piece_end;
    lock.unlock();
    // madvise wants a page-aligned start; the page holding `piece` is the caller's anyway.
    uintptr_t at = reinterpret_cast<uintptr_t>(piece);
    char* page = piece - at % 4096;
    const bool unknown =
        madvise(page, static_cast<size_t>(piece_end - page), MADV_POPULATE_WRITE) != 0 &&
        errno == EINVAL;
    lock.lock();
    if (unknown) {
      unsupported_ = true;
      return;
    }
  }
}

}  // namespace px
