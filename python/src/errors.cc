#include "python/src/errors.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "engine/errors.h"
#include "python/src/values.h"

namespace px::python {
namespace {

// A refusal's message opens with its rule, "collada.p.length: ...", and when it names an
// element, "<triangles> at line 12: ..." (engine/errors.h).
bool is_rule(std::string_view word) {
  if (word.empty() || word.front() == '.' || word.back() == '.') return false;
  if (word.find('.') == std::string_view::npos) return false;
  for (char c : word) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

struct Refusal {
  std::optional<std::string> code;
  std::optional<int64_t> line;
};

Refusal parse_refusal(std::string_view message) {
  Refusal refusal;
  const size_t colon = message.find(": ");
  if (colon == std::string_view::npos || !is_rule(message.substr(0, colon))) return refusal;
  refusal.code = std::string(message.substr(0, colon));
  std::string_view rest = message.substr(colon + 2);
  if (!rest.starts_with('<')) return refusal;
  constexpr std::string_view kAtLine = "> at line ";
  const size_t at = rest.find(kAtLine);
  if (at == std::string_view::npos) return refusal;
  int64_t line = 0;
  size_t digits = 0;
  for (char c : rest.substr(at + kAtLine.size())) {
    if (c < '0' || c > '9' || digits == 18) break;
    line = line * 10 + (c - '0');
    ++digits;
  }
  if (digits > 0) refusal.line = line;
  return refusal;
}

[[noreturn]] void raise_instance(const py::object& exception) {
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exception.ptr())), exception.ptr());
  throw py::error_already_set();
}

// OSError(errno, strerror, filename), as open() raises it: OSError's constructor picks the
// subclass of the errno itself (FileNotFoundError, IsADirectoryError, PermissionError, ...).
[[noreturn]] void raise_os_error(const IoCause& cause) {
  const py::object error = py::reinterpret_borrow<py::object>(PyExc_OSError)(
      cause.error, text(std::strerror(cause.error)), text(cause.path));
  raise_instance(error);
}

}  // namespace

py::object error_class(const char* name) {
  return py::module_::import("polyxios._errors").attr(name);
}

void warn(const Diagnostics& diagnostics, int stacklevel) {
  if (diagnostics.entries().empty()) return;
  const py::object warn = py::module_::import("warnings").attr("warn");
  const py::object warning = error_class("PolyxiosWarning");
  const py::object note = error_class("PolyxiosNote");
  for (const Diagnostic& d : diagnostics.entries()) {
    std::string message = d.code + ": " + d.message;
    if (d.line > 0) message += " (line " + std::to_string(d.line) + ")";
    if (d.count > 1) message += " [x" + std::to_string(d.count) + "]";
    const py::object category = d.severity == Severity::kWarning ? warning : note;
    const py::object line = d.line > 0 ? py::object(py::int_(d.line)) : py::object(py::none());
    warn(category(text(message), py::arg("code") = text(d.code), py::arg("line") = line,
                  py::arg("count") = d.count),
         py::arg("stacklevel") = stacklevel);
  }
}

void raise_status(const absl::Status& status) {
  const std::string what(status.message());
  const py::str message = text(what);
  switch (failure_of(status)) {
    case Failure::kRefused: {
      const Refusal refusal = parse_refusal(what);
      py::object code = refusal.code ? py::object(text(*refusal.code)) : py::object(py::none());
      py::object line = refusal.line ? py::object(py::int_(*refusal.line)) : py::object(py::none());
      raise_instance(
          error_class("CodecError")(message, py::arg("code") = code, py::arg("line") = line));
    }
    case Failure::kIo:
      if (const std::optional<IoCause> cause = io_cause(status)) raise_os_error(*cause);
      PyErr_SetObject(PyExc_OSError, message.ptr());
      throw py::error_already_set();
    case Failure::kOutOfMemory:
      PyErr_SetObject(PyExc_MemoryError, message.ptr());
      throw py::error_already_set();
    default:
      break;
  }
  if (status.code() == absl::StatusCode::kCancelled) {
    raise_instance(error_class("Cancelled")(message));
  }
  PyErr_SetObject(PyExc_RuntimeError, message.ptr());
  throw py::error_already_set();
}

}  // namespace px::python
