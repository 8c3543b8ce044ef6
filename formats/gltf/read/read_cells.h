// A primitive's mode as the model's cells: points become vertex cells, lines line cells, a line
// loop a closed poly_line (its first vertex repeated), a line strip a poly_line, triangles
// triangle cells, a triangle strip one triangle_strip cell and a fan the triangles it expands to.
#pragma once

#include <cstdint>
#include <span>

#include "polyxios/scene/column.h"
#include "polyxios/scene/mesh.h"

namespace px::gltf {

inline constexpr int kModePoints = 0;
inline constexpr int kModeLines = 1;
inline constexpr int kModeLineLoop = 2;
inline constexpr int kModeLineStrip = 3;
inline constexpr int kModeTriangles = 4;
inline constexpr int kModeTriangleStrip = 5;
inline constexpr int kModeTriangleFan = 6;

// How many cells and corners `n` indices of `mode` make, and how many indices make none (the
// remainder of lines or triangles, or a strip too short to draw).
struct CellCounts {
  uint64_t cells = 0;
  uint64_t corners = 0;
  uint64_t unused = 0;
};
CellCounts count_cells(int mode, uint64_t n);

// A primitive's vertex numbers: its indices accessor (uint8, uint16 or uint32), or 0..n-1.
class IndexList {
 public:
  static IndexList of(const Column& indices) { return IndexList(&indices, indices.rows); }
  static IndexList implicit(uint64_t n) { return IndexList(nullptr, n); }
  uint64_t size() const { return size_; }
  uint32_t operator[](uint64_t i) const;
  // The indices accessor's column; null for 0..n-1.
  const Column* column() const { return column_; }

 private:
  IndexList(const Column* column, uint64_t size) : column_(column), size_(size) {}
  const Column* column_;
  uint64_t size_;
};

// Where the cells go: types[cell], ends[cell] (the offset past the cell's last corner) and
// connectivity[corner], each starting at the given position; every vertex number gets `base`.
// Empty types and ends: the cells are triangles only, whose types and offsets the mesh shares.
struct CellSink {
  std::span<CellType> types;
  std::span<uint32_t> ends;
  std::span<uint32_t> connectivity;
  uint64_t cell = 0;
  uint64_t corner = 0;
};
void emit_cells(int mode, const IndexList& indices, uint32_t base, CellSink& sink);

}  // namespace px::gltf
