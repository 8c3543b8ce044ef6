#include "formats/gltf/read/read_cells.h"

#include <algorithm>

namespace px::gltf {

CellCounts count_cells(int mode, uint64_t n) {
  switch (mode) {
    case kModePoints:
      return {n, n, 0};
    case kModeLines:
      return {n / 2, n / 2 * 2, n % 2};
    case kModeLineLoop:
      return n < 2 ? CellCounts{0, 0, n} : CellCounts{1, n + 1, 0};
    case kModeLineStrip:
      return n < 2 ? CellCounts{0, 0, n} : CellCounts{1, n, 0};
    case kModeTriangles:
      return {n / 3, n / 3 * 3, n % 3};
    case kModeTriangleStrip:
      return n < 3 ? CellCounts{0, 0, n} : CellCounts{1, n, 0};
    default:  // kModeTriangleFan
      return n < 3 ? CellCounts{0, 0, n} : CellCounts{n - 2, 3 * (n - 2), 0};
  }
}

uint32_t IndexList::operator[](uint64_t i) const {
  if (column_ == nullptr) return static_cast<uint32_t>(i);
  switch (column_->dtype) {
    case DType::kUInt8:
      return static_cast<const uint8_t*>(column_->data)[i];
    case DType::kUInt16:
      return static_cast<const uint16_t*>(column_->data)[i];
    default:
      return static_cast<const uint32_t*>(column_->data)[i];
  }
}

namespace {

// emit_cells for one way of reading the vertex numbers: index(i) is the i-th.
template <class Index>
void emit(int mode, uint64_t n, Index index, uint32_t base, CellSink& sink) {
  auto corner = [&](uint64_t i) { sink.connectivity[sink.corner++] = base + index(i); };
  auto end_cell = [&](CellType type) {
    sink.types[sink.cell] = type;
    sink.ends[sink.cell++] = static_cast<uint32_t>(sink.corner);
  };
  switch (mode) {
    case kModePoints:
      for (uint64_t i = 0; i < n; ++i) {
        corner(i);
        end_cell(CellType::kVertex);
      }
      return;
    case kModeLines:
      for (uint64_t i = 0; i + 1 < n; i += 2) {
        corner(i);
        corner(i + 1);
        end_cell(CellType::kLine);
      }
      return;
    case kModeLineLoop:
    case kModeLineStrip:
      if (n < 2) return;
      for (uint64_t i = 0; i < n; ++i) corner(i);
      if (mode == kModeLineLoop) corner(0);
      end_cell(CellType::kPolyLine);
      return;
    case kModeTriangles: {
      // The bulk of most files: three plain loops the compiler can vectorise.
      const uint64_t cells = n / 3;
      uint32_t* connectivity = sink.connectivity.data() + sink.corner;
      for (uint64_t i = 0; i < 3 * cells; ++i) connectivity[i] = base + index(i);
      if (!sink.types.empty()) {  // else the mesh's shared triangle types and offsets
        std::fill_n(sink.types.data() + sink.cell, cells, CellType::kTriangle);
        uint32_t* ends = sink.ends.data() + sink.cell;
        const uint32_t first = static_cast<uint32_t>(sink.corner);
        for (uint64_t c = 0; c < cells; ++c) ends[c] = first + 3 * static_cast<uint32_t>(c + 1);
      }
      sink.cell += cells;
      sink.corner += 3 * cells;
      return;
    }
    case kModeTriangleStrip:
      if (n < 3) return;
      for (uint64_t i = 0; i < n; ++i) corner(i);
      end_cell(CellType::kTriangleStrip);
      return;
    default:  // kModeTriangleFan
      for (uint64_t i = 1; i + 1 < n; ++i) {
        corner(0);
        corner(i);
        corner(i + 1);
        end_cell(CellType::kTriangle);
      }
      return;
  }
}

template <class T>
void emit_from(int mode, const Column& column, uint32_t base, CellSink& sink) {
  const T* values = static_cast<const T*>(column.data);
  emit(mode, column.rows, [values](uint64_t i) -> uint32_t { return values[i]; }, base, sink);
}

}  // namespace

void emit_cells(int mode, const IndexList& indices, uint32_t base, CellSink& sink) {
  const Column* column = indices.column();
  if (column == nullptr) {
    emit(mode, indices.size(), [](uint64_t i) { return static_cast<uint32_t>(i); }, base, sink);
    return;
  }
  switch (column->dtype) {
    case DType::kUInt8:
      return emit_from<uint8_t>(mode, *column, base, sink);
    case DType::kUInt16:
      return emit_from<uint16_t>(mode, *column, base, sink);
    default:
      return emit_from<uint32_t>(mode, *column, base, sink);
  }
}

}  // namespace px::gltf
