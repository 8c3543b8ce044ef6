// What the bindings of a scene's parts share: a part from its Python object, and small lists
// as Python tuples.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>
#include <vector>

#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

template <class Part>
const Part& part_of(py::handle self) {
  return self.cast<const PartHandle<Part>&>().get();
}

// The part to change (RuntimeError while a call reads its scene without the GIL).
template <class Part>
Part& edit_of(py::handle self) {
  return self.cast<const PartHandle<Part>&>().edit();
}

// The part's index among its scene's parts of its kind, None for a part of no scene; RuntimeError
// once it was removed.
template <class Part>
py::object part_index(py::handle self) {
  const PartHandle<Part>& handle = self.cast<const PartHandle<Part>&>();
  if (!handle.box) return py::none();
  handle.get();
  return py::int_(handle.slot->index);
}

inline py::tuple ints(const std::vector<int>& values) {
  py::tuple tuple(values.size());
  for (size_t i = 0; i < values.size(); ++i) tuple[i] = py::int_(values[i]);
  return tuple;
}

template <size_t N>
py::tuple floats(const std::array<double, N>& values) {
  py::tuple tuple(N);
  for (size_t i = 0; i < N; ++i) tuple[i] = py::float_(values[i]);
  return tuple;
}

}  // namespace px::python
