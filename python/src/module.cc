// polyxios._polyxios: the compiled half of the polyxios package (polyxios/__init__.py re-exports
// it beside the exception and warning classes of polyxios/_errors.py).
#include <pybind11/pybind11.h>

#include "python/src/bindings.h"

PYBIND11_MODULE(_polyxios, m) {
  m.doc() = "polyxios's engine: read_scene, write_scene, read, write, SceneData, PolyData";
  px::python::bind_polydata(m);
  px::python::bind_scene(m);
  px::python::bind_io(m);
}
