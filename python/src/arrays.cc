#include "python/src/arrays.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

namespace px::python {
namespace {

py::dtype numpy_dtype(DType dtype) {
  switch (dtype) {
    case DType::kInt8:
      return py::dtype::of<int8_t>();
    case DType::kUInt8:
      return py::dtype::of<uint8_t>();
    case DType::kInt16:
      return py::dtype::of<int16_t>();
    case DType::kUInt16:
      return py::dtype::of<uint16_t>();
    case DType::kInt32:
      return py::dtype::of<int32_t>();
    case DType::kUInt32:
      return py::dtype::of<uint32_t>();
    case DType::kInt64:
      return py::dtype::of<int64_t>();
    case DType::kFloat32:
      return py::dtype::of<float>();
    case DType::kFloat64:
      break;
  }
  return py::dtype::of<double>();
}

py::array read_only_view(const py::dtype& dtype, std::vector<py::ssize_t> shape,
                         std::vector<py::ssize_t> strides, const void* data, py::handle base) {
  // No memory to view (an empty column): numpy allocates the empty array itself.
  py::array array(dtype, std::move(shape), std::move(strides), data,
                  data != nullptr ? base : py::handle());
  array.attr("setflags")(py::arg("write") = false);
  return array;
}

std::vector<py::ssize_t> c_strides(const std::vector<py::ssize_t>& shape, py::ssize_t item) {
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t stride = item;
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= shape[i];
  }
  return strides;
}

py::array contiguous(const py::array& array, const py::dtype& dtype) {
  return py::module_::import("numpy").attr("ascontiguousarray")(array, py::arg("dtype") = dtype);
}

std::string describe(const py::array& array) { return py::str(array.dtype()).cast<std::string>(); }

}  // namespace

py::array column_view(const Column& column, py::handle base) {
  std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(column.rows)};
  if (column.cols != 1) shape.push_back(static_cast<py::ssize_t>(column.cols));
  return column_view(column, base, std::move(shape));
}

py::array column_view(const Column& column, py::handle base, std::vector<py::ssize_t> shape) {
  const py::ssize_t item = static_cast<py::ssize_t>(dtype_size(column.dtype));
  std::vector<py::ssize_t> strides = c_strides(shape, item);
  return read_only_view(numpy_dtype(column.dtype), std::move(shape), std::move(strides),
                        column.data, base);
}

py::array uint8_view(std::span<const uint8_t> values, py::handle base) {
  return read_only_view(py::dtype::of<uint8_t>(), {static_cast<py::ssize_t>(values.size())}, {1},
                        values.data(), base);
}

py::array uint32_view(std::span<const uint32_t> values, py::handle base) {
  return read_only_view(py::dtype::of<uint32_t>(), {static_cast<py::ssize_t>(values.size())}, {4},
                        values.data(), base);
}

py::array index_array(IndexSpan indices, py::handle base) {
  return indices.visit([&base](auto values) -> py::array {
    if constexpr (std::is_same_v<typename decltype(values)::value_type, uint32_t>) {
      return uint32_view(values, base);
    } else {
      py::array_t<uint32_t> out(static_cast<py::ssize_t>(values.size()));
      std::copy(values.begin(), values.end(), out.mutable_data());
      out.attr("flags").attr("writeable") = false;
      return std::move(out);
    }
  });
}

py::array matrix_copy(const Eigen::Matrix4d& matrix) {
  py::array_t<double> out({py::ssize_t{4}, py::ssize_t{4}});
  for (py::ssize_t r = 0; r < 4; ++r) {
    for (py::ssize_t c = 0; c < 4; ++c) out.mutable_at(r, c) = matrix(r, c);
  }
  out.attr("setflags")(py::arg("write") = false);
  return out;
}

