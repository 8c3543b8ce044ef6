#include "formats/gltf/write/mesh_optimize.h"

#include <cstring>
#include <vector>

namespace px::gltf {
namespace {

constexpr unsigned kUnused = ~0u;

// The columns that hold a row per point: the points and the point columns of as many rows.
std::vector<const Column*> vertex_columns(const Mesh& mesh) {
  std::vector<const Column*> out = {&mesh.points};
  for (const NamedColumn& named : mesh.point_data) {
    if (named.column.rows == mesh.num_points() && named.column.cols > 0) {
      out.push_back(&named.column);
    }
  }
  return out;
}

size_t row_bytes(const Column& c) { return dtype_size(c.dtype) * c.cols; }

// A column's rows moved as remap says (row i to remap[i], kUnused left out), into `arena`.
Column remapped(const Column& c, const std::vector<unsigned>& remap, size_t rows, Arena& arena) {
  const size_t bytes = row_bytes(c);
  std::span<uint8_t> out = arena.allocate<uint8_t>(rows * bytes);
  const uint8_t* src = static_cast<const uint8_t*>(c.data);
  for (size_t i = 0; i < remap.size(); ++i) {
    if (remap[i] != kUnused) std::memcpy(out.data() + remap[i] * bytes, src + i * bytes, bytes);
  }
  return Column{c.dtype, rows, c.cols, out.data()};
}

bool is_surface(CellType type) {
  return type == CellType::kTriangle || type == CellType::kQuad || type == CellType::kPolygon;
}

}  // namespace

Mesh optimize_mesh(const Mesh& mesh, const Meshoptimizer& m, Arena& arena) {
  const size_t points = mesh.num_points();
  const std::vector<const Column*> columns = vertex_columns(mesh);
  // 1. Identical vertices merged: one remap over every column's rows at once.
  std::vector<meshopt_Stream> streams;
  for (const Column* c : columns) streams.push_back({c->data, row_bytes(*c), row_bytes(*c)});
  // Every point once, as an index list: Debian's meshoptimizer asserts (aborting the process)
  // that an index list's length is a multiple of 3, so the last is repeated up to one; no list
  // here is a triangle list, and a repeated index changes neither remap.
  auto padded = [](std::vector<unsigned>& indices) {
    while (indices.size() % 3 != 0) indices.push_back(indices.back());
  };
  std::vector<unsigned> all(points);
  for (size_t i = 0; i < points; ++i) all[i] = static_cast<unsigned>(i);
  if (points > 0) padded(all);
  std::vector<unsigned> merge(points);
  const size_t unique = points == 0
                            ? 0
                            : m.generateVertexRemapMulti(merge.data(), all.data(), all.size(),
                                                         points, streams.data(), streams.size());
  auto point = [&](uint32_t i) { return i < points ? merge[i] : i; };

  // 2. The cells, triangles first: each material's in the order the vertex cache likes. A
  // material is told by its row's bytes, whatever the column's type.
  const Column* material = nullptr;
  for (const NamedColumn& named : mesh.cell_data) {
    if (named.name == "material" && named.column.rows == mesh.num_cells() &&
        named.column.cols == 1) {
      material = &named.column;
    }
  }
  const size_t material_bytes = material ? row_bytes(*material) : 0;
  auto material_of = [&](size_t cell) {
    uint64_t key = 0;
    if (material) {
      std::memcpy(&key, static_cast<const uint8_t*>(material->data) + cell * material_bytes,
                  material_bytes);
    }
    return key;
  };
  std::vector<uint64_t> order;                   // materials in the order cells first use them
  std::vector<size_t> first_cell;                // per material of `order`: a cell of it
  std::vector<std::vector<unsigned>> triangles;  // per material of `order`
  std::vector<size_t> others;                    // the cells that stay as they are
  for (size_t c = 0; c < mesh.num_cells(); ++c) {
    const IndexSpan cell = mesh.cell(c);
    bool valid = is_surface(mesh.cell_types[c]) && cell.size() >= 3;
    for (uint32_t i : cell) valid &= i < points;
    if (!valid) {
      others.push_back(c);
      continue;
    }
    size_t m = 0;
    while (m < order.size() && order[m] != material_of(c)) ++m;
    if (m == order.size()) {
      order.push_back(material_of(c));
      first_cell.push_back(c);
      triangles.emplace_back();
    }
    for (size_t k = 1; k + 1 < cell.size(); ++k) {
      triangles[m].insert(triangles[m].end(), {point(cell[0]), point(cell[k]), point(cell[k + 1])});
    }
  }
  for (std::vector<unsigned>& t : triangles) {
    m.optimizeVertexCache(t.data(), t.data(), t.size(), unique);
  }

  // 3. The vertices in the order the cells first use them, then those no cell uses.
  std::vector<unsigned> used;
  for (const std::vector<unsigned>& t : triangles) used.insert(used.end(), t.begin(), t.end());
  for (size_t c : others) {
    for (uint32_t i : mesh.cell(c)) {
      if (i < points) used.push_back(point(i));
    }
  }
  std::vector<unsigned> fetch(unique, kUnused);
  if (!used.empty()) padded(used);
  size_t next =
      used.empty() ? 0 : m.optimizeVertexFetchRemap(fetch.data(), used.data(), used.size(), unique);
  for (unsigned& f : fetch) {
    if (f == kUnused) f = static_cast<unsigned>(next++);
  }
  // Old point -> new point, through both.
  std::vector<unsigned> remap(points);
  for (size_t i = 0; i < points; ++i) remap[i] = fetch[merge[i]];
  auto moved = [&](uint32_t i) { return i < points ? remap[i] : i; };

  Mesh out;
  out.global_attrs = mesh.global_attrs;
  out.points = remapped(mesh.points, remap, unique, arena);
  for (const NamedColumn& named : mesh.point_data) {
    out.point_data.push_back({named.name, named.column.rows == points && named.column.cols > 0
                                              ? remapped(named.column, remap, unique, arena)
                                              : named.column});
  }
  // The cells: each material's triangles, then the others.
  std::vector<CellType> types;
  std::vector<uint32_t> offsets = {0};
  std::vector<uint32_t> connectivity;
  std::vector<size_t> source;  // per new cell, an old cell of the same material
  for (size_t m = 0; m < order.size(); ++m) {
    for (size_t k = 0; k < triangles[m].size(); k += 3) {
      types.push_back(CellType::kTriangle);
      for (int j = 0; j < 3; ++j) connectivity.push_back(fetch[triangles[m][k + j]]);
      offsets.push_back(static_cast<uint32_t>(connectivity.size()));
      source.push_back(first_cell[m]);
    }
  }
  for (size_t c : others) {
    types.push_back(mesh.cell_types[c]);
    for (uint32_t i : mesh.cell(c)) connectivity.push_back(moved(i));
    offsets.push_back(static_cast<uint32_t>(connectivity.size()));
    source.push_back(c);
  }
  out.cell_types = arena.copy<CellType>(types);
  out.offsets = arena.copy<uint32_t>(offsets);
  out.connectivity = arena.copy<uint32_t>(connectivity);
  for (const NamedColumn& named : mesh.cell_data) {
    if (&named.column != material) {
      out.cell_data.push_back(named);  // the writer leaves it out, with its warning, as before
      continue;
    }
    std::span<uint8_t> rows = arena.allocate<uint8_t>(types.size() * material_bytes);
    const uint8_t* src = static_cast<const uint8_t*>(material->data);
    for (size_t k = 0; k < source.size(); ++k) {
      std::memcpy(rows.data() + k * material_bytes, src + source[k] * material_bytes,
                  material_bytes);
    }
    out.cell_data.push_back({named.name, Column{material->dtype, types.size(), 1, rows.data()}});
  }
  return out;
}

}  // namespace px::gltf
