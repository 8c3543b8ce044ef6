#include "engine/task_thread.h"

#include <system_error>

namespace px {

TaskThread::TaskThread(bool threaded) {
  if (!threaded) return;
  try {
    thread_ = std::thread([this] { loop(); });
  } catch (const std::system_error&) {
    // No thread to be had (a batch worker's address-space cap): the tasks run on the caller's.
  }
}

TaskThread::~TaskThread() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
    changed_.notify_all();
  }
  thread_.join();
}

void TaskThread::run(std::function<void()> task) {
  if (!thread_.joinable()) {
    task();
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  tasks_.push_back(std::move(task));
  changed_.notify_all();
}

void TaskThread::wait() {
  std::exception_ptr failure;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return tasks_.empty() && !busy_; });
    failure = std::exchange(failure_, nullptr);
  }
  if (failure) std::rethrow_exception(failure);
}

void TaskThread::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    changed_.wait(lock, [&] { return stop_ || !tasks_.empty(); });
    if (tasks_.empty()) return;  // stopping, and nothing left to run
    std::function<void()> task = std::move(tasks_.front());
    tasks_.pop_front();
    busy_ = true;
    lock.unlock();
    try {
      task();
    } catch (...) {
      lock.lock();
      if (!failure_) failure_ = std::current_exception();
      lock.unlock();
    }
    lock.lock();
    busy_ = false;
    changed_.notify_all();
  }
}

}  // namespace px
