#include "python/src/call_guard.h"

namespace px::python {

ProgressCallback CallGuard::callback() {
  return [this](double fraction) { return report(fraction); };
}

bool CallGuard::report(double fraction) {
  py::gil_scoped_acquire gil;
  try {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (progress_.is_none()) return true;
    // Only False stops: a callback that returns nothing (None) lets the call go on.
    return progress_(fraction).ptr() != Py_False;
  } catch (...) {
    stop_ = std::current_exception();
    return false;
  }
}

void CallGuard::rethrow_stop() const {
  if (stop_) std::rethrow_exception(stop_);
}

}  // namespace px::python
