#include "formats/collada/write/chunk_pipeline.h"

#include <algorithm>
#include <system_error>

#include "engine/cores.h"

namespace px::collada {

int writer_threads(int requested) {
  return requested > 0 ? threads_for(requested) : std::min(threads_for(0), 2);
}

ChunkPipeline::ChunkPipeline(int threads)
    : threads_(std::max(threads, 1)), slots_(2 * static_cast<size_t>(threads_)) {}

ChunkPipeline::~ChunkPipeline() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  for (std::thread& t : helpers_) t.join();
}

bool ChunkPipeline::can_claim() const {
  // A chunk's slot is free once the chunk a slot-count before it was emitted.
  return make_ != nullptr && claimed_ < chunks_ && claimed_ < emitted_ + slots_.size();
}

void ChunkPipeline::make_chunk(size_t chunk, std::unique_lock<std::mutex>& lock) {
  Slot& slot = slots_[chunk % slots_.size()];
  const Make& make = *make_;
  ++making_;
  lock.unlock();
  std::exception_ptr failure;
  slot.text.clear();
  try {
    make(chunk, slot.text);
  } catch (...) {
    failure = std::current_exception();
  }
  lock.lock();
  --making_;
  if (failure) {
    if (!failure_) failure_ = failure;
    chunks_ = claimed_;  // no further chunk is claimed
  } else {
    slot.ready = true;
  }
  changed_.notify_all();
}

void ChunkPipeline::help() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return stopping_ || can_claim(); });
    if (stopping_) return;
    make_chunk(claimed_++, lock);
  }
}

void ChunkPipeline::run(size_t chunks, Make make, Emit emit) {
  std::unique_lock<std::mutex> lock(mutex_);
  while (helpers_.size() + 1 < static_cast<size_t>(threads_) && chunks > 1) {
    try {
      helpers_.emplace_back([this] { help(); });
    } catch (const std::system_error&) {  // no thread to be had (a batch worker's memory cap)
      threads_ = static_cast<int>(helpers_.size()) + 1;
    }
  }
  make_ = &make;
  chunks_ = chunks;
  claimed_ = 0;
  emitted_ = 0;
  failure_ = nullptr;
  changed_.notify_all();
  bool stopped = false;
  while (!stopped && emitted_ < chunks_ && !failure_) {
    Slot& next = slots_[emitted_ % slots_.size()];
    if (next.ready) {  // emitting first frees a slot for a helper
      lock.unlock();
      bool more = false;
      std::exception_ptr thrown;
      try {
        more = emit(next.text.view());
      } catch (...) {
        thrown = std::current_exception();
      }
      lock.lock();
      next.ready = false;
      ++emitted_;
      if (thrown && !failure_) failure_ = thrown;
      if (!more) {
        stopped = true;
        chunks_ = claimed_;
      }
      changed_.notify_all();
    } else if (can_claim()) {
      make_chunk(claimed_++, lock);
    } else {
      changed_.wait(lock);
    }
  }
  // Stopped early: wait for the chunks still being made, whose buffers and input are in use.
  changed_.wait(lock, [&] { return making_ == 0; });
  for (Slot& slot : slots_) slot.ready = false;
  make_ = nullptr;
  if (std::exception_ptr failure = failure_) {
    failure_ = nullptr;
    std::rethrow_exception(failure);
  }
}

}  // namespace px::collada
