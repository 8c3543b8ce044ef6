#include "formats/collada/write/geometry_writer.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "absl/status/statusor.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/write/geometry_sources.h"
#include "polyxios/hash_containers.h"

namespace px::collada {
namespace {

std::string mesh_label(const Mesh& mesh, size_t index) {
  const Value* name = find_value(mesh.global_attrs, "mesh_name");
  return name != nullptr && name->is_string() ? cat("mesh ", index, " '", name->as_string(), "'")
                                              : cat("mesh ", index);
}

// A cell type's vertex counts a reader can read back; vertex cells and unknown types are skipped,
// whatever their count.
bool allows(CellType type, size_t n) {
  switch (type) {
    case CellType::kLine:
      return n == 2;
    case CellType::kTriangle:
      return n == 3;
    case CellType::kQuad:
      return n == 4;
    case CellType::kPolygon:
    case CellType::kTriangleStrip:
      return n >= 3;
    case CellType::kPolyLine:
      return n >= 2;
    default:
      return true;
  }
}

// Offsets rising from 0 to the connectivity's length, a vertex count each cell's type allows,
// indices naming points the mesh has (W12).
absl::Status check_cells(const Mesh& mesh, const std::string& label) {
  const size_t cells = mesh.num_cells();
  const std::span<const uint32_t> offsets = mesh.offsets;
  const IndexSpan connectivity = mesh.connectivity;
  if (cells == 0) {
    bool empty =
        connectivity.empty() && (offsets.empty() || (offsets.size() == 1 && offsets[0] == 0));
    if (!empty) {
      return refuse("collada.write.cells",
                    cat(label, ": no cells, but ", offsets.size(), " offsets and ",
                        connectivity.size(), " connectivity entries"));
    }
    return absl::OkStatus();
  }
  if (offsets.size() != cells + 1) {
    return refuse("collada.write.cells",
                  cat(label, ": ", offsets.size(), " offsets for ", cells, " cells"));
  }
  if (offsets[0] != 0 || offsets[cells] != connectivity.size()) {
    return refuse("collada.write.cells",
                  cat(label, ": offsets run from ", offsets[0], " to ", offsets[cells],
                      ", not from 0 to the connectivity's ", connectivity.size()));
  }
  for (size_t i = 0; i < cells; ++i) {
    if (offsets[i + 1] < offsets[i]) {
      return refuse("collada.write.cells", cat(label, ": offsets fall at cell ", i));
    }
    const size_t n = offsets[i + 1] - offsets[i];
    if (!allows(mesh.cell_types[i], n)) {
      return refuse("collada.write.cells",
                    cat(label, ": cell ", i, ", a ", cell_type_name(mesh.cell_types[i]), ", has ",
                        n, " vertices"));
    }
  }
  const uint32_t highest = connectivity.highest();
  if (!connectivity.empty() && highest >= mesh.num_points()) {
    return refuse(
        "collada.write.cells",
        cat(label, ": index ", highest, " names a vertex past the ", mesh.num_points(), " points"));
  }
  return absl::OkStatus();
}

// The "material" cell column, one value per cell, checked to hold whole numbers (W14); null when
// the mesh has none. Other cell columns are dropped with a warning (W4).
absl::StatusOr<const Column*> material_column(const Mesh& mesh, const std::string& label,
                                              Diagnostics& diagnostics) {
  const Column* material = nullptr;
  for (const NamedColumn& named : mesh.cell_data) {
    const Column& c = named.column;
    if (named.name == "material" && material == nullptr && c.cols == 1 &&
        c.rows == mesh.num_cells()) {
      material = &c;
      continue;
    }
    diagnostics.warn("collada.write.cell-attribute-dropped",
                     named.name == "material" && material == nullptr
                         ? cat(label, ": its material column of ", c.rows, " x ", c.cols,
                               " values for ", mesh.num_cells(), " cells is left out")
                         : cat(label, ": element attribute '", named.name,
                               "' left out: COLLADA has no place for it"));
  }
  if (material == nullptr || material->holds<int32_t>()) return material;
  for (size_t i = 0; i < material->rows; ++i) {
    double v = material->get(i, 0);
    if (!std::isfinite(v) || v != std::floor(v) || std::abs(v) > 2147483647.0) {
      return refuse("collada.write.material-column",
                    cat(label, ": material value ", v, " of cell ", i,
                        " is not a whole number a material index can hold"));
    }
  }
  return material;
}

int material_of(const Column* material, size_t cell) {
  if (material == nullptr) return -1;
  double v =
      material->holds<int32_t>() ? material->values<int32_t>()[cell] : material->get(cell, 0);
  return v < 0 ? -1 : static_cast<int>(v);
}

// The block a cell goes in (W9); none for vertex cells and unknown types.
std::optional<PrimitiveKind> kind_of(CellType type, bool polylist) {
  switch (type) {
    case CellType::kTriangle:
      return polylist ? PrimitiveKind::kPolylist : PrimitiveKind::kTriangles;
    case CellType::kQuad:
    case CellType::kPolygon:
      return PrimitiveKind::kPolylist;
    case CellType::kLine:
      return PrimitiveKind::kLines;
    case CellType::kPolyLine:
      return PrimitiveKind::kLineStrips;
    case CellType::kTriangleStrip:
      return PrimitiveKind::kTriStrips;
    default:
      return std::nullopt;
  }
}

// Groups the cells by block kind and material, in first-occurrence order (W11).
void plan_blocks(const Mesh& mesh, const Column* material, const std::string& label,
                 GeometryPlan& g, Diagnostics& diagnostics) {
  const size_t cells = mesh.num_cells();
  const bool polylist = std::any_of(mesh.cell_types.begin(), mesh.cell_types.end(), [](CellType t) {
    return t == CellType::kQuad || t == CellType::kPolygon;
  });
  HashMap<uint64_t, uint32_t> block_of;
  uint64_t last_key = UINT64_MAX;
  uint32_t last_block = 0;
  // The cell's block, made when the cell is the first of its kind and material; -1 when skipped.
  auto block = [&](size_t cell) -> int64_t {
    std::optional<PrimitiveKind> kind = kind_of(mesh.cell_types[cell], polylist);
    if (!kind) return -1;
    const int m = material_of(material, cell);
    const uint64_t key = uint64_t{static_cast<uint8_t>(*kind)} << 32 | static_cast<uint32_t>(m);
    if (key != last_key) {
      auto [it, made] = block_of.try_emplace(key, static_cast<uint32_t>(g.blocks.size()));
      if (made) g.blocks.push_back(GeometryBlock{*kind, m});
      last_key = key;
      last_block = it->second;
    }
    return last_block;
  };
  size_t vertex_cells = 0, unknown_cells = 0;
  for (size_t i = 0; i < cells; ++i) {
    int64_t b = block(i);
    if (b >= 0) {
      ++g.blocks[b].cells;
    } else {
      ++(mesh.cell_types[i] == CellType::kVertex ? vertex_cells : unknown_cells);
    }
  }
  HashSet<int> named;
  for (const GeometryBlock& b : g.blocks) {
    if (b.material >= 0 && named.insert(b.material).second) g.materials.push_back(b.material);
  }
  if (vertex_cells > 0) {
    diagnostics.warn("collada.write.cell-skipped",
                     cat(label, ": ", vertex_cells,
                         " vertex cells skipped: COLLADA has no primitive for points"));
  }
  if (unknown_cells > 0) {
    diagnostics.warn(
        "collada.write.cell-skipped",
        cat(label, ": ", unknown_cells, " cells of types COLLADA cannot hold skipped"));
  }
  if (g.blocks.size() <= 1 && vertex_cells + unknown_cells == 0) return;  // every cell, in order
  size_t written = 0;
  for (GeometryBlock& b : g.blocks) {
    b.first = written;
    written += b.cells;
  }
  g.cell_order.resize(written);
  std::vector<size_t> next(g.blocks.size());
  for (size_t b = 0; b < g.blocks.size(); ++b) next[b] = g.blocks[b].first;
  for (size_t i = 0; i < cells; ++i) {
    int64_t b = block(i);
    if (b >= 0) g.cell_order[next[b]++] = static_cast<uint32_t>(i);
  }
}

// The mesh_name, written as given (L8); other mesh attributes are dropped with a warning (W4).
void plan_name(const Mesh& mesh, const std::string& label, GeometryPlan& g,
               Diagnostics& diagnostics) {
  for (const auto& [key, value] : mesh.global_attrs) {
    if (key == "mesh_name" && value.is_string() && !g.has_name) {
      g.has_name = true;
      g.name = value.as_string();
      continue;
    }
    diagnostics.warn(
        "collada.write.mesh-attribute-dropped",
        cat(label, ": mesh attribute '", key, "' left out: COLLADA has no place for it"));
  }
}

absl::StatusOr<GeometryPlan> plan_geometry(const Mesh& mesh, size_t index, const WritePlan& plan,
                                           IdRegistry& ids, Diagnostics& diagnostics) {
  const std::string label = mesh_label(mesh, index);
  if (mesh.points.rows > 0 && mesh.points.cols != 3) {
    return refuse("collada.write.points",
                  cat(label, ": points have ", mesh.points.cols, " columns, not 3"));
  }
  if (absl::Status s = check_cells(mesh, label); !s.ok()) return s;
  absl::StatusOr<const Column*> material = material_column(mesh, label, diagnostics);
  if (!material.ok()) return material.status();

  GeometryPlan g;
  plan_name(mesh, label, g, diagnostics);
  g.id = ids.unique(to_ncname(g.name, "geometry"));
  plan_blocks(mesh, *material, label, g, diagnostics);
  g.attributes_in_vertices = g.blocks.empty();
  const std::vector<bool>& skinned = plan.controllers.mesh_skinned;
  SourcesContext context{label, g.id, index < skinned.size() && skinned[index],
                         g.attributes_in_vertices};
  g.sources = plan_sources(mesh, context, ids, diagnostics);
  for (const GeometrySource& s : g.sources) {
    if (s.semantic != "TEXCOORD") continue;
    int set = std::max(s.set, 0);
    if (g.texcoord_set < 0 || set < g.texcoord_set) g.texcoord_set = set;
  }
  g.vertices_id = ids.unique(cat(g.id, "-vertices"));
  return g;
}

std::string_view block_element(PrimitiveKind kind) {
  switch (kind) {
    case PrimitiveKind::kTriangles:
      return "triangles";
    case PrimitiveKind::kPolylist:
      return "polylist";
    case PrimitiveKind::kLines:
      return "lines";
    case PrimitiveKind::kLineStrips:
      return "linestrips";
    case PrimitiveKind::kTriStrips:
      return "tristrips";
  }
  return "triangles";
}

void write_input(XmlWriter& xml, std::string_view semantic, std::string_view id, int offset,
                 int set) {
  xml.open("input");
  xml.attr("semantic", semantic);
  xml.attr("source", cat("#", id));
  if (offset >= 0) xml.attr("offset", offset);
  if (set >= 0) xml.attr("set", set);
  xml.close();
}

// One block: every input at offset 0, so each corner's one index names its vertex in every
// source; its cells straight from the connectivity.
void write_block(const Mesh& mesh, const GeometryPlan& g, const GeometryBlock& block,
                 XmlWriter& xml) {
  xml.open(block_element(block.kind));
  xml.attr("count", block.cells);
  if (block.material >= 0) xml.attr("material", material_symbol(block.material));
  write_input(xml, "VERTEX", g.vertices_id, 0, -1);
  for (size_t s = 1; s < g.sources.size(); ++s) {
    write_input(xml, g.sources[s].semantic, g.sources[s].id, 0, g.sources[s].set);
  }
  // The block's k-th cell.
  auto cell = [&](size_t k) {
    return mesh.cell(g.cell_order.empty() ? k : g.cell_order[block.first + k]);
  };
  if (block.kind == PrimitiveKind::kLineStrips || block.kind == PrimitiveKind::kTriStrips) {
    for (size_t k = 0; k < block.cells; ++k) {
      xml.open("p");
      xml.integers(cell(k));
      xml.close();
    }
    xml.close();
    return;
  }
  if (block.kind == PrimitiveKind::kPolylist) {
    xml.open("vcount");
    xml.list(block.cells, 12, [&](size_t first, size_t last, TextBuffer& out) {
      char* p = out.room((last - first) * (kMaxNumberChars + 1));
      for (size_t k = first; k < last; ++k) {
        *p = ' ';
        p = write_number(p + (k != 0), static_cast<uint32_t>(cell(k).size()));
      }
      out.set_end(p);
    });
    xml.close();
  }
  xml.open("p");
  if (g.cell_order.empty()) {
    xml.integers(mesh.connectivity);
  } else {
    // A written cell is never empty (allows), so each but the first follows a space.
    xml.list(block.cells, 24, [&](size_t first, size_t last, TextBuffer& out) {
      for (size_t k = first; k < last; ++k) append_numbers(cell(k), k != 0, out);
    });
  }
  xml.close();
  xml.close();
}

void write_geometry(const Mesh& mesh, const GeometryPlan& g, XmlWriter& xml) {
  xml.open("geometry");
  xml.attr("id", g.id);
  if (g.has_name) xml.attr("name", g.name);
  xml.open("mesh");
  for (const GeometrySource& s : g.sources) write_source(s, xml);
  xml.open("vertices");
  xml.attr("id", g.vertices_id);
  write_input(xml, "POSITION", g.sources[0].id, -1, -1);
  if (g.attributes_in_vertices) {
    for (size_t s = 1; s < g.sources.size(); ++s) {
      write_input(xml, g.sources[s].semantic, g.sources[s].id, -1, -1);
    }
  }
  xml.close();
  for (const GeometryBlock& block : g.blocks) write_block(mesh, g, block, xml);
  xml.close();
  xml.close();
}

}  // namespace

absl::Status plan_geometries(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  std::vector<GeometryPlan>& geometries = plan.geometries.geometries;
  geometries.clear();
  geometries.reserve(scene.meshes.size());
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    absl::StatusOr<GeometryPlan> g = plan_geometry(scene.meshes[m], m, plan, plan.ids, diagnostics);
    if (!g.ok()) return g.status();
    geometries.push_back(std::move(*g));
  }
  return absl::OkStatus();
}

void write_geometries(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  const std::vector<GeometryPlan>& geometries = plan.geometries.geometries;
  if (geometries.empty()) return;  // <library_geometries> holds at least one <geometry>
  xml.open("library_geometries");
  for (size_t m = 0; m < geometries.size() && m < scene.meshes.size(); ++m) {
    write_geometry(scene.meshes[m], geometries[m], xml);
  }
  xml.close();
}

}  // namespace px::collada
