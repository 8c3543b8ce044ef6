// Keyword options to ReadOptions / WriteOptions (polyxios/options.h), by the fields' own names.
//
// read_scene / read: allow_external_files, strict_resources, repair (bool); threads (int); progress
// (callable or None); and the limits, flat: max_memory_bytes, max_input_bytes, max_depth,
// max_nodes, bytes_per_node, max_copy_bytes, copy_bytes_per_input_byte, max_rebinds_per_node,
// max_accessors, max_string_bytes (int >= 0); read_scene also up_axis, meters, bake_transforms.
// write_scene / write: binary (bool or None), collada, allow_remote_uris, allow_external_files
// (bool); transcode_images (bool or None: TGA, BMP, TIFF, DDS embedded as PNG; None: on for GLB);
// threads (int); progress (callable or None).
// An unknown keyword, or a value of the wrong type, is a TypeError naming the function; a
// negative count a ValueError.
#pragma once

#include <pybind11/pybind11.h>

#include "polyxios/ops/axis_unit.h"
#include "polyxios/options.h"
#include "python/src/call_guard.h"

namespace px::python {

namespace py = pybind11;

// The `progress` keyword (None when absent), for the call's CallGuard.
py::object progress_option(const py::kwargs& options, const char* function);

// With axis_unit (read_scene): also up_axis ('x', 'y', 'z' or None), meters and bake_transforms
// (bool) into it (polyxios/ops/axis_unit.h); bake_transforms without either is a ValueError.
ReadOptions read_options(const py::kwargs& options, const char* function, CallGuard& guard,
                         AxisUnitTarget* axis_unit = nullptr);
WriteOptions write_options(const py::kwargs& options, const char* function, CallGuard& guard);

}  // namespace px::python
