#include "formats/collada/read/geometry.h"

#include <algorithm>
#include <functional>
#include <string>

#include "absl/container/inlined_vector.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/early_geometries.h"
#include "formats/collada/read/mesh_builder.h"
#include "formats/collada/read/morphs.h"
#include "formats/collada/read/primitive_block.h"
#include "formats/collada/read/sources.h"
#include "formats/collada/read/vertex_table.h"
#include "polyxios/ops/polygon_holes.h"

namespace px::collada {
namespace {

bool block_kind(std::string_view name, BlockKind* kind) {
  static constexpr std::pair<std::string_view, BlockKind> kKinds[] = {
      {"triangles", BlockKind::kTriangles},   {"polylist", BlockKind::kPolylist},
      {"polygons", BlockKind::kPolygons},     {"lines", BlockKind::kLines},
      {"linestrips", BlockKind::kLineStrips}, {"tristrips", BlockKind::kTriStrips},
      {"trifans", BlockKind::kTriFans}};
  for (const auto& [n, k] : kKinds) {
    if (n == name) {
      *kind = k;
      return true;
    }
  }
  return false;
}

}  // namespace

absl::Status MeshBuilder::index_past_source(const Block& block, int32_t index,
                                            const Accessor& accessor) {
  return refuse("collada.index.past-source", block.element->name, block.element->line,
                cat("index ", index, " is past the ", accessor.count, " elements of \"",
                    accessor.source->attr("id"), "\""));
}

absl::Status MeshBuilder::corner_key(const Block& block, std::span<const int32_t> list,
                                     size_t corner, uint32_t* key) {
  std::fill(key, key + slots_.size(), VertexTable::kAbsent);
  const int32_t* tuple = list.data() + corner * block.tuple;
  for (const BlockInput& in : block.inputs) {
    int32_t index = tuple[in.offset];
    if (index < 0 || static_cast<size_t>(index) >= in.accessor->count) {
      return index_past_source(block, index, *in.accessor);
    }
    key[in.slot] = in.base + static_cast<uint32_t>(index);
  }
  return absl::OkStatus();
}

// True when some attribute is read by every block, from one source, with an index that no two
// corners share (a texture coordinate per corner, as Blender writes them): then no two corners
// have the same key and none needs looking up. An index past its source is left to the corner
// loop to refuse.
bool MeshBuilder::has_unique_slot() const {
  for (uint32_t s = 1; s < slots_.size(); ++s) {
    const Slot& slot = slots_[s];
    if (slot.streams.size() != 1) continue;
    const size_t count = slot.streams[0]->count;
    std::vector<bool> seen(count);
    bool unique = true;
    for (const Block& block : blocks_) {
      if (block.count == 0) continue;
      auto input = std::find_if(block.inputs.begin(), block.inputs.end(),
                                [&](const BlockInput& in) { return in.slot == s; });
      if (input == block.inputs.end()) {
        unique = false;
        break;
      }
      for (auto list : block.lists) {
        for (size_t at = input->offset; unique && at < list.size(); at += block.tuple) {
          int32_t index = list[at];
          if (index < 0 || static_cast<size_t>(index) >= count || seen[index]) {
            unique = false;
          } else {
            seen[index] = true;
          }
        }
      }
      if (!unique) break;
    }
    if (unique) return true;
  }
  return false;
}

// The hot loop of a mesh read: each corner's key from its tuple, then its vertex.
absl::Status MeshBuilder::corner_vertices(const Block& block, std::span<const int32_t> list,
                                          VertexTable& table, uint32_t* out) {
  struct Read {
    uint32_t offset;
    uint32_t slot;
    uint32_t base;  // the stream's first word (Slot::bases)
    size_t count;
  };
  absl::InlinedVector<Read, 8> reads;
  for (const BlockInput& in : block.inputs) {
    reads.push_back(Read{in.offset, in.slot, in.base, in.accessor->count});
  }
  absl::InlinedVector<uint32_t, 8> key_storage(slots_.size(), VertexTable::kAbsent);
  uint32_t* key = key_storage.data();
  const Read* reads_begin = reads.data();
  const Read* reads_end = reads_begin + reads.size();
  const size_t corners = list.size() / block.tuple;
  const int32_t* tuple = list.data();
  for (size_t c = 0; c < corners; ++c, tuple += block.tuple) {
    for (const Read* read = reads_begin; read != reads_end; ++read) {
      const Read& r = *read;
      int32_t index = tuple[r.offset];
      if (index < 0 || static_cast<size_t>(index) >= r.count) {
        for (const BlockInput& in : block.inputs) {
          if (in.slot == r.slot) return index_past_source(block, index, *in.accessor);
        }
      }
      key[r.slot] = r.base + static_cast<uint32_t>(index);
    }
    out[c] = table.vertex_for(key);
  }
  return absl::OkStatus();
}

namespace {

const char* hole_drop_reason(HoleDrop drop) {
  switch (drop) {
    case HoleDrop::kTooFewCorners:
      return "a hole of fewer than 3 corners is dropped";
    case HoleDrop::kNoArea:
      return "a hole with no area, or in a polygon with none, is dropped";
    case HoleDrop::kOutside:
      return "a hole outside its polygon is dropped";
    case HoleDrop::kOverBudget:
      return "a hole past the bridging budget of its polygon is dropped";
  }
  return "";
}

}  // namespace

// A <ph>'s vertices as one ring: the holes bridged into the outer ring
// (polyxios/ops/polygon_holes.h) on the positions' plane, those that cannot be dropped with a
// warning.
absl::Status MeshBuilder::bridged_vertices(const Block& block, std::span<const int32_t> outer,
                                           std::span<const Hole> holes, VertexTable& table,
                                           std::vector<uint32_t>* out) {
  const size_t slots = slots_.size();
  const Accessor& positions = *slots_[0].streams[0];
  std::vector<size_t> sizes;
  std::vector<uint32_t> keys;
  std::vector<Point3> corners;
  auto add_ring = [&](std::span<const int32_t> list) -> absl::Status {
    const size_t n = list.size() / block.tuple;
    sizes.push_back(n);
    for (size_t c = 0; c < n; ++c) {
      keys.resize(keys.size() + slots);
      uint32_t* key = keys.data() + keys.size() - slots;
      if (absl::Status s = corner_key(block, list, c, key); !s.ok()) return s;
      // Slot 0 is POSITION, which every block with corners reads (from one source).
      const size_t index = key[0];
      Point3& p = corners.emplace_back();
      for (size_t k = 0; k < 3; ++k) p[k] = k < positions.width() ? positions.value(index, k) : 0;
    }
    return absl::OkStatus();
  };
  if (absl::Status s = add_ring(outer); !s.ok()) return s;
  for (const Hole& hole : holes) {
    if (absl::Status s = add_ring(hole.ring); !s.ok()) return s;
  }
  BridgedRing bridged = bridge_holes(corners, sizes);
  for (HoleDrop drop : bridged.dropped) {
    ctx_.warn("collada.polygons.holes-dropped", hole_drop_reason(drop), block.element);
  }
  out->clear();
  for (uint32_t corner : bridged.ring)
    out->push_back(table.vertex_for(keys.data() + corner * slots));
  return absl::OkStatus();
}

namespace {

CellType polygon_type(size_t corners) {
  return corners == 3 ? CellType::kTriangle : corners == 4 ? CellType::kQuad : CellType::kPolygon;
}

}  // namespace

absl::Status MeshBuilder::split_and_fill(Mesh* out, GeometryRecord* record, size_t cells,
                                         size_t corners) {
  Arena& arena = *ctx_.scene.arena;
  // A mesh of triangles only (<triangles>, or a <polylist> of three corners a cell, as exporters
  // write triangulated meshes) takes the arena's shared cell types and offsets (at 1 GB of
  // exporter output, 24 MiB the scene no longer holds); other meshes fill their own.
  const bool triangles_only = std::all_of(blocks_.begin(), blocks_.end(), [](const Block& b) {
    return b.kind == BlockKind::kTriangles ||
           (b.kind == BlockKind::kPolylist &&
            std::all_of(b.vcount.begin(), b.vcount.end(), [](int32_t n) { return n == 3; }));
  });
  std::span<CellType> types =
      triangles_only ? std::span<CellType>() : arena.allocate<CellType>(cells);
  std::span<uint32_t> offsets =
      triangles_only ? std::span<uint32_t>() : arena.allocate<uint32_t>(cells + 1);
  std::span<uint32_t> connectivity = arena.allocate<uint32_t>(corners);
  size_t positions = slots_[0].streams[0]->count;
  // Appended vertices' keys are read again from their corners in order (appended_keys), which a
  // polygon's holes, bridged into its ring, would reorder.
  const bool has_holes =
      std::any_of(blocks_.begin(), blocks_.end(), [](const Block& b) { return !b.holes.empty(); });
  VertexTable table(positions, slots_.size(), corners, !has_holes && has_unique_slot(),
                    ctx_.doc.scratch());
  std::vector<uint32_t> key(slots_.size());
  std::vector<uint32_t> fan, ring;
  size_t cell = 0, at = 0;
  auto add_cell = [&](CellType type) {
    types[cell] = type;
    offsets[++cell] = static_cast<uint32_t>(at);
  };
  std::vector<size_t> first_cell(blocks_.size() + 1);
  for (uint32_t b = 0; b < blocks_.size(); ++b) {
    const Block& block = blocks_[b];
    first_cell[b] = cell;
    if (block.count == 0) continue;
    for (uint32_t s = 0; s < slots_.size(); ++s) {
      bool named = std::any_of(block.inputs.begin(), block.inputs.end(),
                               [&](const BlockInput& in) { return in.slot == s; });
      (named ? slots_[s].named : slots_[s].lacked) = true;
    }
    auto vertex = [&](std::span<const int32_t> list, size_t corner) -> absl::StatusOr<uint32_t> {
      if (absl::Status s = corner_key(block, list, corner, key.data()); !s.ok()) return s;
      return table.vertex_for(key.data());
    };
    if (block.kind == BlockKind::kTriangles || block.kind == BlockKind::kLines ||
        block.kind == BlockKind::kPolylist) {
      // One index list (possibly split over several <p>): every corner's vertex in one pass,
      // then the cells over them.
      size_t cell_start = at;
      for (auto list : block.lists) {
        if (absl::Status s = corner_vertices(block, list, table, connectivity.data() + at);
            !s.ok()) {
          return s;
        }
        at += list.size() / block.tuple;
      }
      size_t corner = cell_start;
      if (block.kind == BlockKind::kPolylist) {
        if (triangles_only) {  // the shared cell types and offsets stand for these
          cell += block.vcount.size();
          continue;
        }
        for (int32_t n : block.vcount) {
          corner += static_cast<size_t>(n);
          types[cell] = n == 0 ? CellType::kPolygon : polygon_type(static_cast<size_t>(n));
          offsets[++cell] = static_cast<uint32_t>(corner);
        }
      } else {
        if (triangles_only) {  // the shared cell types and offsets stand for these
          cell += block.count;
          continue;
        }
        size_t per_cell = block.kind == BlockKind::kTriangles ? 3 : 2;
        CellType type = block.kind == BlockKind::kTriangles ? CellType::kTriangle : CellType::kLine;
        for (size_t i = 0; i < block.count; ++i) {
          corner += per_cell;
          types[cell] = type;
          offsets[++cell] = static_cast<uint32_t>(corner);
        }
      }
      continue;
    }
    size_t next_hole = 0;
    for (size_t l = 0; l < block.lists.size(); ++l) {
      const std::span<const int32_t> list = block.lists[l];
      size_t n = list.size() / block.tuple;
      size_t holes_end = next_hole;
      while (holes_end < block.holes.size() && block.holes[holes_end].list == l) ++holes_end;
      if (holes_end > next_hole) {
        const std::span<const Hole> holes(block.holes.data() + next_hole, holes_end - next_hole);
        next_hole = holes_end;
        if (absl::Status s = bridged_vertices(block, list, holes, table, &ring); !s.ok()) {
          return s;
        }
        std::copy(ring.begin(), ring.end(), connectivity.begin() + at);
        at += ring.size();
        add_cell(polygon_type(ring.size()));
        continue;
      }
      next_hole = holes_end;
      if (block.kind == BlockKind::kTriFans) {
        if (n < 3) {
          ctx_.warn("collada.primitive.degenerate", "a fan of fewer than 3 vertices is dropped",
                    block.element);
          continue;
        }
        fan.clear();
        for (size_t c = 0; c < n; ++c) {
          absl::StatusOr<uint32_t> v = vertex(list, c);
          if (!v.ok()) return v.status();
          fan.push_back(*v);
        }
        for (size_t c = 1; c + 1 < n; ++c) {
          connectivity[at++] = fan[0];
          connectivity[at++] = fan[c];
          connectivity[at++] = fan[c + 1];
          add_cell(CellType::kTriangle);
        }
        continue;
      }
      if (n == 0) continue;
      for (size_t c = 0; c < n; ++c) {
        absl::StatusOr<uint32_t> v = vertex(list, c);
        if (!v.ok()) return v.status();
        connectivity[at++] = *v;
      }
      CellType type = block.kind == BlockKind::kPolygons     ? polygon_type(n)
                      : block.kind == BlockKind::kLineStrips ? CellType::kPolyLine
                                                             : CellType::kTriangleStrip;
      add_cell(type);
    }
  }
  if (table.vertex_count() >= std::numeric_limits<uint32_t>::max()) {
    return refuse("collada.mesh.too-large", "mesh", geometry_.line, "more than 2^32 vertices");
  }
  // A mesh of at most 65,536 vertices keeps its indices in 16 bits, half the memory (a 1 GB
  // document's meshes hold 27 MiB less), in the first half of what was allocated for them.
  if (ctx_.options.narrow_indices && table.vertex_count() <= 65536) {
    std::span<uint16_t> narrow = narrow_in_place(connectivity.first(at));
    arena.shrink_last(connectivity.data(), connectivity.size_bytes(), narrow.size_bytes());
    out->connectivity = narrow;
  } else {
    out->connectivity = connectivity.first(at);
  }
  if (triangles_only) {
    out->cell_types = arena.repeated(CellType::kTriangle, cell);
    out->offsets = arena.stepped(uint32_t{3}, cell + 1);
  } else {
    out->cell_types = types.first(cell);
    out->offsets = offsets.first(cell + 1);
  }
  first_cell[blocks_.size()] = cell;
  record->block_cells.resize(blocks_.size());
  for (size_t b = 0; b < blocks_.size(); ++b) {
    record->block_cells[b] = static_cast<uint32_t>(first_cell[b + 1] - first_cell[b]);
  }
  record->vertices = table.vertex_count();
  record->split_positions = table.take_split_positions();
  record->positions = positions;
  fill_columns(table, out);
  return absl::OkStatus();
}

absl::Status MeshBuilder::build(const Element& mesh, Mesh* out, GeometryRecord* record) {
  const Element* vertices = mesh.child("vertices");
  if (vertices == nullptr) {
    return refuse("collada.mesh.no-vertices", mesh.name, mesh.line, "<mesh> has no <vertices>");
  }
  if (absl::Status s = read_vertices(*vertices); !s.ok()) return s;
  for (const Element& child : mesh.children()) {
    BlockKind kind;
    if (!block_kind(child.name, &kind)) continue;
    if (absl::Status s = read_block(child, kind); !s.ok()) return s;
    record->block_symbols.push_back(child.attr("material"));
  }
  size_t cells = 0, corners = 0;
  for (const Block& block : blocks_) count_cells(block, &cells, &corners);
  if (corners >= std::numeric_limits<uint32_t>::max()) {
    return refuse("collada.mesh.too-large", "mesh", mesh.line, "more than 2^32 corners");
  }
  return split_and_fill(out, record, cells, corners);
}

namespace {

// A mesh of no cells and no points, for geometries this reader cannot show.
void empty_mesh(Arena& arena, Mesh* mesh) {
  mesh->points = Column{DType::kFloat32, 0, 3, nullptr};
  mesh->offsets = arena.allocate<uint32_t>(1);
}

}  // namespace

absl::Status read_geometry(ReadContext& ctx, const Element& geometry, Mesh* mesh,
                           GeometryRecord* record) {
  record->element = &geometry;
  if (const std::string_view* name = geometry.find_attr("name")) {
    set_value(mesh->global_attrs, "mesh_name", Value(*name));
  }
  const Element* body = geometry.child("mesh");
  if (body == nullptr) body = geometry.child("convex_mesh");
  if (body != nullptr && body->name == "convex_mesh" && body->find_attr("convex_hull_of")) {
    ctx.warn("collada.geometry.convex-hull-dropped",
             "a <convex_mesh convex_hull_of> is read as an empty mesh", body);
    body = nullptr;
  } else if (body == nullptr) {
    ctx.warn("collada.geometry.unsupported",
             "a <geometry> without a <mesh> (spline, brep, ...) is read as an empty mesh",
             &geometry);
  }
  if (body == nullptr) {
    empty_mesh(*ctx.scene.arena, mesh);
    return absl::OkStatus();
  }
  MeshBuilder builder(ctx, geometry);
  return builder.build(*body, mesh, record);
}

absl::Status read_geometries(ReadContext& ctx, EarlyGeometries* early, Geometries* out) {
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name != "library_geometries") continue;
    for (const Element& geometry : library.children()) {
      if (geometry.name != "geometry") continue;
      GeometryRecord record;
      Mesh mesh;
      if (EarlyGeometries::Result* read = early == nullptr ? nullptr : early->find(geometry)) {
        ctx.diagnostics.merge(read->diagnostics);
        if (!read->status.ok()) return read->status;
        record = std::move(read->record);
        mesh = std::move(read->mesh);
      } else if (absl::Status s = read_geometry(ctx, geometry, &mesh, &record); !s.ok()) {
        return s;
      }
      record.mesh = static_cast<int>(ctx.scene.meshes.size());
      ctx.scene.meshes.push_back(std::move(mesh));
      out->by_element.emplace(&geometry, out->records.size());
      out->records.push_back(std::move(record));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<int> mesh_for_use(ReadContext& ctx, GeometryRecord& record,
                                 std::vector<int32_t> block_materials, const SkinColumns* skin,
                                 const MorphColumns* morph) {
  const Element* controller = skin == nullptr ? nullptr : skin->controller;
  const Element* morph_controller = morph == nullptr ? nullptr : morph->controller;
  for (const GeometryRecord::Use& use : record.uses) {
    if (use.materials == block_materials && use.controller == controller &&
        use.morph == morph_controller) {
      return use.mesh;
    }
  }
  size_t cells = ctx.scene.meshes[record.mesh].num_cells();
  int mesh_index = record.mesh;
  if (!record.uses.empty()) {
    uint64_t bytes = cells * sizeof(int32_t);
    if (ctx.copy_bytes_used + bytes > ctx.copy_budget()) {
      return over_budget("collada.copies.budget", "geometry", record.element->line,
                         cat("material columns of the geometry's instances would take more than ",
                             ctx.copy_budget(), " bytes"));
    }
    ctx.copy_bytes_used += bytes;
    const Mesh& first = ctx.scene.meshes[record.mesh];
    Mesh copy;
    copy.points = first.points;
    for (const NamedColumn& c : first.point_data) {
      if (c.name != "joints" && c.name != "weights") copy.point_data.push_back(c);
    }
    copy.cell_types = first.cell_types;
    copy.offsets = first.offsets;
    copy.connectivity = first.connectivity;
    copy.global_attrs = first.global_attrs;
    mesh_index = static_cast<int>(ctx.scene.meshes.size());
    ctx.scene.meshes.push_back(std::move(copy));
  }
  std::span<const int32_t> column;
  if (!block_materials.empty() &&
      std::adjacent_find(block_materials.begin(), block_materials.end(), std::not_equal_to<>()) ==
          block_materials.end()) {
    // One material throughout: a view of the arena's shared array of it.
    column = ctx.scene.arena->repeated(block_materials[0], cells);
  } else {
    std::span<int32_t> filled = ctx.scene.arena->allocate<int32_t>(cells);
    size_t c = 0;
    for (size_t b = 0; b < record.block_cells.size(); ++b) {
      std::fill_n(filled.begin() + c, record.block_cells[b], block_materials[b]);
      c += record.block_cells[b];
    }
    column = filled;
  }
  Mesh& mesh = ctx.scene.meshes[mesh_index];
  mesh.cell_data.clear();
  mesh.cell_data.push_back(NamedColumn{"material", Column::of<int32_t>(column, 1)});
  if (skin != nullptr) {
    mesh.point_data.push_back(skin->joints);
    mesh.point_data.push_back(skin->weights);
  }
  if (morph != nullptr) {
    mesh.morph_targets = morph->targets;
    mesh.morph_weights = morph->weights;
  }
  record.uses.push_back(
      GeometryRecord::Use{std::move(block_materials), controller, morph_controller, mesh_index});
  return mesh_index;
}

}  // namespace px::collada