Eigen::Matrix4d matrix_from_python(py::handle value, const char* what) {
  const py::array array = as_array(value);
  const char kind = array.dtype().kind();
  if (kind != 'f' && kind != 'i' && kind != 'u') {
    throw py::value_error(std::string(what) + " must hold real numbers, not " + describe(array));
  }
  if (array.ndim() != 2 || array.shape(0) != 4 || array.shape(1) != 4) {
    throw py::value_error(std::string(what) + " must be of shape (4, 4), not " +
                          py::str(array.attr("shape")).cast<std::string>());
  }
  const auto values = contiguous(array, py::dtype::of<double>()).cast<py::array_t<double>>();
  Eigen::Matrix4d matrix;
  for (py::ssize_t r = 0; r < 4; ++r) {
    for (py::ssize_t c = 0; c < 4; ++c) matrix(r, c) = values.at(r, c);
  }
  if (!matrix.allFinite()) {
    throw py::value_error(std::string(what) + " must hold finite numbers (no NaN, no infinity)");
  }
  return matrix;
}

py::array as_array(py::handle value) {
  return py::module_::import("numpy").attr("asarray")(value).cast<py::array>();
}

std::optional<DType> column_dtype(const py::array& array) {
  const py::dtype dtype = array.dtype();
  const py::ssize_t size = dtype.itemsize();
  switch (dtype.kind()) {
    case 'f':
      if (size == 4) return DType::kFloat32;
      if (size == 8) return DType::kFloat64;
      break;
    case 'i':
      if (size == 1) return DType::kInt8;
      if (size == 2) return DType::kInt16;
      if (size == 4) return DType::kInt32;
      if (size == 8) return DType::kInt64;
      break;
    case 'u':
      if (size == 1) return DType::kUInt8;
      if (size == 2) return DType::kUInt16;
      if (size == 4) return DType::kUInt32;
      break;
    default:
      break;
  }
  return std::nullopt;
}

Column copy_column(const py::array& array, Arena& arena, const char* what) {
  if (array.ndim() == 0) {
    throw py::type_error(std::string(what) + " must be an array, not a single value");
  }
  const std::optional<DType> dtype = column_dtype(array);
  if (!dtype) {
    throw py::type_error(std::string(what) + " has dtype " + describe(array) +
                         ", which no column holds (int8, int16, int32, int64, uint8, uint16, "
                         "uint32, float32, float64)");
  }
  const py::array values = contiguous(array, numpy_dtype(*dtype));
  size_t cols = 1;
  for (py::ssize_t d = 1; d < values.ndim(); ++d) cols *= static_cast<size_t>(values.shape(d));
  if (cols == 0) throw py::value_error(std::string(what) + " has no columns");
  const size_t bytes = static_cast<size_t>(values.nbytes());
  std::span<uint8_t> storage = arena.allocate<uint8_t>(bytes);
  if (bytes > 0) std::memcpy(storage.data(), values.data(), bytes);
  return Column{*dtype, static_cast<size_t>(values.shape(0)), cols, storage.data()};
}

std::span<const uint32_t> copy_indices(const py::array& array, Arena& arena, const char* what) {
  if (array.ndim() != 1) {
    throw py::value_error(std::string(what) + " must be one-dimensional, not of shape " +
                          py::str(array.attr("shape")).cast<std::string>());
  }
  if (array.size() == 0) return {};
  const char kind = array.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw py::type_error(std::string(what) + " must hold integers, not " + describe(array));
  }
  const py::int_ least = array.attr("min")();
  const py::int_ most = array.attr("max")();
  if (least < py::int_(0) || most > py::int_(UINT32_MAX)) {
    throw py::value_error(std::string(what) + " must lie in 0..4294967295, not " +
                          py::repr(least).cast<std::string>() + ".." +
                          py::repr(most).cast<std::string>());
  }
  const py::array values = contiguous(array, py::dtype::of<uint32_t>());
  std::span<uint32_t> storage = arena.allocate<uint32_t>(static_cast<size_t>(values.size()));
  std::memcpy(storage.data(), values.data(), storage.size_bytes());
  return storage;
}

}  // namespace px::python
