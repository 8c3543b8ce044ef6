// Tasks run in the order given, on one thread beside the caller's, or on the caller's own at once
// when made without one: a reader or writer hands over work whose result it needs only later
// (filling arrays it has already allocated, sizing what it has already planned), and the result
// is the same either way.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace px {

class TaskThread {
 public:
  // threaded: run tasks on a thread of their own; else run() runs each at once.
  explicit TaskThread(bool threaded);
  // Waits for the tasks given.
  ~TaskThread();
  TaskThread(const TaskThread&) = delete;
  TaskThread& operator=(const TaskThread&) = delete;

  void run(std::function<void()> task);
  // Returns once every task given so far has run; rethrows the first exception one threw.
  void wait();

 private:
  void loop();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> tasks_;
  bool busy_ = false;
  bool stop_ = false;
  std::exception_ptr failure_;
  std::thread thread_;
};

}  // namespace px
