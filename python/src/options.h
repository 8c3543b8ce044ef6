// Keyword options of read_scene / read and write_scene / write: the conversion options
// (polyxios/conversion_options.h), the same table the command line's flags come from, under
// their keywords (draco_level for --draco-level, max_input_bytes for --max-input in bytes), each
// with the command line's default; beside them progress (a callable or None) and, for a write,
// binary (True, False or None: from the extension) and collada (bool), which --format spells.
// read_scene takes the read's options (axis and unit too); read the read's without the axis and
// unit; write_scene and write the write's. threads and allow_external_files are both's.
// An unknown keyword, or a value of the wrong type, is a TypeError naming the function; a value
// out of range, or options that do not fit together, a ValueError; a count past 64 bits an
// OverflowError.
#pragma once

#include <pybind11/pybind11.h>

#include <filesystem>

#include "polyxios/conversion_options.h"
#include "python/src/call_guard.h"

namespace px::python {

namespace py = pybind11;

// The `progress` keyword (None when absent), for the call's CallGuard.
py::object progress_option(const py::kwargs& options, const char* function);

// With axis_unit (read_scene): also the axis and unit the read scene is turned to.
ReadOptions read_options(const py::kwargs& options, const char* function, CallGuard& guard,
                         AxisUnitTarget* axis_unit = nullptr);
// path: where the write goes (empty for a stream), whose extension says whether it is COLLADA
// when neither format nor collada does (compression is glTF's only).
WriteOptions write_options(const py::kwargs& options, const char* function, CallGuard& guard,
                           const std::filesystem::path& path);

// Every conversion option as (keyword, flag, type, default, stage, help) tuples: flag "" when
// the command line does not take it, type "bool", "bool or None", "int" or "str or None", stage
// "read", "axis", "write" or "read and write" (polyxios._polyxios._conversion_options: the
// package's signatures are made from it).
py::list conversion_option_list();

}  // namespace px::python
