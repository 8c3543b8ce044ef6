// PolyData(...) from Python: the arrays copied into a px::PolyData of their own, checked as a
// PolyData a reader makes is, so that nothing downstream reads past an array.
#pragma once

#include <pybind11/pybind11.h>

#include "python/src/handles.h"

namespace px::python {

namespace py = pybind11;

// points: (n, 3), float32 or float64 kept, integers taken as float64.
// cells: the connectivity, one point index per corner: a 1-D array with `offsets` (number of
//   cells + 1 entries, rising from 0 to len(cells)), or an (m, k) array of m cells of k corners
//   each (then no offsets). None (with no offsets and cell_types): no cells, a point cloud.
// cell_types: one VTK cell type number per cell (CellType); None gives each cell the type of its
//   corner count (1 vertex, 2 line, 3 triangle, 4 quad, more polygon).
// point_data / element_attrs: dicts of name -> array of n / m rows.
// global_attrs: a dict of Values ('mesh_name': str, ...).
// TypeError for a wrong type or dtype, ValueError for a shape, length or index that does not fit.
// cells, offsets and cell_types (as build_polydata takes them) into the mesh, checked against its
// points: offsets rise from 0 to the connectivity's length, one cell type per cell, every index
// names a point. TypeError for a dtype, ValueError for a shape, length or index that does not fit.
void copy_cells(py::handle cells, py::handle offsets, py::handle cell_types, Mesh& mesh,
                Arena& arena);

MeshHandle build_polydata(py::handle points, py::handle cells, py::handle offsets,
                          py::handle cell_types, py::handle point_data, py::handle element_attrs,
                          py::handle global_attrs);

}  // namespace px::python
