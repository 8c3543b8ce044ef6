// Diagnostics' listener: each distinct warning told once, as it is raised, through merges and
// the Diagnostics that share it, on any thread (convert -v, validate -v and batch -v print so).

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "polyxios/diagnostics.h"

namespace px {
namespace {

// What a listener was told: "CODE: MESSAGE xCOUNT", in order.
struct Told {
  std::vector<std::string> lines;
  Diagnostics::Listener listener() {
    return [this](const Diagnostic& d) {
      lines.push_back(d.code + ": " + d.message + " x" + std::to_string(d.count) +
                      (d.severity == Severity::kInfo ? " (note)" : ""));
    };
  }
};

TEST(DiagnosticsListener, TellsEachDistinctEntryOnceAsItIsRaised) {
  Diagnostics d;
  Told told;
  d.set_listener(told.listener());
  d.warn("a.b", "first", 3);
  EXPECT_EQ(told.lines, (std::vector<std::string>{"a.b: first x1"}));  // before any other
  d.warn("a.b", "first", 9);
  d.info("c.d", "note");
  d.warn("a.b", "other");
  EXPECT_EQ(told.lines,
            (std::vector<std::string>{"a.b: first x1", "c.d: note x1 (note)", "a.b: other x1"}));
  EXPECT_EQ(d.entries()[0].count, 2);  // counted as ever
}

TEST(DiagnosticsListener, TellsWhatAMergeBringsThatIsNew) {
  Diagnostics d;
  Told told;
  d.set_listener(told.listener());
  d.warn("a.b", "kept");
  Diagnostics later;  // no listener of its own: told at the merge
  later.warn("a.b", "kept");
  later.warn("e.f", "new");
  later.warn("e.f", "new");
  d.merge(later);
  EXPECT_EQ(told.lines, (std::vector<std::string>{"a.b: kept x1", "e.f: new x2"}));
  EXPECT_EQ(d.count("a.b"), 2);
}

TEST(DiagnosticsListener, WhatASharerToldIsNotToldAgain) {
  Diagnostics d;
  Told told;
  d.set_listener(told.listener());
  Diagnostics apart = d.sharing_listener();
  EXPECT_TRUE(apart.entries().empty());
  apart.warn("a.b", "early");
  EXPECT_EQ(told.lines, (std::vector<std::string>{"a.b: early x1"}));  // before the merge
  d.merge(apart);
  d.warn("a.b", "early");  // raised again (a read made twice): counted, not told
  Diagnostics again = d.sharing_listener();
  again.warn("a.b", "early");
  again.warn("g.h", "late");
  EXPECT_EQ(told.lines, (std::vector<std::string>{"a.b: early x1", "g.h: late x1"}));
  EXPECT_EQ(d.entries().size(), 1u);
  EXPECT_EQ(d.entries()[0].count, 2);
}

TEST(DiagnosticsListener, EntriesBeforeTheListenerAreNotNews) {
  Diagnostics d;
  d.warn("a.b", "before");
  Told told;
  d.set_listener(told.listener());
  Diagnostics apart = d.sharing_listener();
  apart.warn("a.b", "before");
  d.warn("a.b", "before");
  d.warn("a.b", "after");
  EXPECT_EQ(told.lines, (std::vector<std::string>{"a.b: after x1"}));
}

TEST(DiagnosticsListener, WithoutAListenerNothingIsTold) {
  Diagnostics d;
  Diagnostics apart = d.sharing_listener();
  apart.warn("a.b", "x");
  d.merge(apart);
  ASSERT_EQ(d.entries().size(), 1u);
  EXPECT_EQ(d.entries()[0].code, "a.b");
}

// Two sharers filled on two threads at once: every distinct entry told once, and no call
// overlapping another (the listener needs no lock of its own).
TEST(DiagnosticsListener, SharersOnTwoThreadsTellEachEntryOnceOneCallAtATime) {
  Diagnostics d;
  std::vector<std::string> told;
  std::atomic<int> inside{0};
  bool overlapped = false;
  d.set_listener([&](const Diagnostic& entry) {
    if (inside.fetch_add(1) != 0) overlapped = true;
    told.push_back(entry.message);
    inside.fetch_sub(1);
  });
  constexpr int kEach = 2000;
  std::vector<Diagnostics> apart = {d.sharing_listener(), d.sharing_listener()};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&apart, t] {
      for (int i = 0; i < kEach; ++i) {
        apart[t].warn("a.b", std::to_string(i));  // the same messages on both: told once
        apart[t].warn("c.d", std::to_string(t) + "-" + std::to_string(i));
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const Diagnostics& a : apart) d.merge(a);
  EXPECT_FALSE(overlapped);
  EXPECT_EQ(told.size(), static_cast<size_t>(3 * kEach));
  EXPECT_EQ(d.entries().size(), static_cast<size_t>(3 * kEach));
  EXPECT_EQ(d.count("a.b"), 2 * kEach);
}

}  // namespace
}  // namespace px
