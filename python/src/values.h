// px::Value (extras, global_attrs) to Python and back, and the module's text conversions.
//
// To Python: null -> None, bool, int, float, str, array -> list, map -> dict (in the map's
// order), a column -> a read-only numpy array viewing it (base: `base`). A skin's
// inverse_bind_matrices, an (n, 16) column, comes out as (n, 4, 4) and its bind_shape_matrix,
// (1, 16), as (4, 4), the shapes the spec gives them.
// From Python (a constructed PolyData's global_attrs): the same types back, tuples as lists and
// numpy arrays (of a column's dtypes) copied into the arena as columns.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <string_view>

#include "polyxios/memory/arena.h"
#include "polyxios/scene/value.h"

namespace px::python {

namespace py = pybind11;

py::dict to_python(const ValueMap& map, py::handle base);
// The value of map key `key` (which gives a skin's matrices their shapes).
py::object to_python(std::string_view key, const Value& value, py::handle base);

// TypeError for a type no Value holds or a key that is not a str; ValueError past 256 levels of
// nesting (a list holding itself among them).
ValueMap map_from_python(py::handle dict, Arena& arena, const char* what);

// Text the scene holds as UTF-8; bytes that are not UTF-8 come out as lone surrogates
// ("surrogateescape"), so reading a name never fails.
py::str text(std::string_view utf8);
// The name of the object's type ("int", "ndarray"), for messages.
std::string type_name(py::handle object);
// A str as UTF-8 (lone surrogates back to the bytes they stood for); TypeError for another type.
std::string utf8(py::handle str, const char* what);

}  // namespace px::python
