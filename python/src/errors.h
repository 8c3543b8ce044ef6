// How the library's outcomes reach Python: warnings through warnings.warn, failed statuses as
// exceptions. The exception and warning classes are Python's, in polyxios/_errors.py.
#pragma once

#include <pybind11/pybind11.h>

#include "absl/status/status.h"
#include "polyxios/diagnostics.h"

namespace px::python {

namespace py = pybind11;

// A class of polyxios._errors: "CodecError", "Cancelled", "PolyxiosWarning", "PolyxiosNote".
py::object error_class(const char* name);

// Every diagnostic through warnings.warn, in order: a PolyxiosWarning (a PolyxiosNote for a
// note) whose text reads as the CLI prints it, "code: message (line N) [xN]", with code, line
// and count as attributes. A warning filter may turn one into an exception, which propagates.
// stacklevel as warnings.warn's: 1 names the Python line calling into the module.
void warn(const Diagnostics& diagnostics, int stacklevel = 1);

// Raises the exception for a status that is not OK, as the CLI's exit codes class it
// (engine/errors.h): a refusal (exit 2) is a CodecError carrying the rule's code and line, an
// I/O failure an OSError (of the errno's subclass, with errno, strerror and filename, where the
// system gave one: FileNotFoundError, IsADirectoryError, PermissionError, ...), an allocation
// failure a MemoryError, a call its progress callback stopped Cancelled, anything else a
// RuntimeError.
[[noreturn]] void raise_status(const absl::Status& status);

}  // namespace px::python
