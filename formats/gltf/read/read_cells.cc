#include "formats/gltf/read/read_cells.h"

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

void emit_cells(int mode, const IndexList& indices, uint32_t base, CellSink& sink) {
  const uint64_t n = indices.size();
  auto corner = [&](uint64_t i) { sink.connectivity[sink.corner++] = base + indices[i]; };
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
    case kModeTriangles:
      for (uint64_t i = 0; i + 2 < n; i += 3) {
        corner(i);
        corner(i + 1);
        corner(i + 2);
        end_cell(CellType::kTriangle);
      }
      return;
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

}  // namespace px::gltf
