// A read's or write's progress, told to its ProgressCallback (polyxios/options.h) on the calling
// thread. The fractions the callback sees never decrease and stay in [0, 1], whatever the parts
// of the call report. Once the callback returns false the call is cancelled for good: every later
// report returns the same Cancelled status without calling it again, so that a part of the call
// that turns a failure into a warning is still stopped by the next report, and the call by
// status().
#pragma once

#include "absl/status/status.h"
#include "polyxios/options.h"

namespace px {

class Progress {
 public:
  // what names the call in the Cancelled message: "the read", "the write".
  Progress(const ProgressCallback& callback, const char* what) : callback_(callback), what_(what) {}
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Tells the callback max(fraction, the last fraction told), clamped to [0, 1]; OK, or the
  // Cancelled status once the callback has returned false.
  absl::Status report(double fraction);
  // report(from + (to - from) * part): a part of the call that runs over [from, to].
  absl::Status report(double from, double to, double part) {
    return report(from + (to - from) * part);
  }
  // OK, or Cancelled once the callback has returned false.
  const absl::Status& status() const { return status_; }

 private:
  const ProgressCallback& callback_;
  const char* what_;
  double last_ = 0;
  absl::Status status_;
};

}  // namespace px
