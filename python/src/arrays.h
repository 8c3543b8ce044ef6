// numpy arrays over the scene's memory, and numpy arrays copied into an arena.
//
// Views: read-only arrays over memory a scene or PolyData owns, without a copy; `base` (the
// Python object holding what owns that memory) becomes the array's base object, so the memory
// lives as long as the array does.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "polyxios/memory/arena.h"
#include "polyxios/scene/column.h"
#include "polyxios/scene/index_span.h"

namespace px::python {

namespace py = pybind11;

// The column as an array of (rows, cols), or (rows,) when it has one column; `shape`, when given,
// replaces that shape (same number of values: an (n, 16) column as (n, 4, 4)).
py::array column_view(const Column& column, py::handle base);
py::array column_view(const Column& column, py::handle base, std::vector<py::ssize_t> shape);

py::array uint8_view(std::span<const uint8_t> values, py::handle base);
py::array uint32_view(std::span<const uint32_t> values, py::handle base);
// Indices as uint32, whatever width the mesh holds them in: a view of 32-bit ones, a read-only
// copy of 16-bit ones.
py::array index_array(IndexSpan indices, py::handle base);

// A 4x4 matrix as a new read-only array, indexed [row, column]: a copy, as the matrix lives
// where an edit of the scene can move or change it.
py::array matrix_copy(const Eigen::Matrix4d& matrix);

// `value` (any (4, 4) array-like of real numbers, indexed [row, column]) as a matrix; ValueError
// naming `what` for another shape or dtype, or a value that is not finite.
Eigen::Matrix4d matrix_from_python(py::handle value, const char* what);

// `value` as an array (numpy.asarray: an array as it is, a list converted).
py::array as_array(py::handle value);

// The dtype a column takes for the array, or nullopt for one polyxios does not hold (bool,
// uint64, float16, complex, objects, ...).
std::optional<DType> column_dtype(const py::array& array);

// The array's values copied into the arena as a column: (rows, cols) from its first dimension
// and the product of the others (1 for a 1-D array). TypeError for a dtype no column holds or a
// 0-d array; `what` names the argument in the message.
Column copy_column(const py::array& array, Arena& arena, const char* what);

// The array as uint32 values in the arena (cells, offsets): integers in 0..2^32-1 in one
// dimension; TypeError or ValueError naming `what` otherwise.
std::span<const uint32_t> copy_indices(const py::array& array, Arena& arena, const char* what);

}  // namespace px::python
