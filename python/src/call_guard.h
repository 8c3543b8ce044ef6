// What a read or write needs from Python while it runs without the GIL: the caller's progress
// callback, and Ctrl-C. The library calls its progress callback on the calling thread, at most
// once per 256 KiB block or per accessor (polyxios/options.h); there the guard takes the GIL back,
// runs the interpreter's signal handlers (a KeyboardInterrupt stops the call) and then the
// caller's callback, if any: returning False stops the call, an exception stops it and is
// raised once it has returned.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>

#include "absl/status/status.h"
#include "polyxios/options.h"

namespace px::python {

namespace py = pybind11;

class CallGuard {
 public:
  // `progress`: a callable taking the fraction done, or None.
  explicit CallGuard(py::object progress) : progress_(std::move(progress)) {}
  CallGuard(const CallGuard&) = delete;
  CallGuard& operator=(const CallGuard&) = delete;

  // For ReadOptions::progress / WriteOptions::progress; valid while the guard lives.
  ProgressCallback callback();

  // After the call, holding the GIL: raises what stopped it from Python (the signal handler's or
  // the callback's exception). Returns normally otherwise, the status then telling the rest.
  void rethrow_stop() const;

 private:
  bool report(double fraction);

  py::object progress_;
  std::exception_ptr stop_;
};

}  // namespace px::python
