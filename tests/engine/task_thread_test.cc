// TaskThread: tasks run in the order given, on a thread of their own or at once on the caller's,
// wait() returns once all have run and passes on an exception, and the destructor waits.
#include "engine/task_thread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

namespace px {
namespace {

TEST(TaskThread, RunsTasksInOrderEitherWay) {
  for (bool threaded : {false, true}) {
    std::vector<int> order;
    TaskThread tasks(threaded);
    for (int i = 0; i < 100; ++i) tasks.run([&order, i] { order.push_back(i); });
    tasks.wait();
    ASSERT_EQ(order.size(), 100u);
    for (int i = 0; i < 100; ++i) EXPECT_EQ(order[i], i);
  }
}

TEST(TaskThread, WithoutAThreadATaskRunsAtOnceOnTheCaller) {
  TaskThread tasks(false);
  std::thread::id ran;
  tasks.run([&] { ran = std::this_thread::get_id(); });
  EXPECT_EQ(ran, std::this_thread::get_id());
}

TEST(TaskThread, WithAThreadATaskRunsOnIt) {
  TaskThread tasks(true);
  std::thread::id ran;
  tasks.run([&] { ran = std::this_thread::get_id(); });
  tasks.wait();
  EXPECT_NE(ran, std::this_thread::get_id());
}

TEST(TaskThread, WaitPassesOnTheFirstExceptionAndTheThreadGoesOn) {
  TaskThread tasks(true);
  std::atomic<int> ran{0};
  tasks.run([] { throw std::runtime_error("first"); });
  tasks.run([] { throw std::runtime_error("second"); });
  tasks.run([&] { ++ran; });
  try {
    tasks.wait();
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "first");
  }
  EXPECT_EQ(ran, 1);
  tasks.run([&] { ++ran; });
  tasks.wait();
  EXPECT_EQ(ran, 2);
}

TEST(TaskThread, TheDestructorWaitsForEveryTask) {
  std::atomic<int> ran{0};
  {
    TaskThread tasks(true);
    for (int i = 0; i < 50; ++i) tasks.run([&] { ++ran; });
  }
  EXPECT_EQ(ran, 50);
}

}  // namespace
}  // namespace px
