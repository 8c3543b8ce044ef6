// MeshBuilder: the vertex columns, each vertex's values copied from the source its key names.
#include <algorithm>
#include <string>

#include "engine/strings.h"
#include "formats/collada/read/mesh_builder.h"

namespace px::collada {
namespace {

std::string attribute_name(std::string_view semantic, int64_t set) {
  std::string base;
  if (semantic == "NORMAL") {
    base = "normals";
  } else if (semantic == "TEXCOORD") {
    base = "texcoords";
  } else if (semantic == "COLOR") {
    base = "colors";
  } else {
    base = ascii_lower(semantic);
  }
  return set > 0 ? cat(base, "_", set) : base;
}

}  // namespace

// The key of each vertex a table of unique keys appended, in order (such a table keeps none): the
// corners split_and_fill gave it, read again, less each position's first. Their indices were
// checked by that first read.
template <class Visit>
void MeshBuilder::appended_keys(const VertexTable& table, Visit visit) const {
  std::vector<bool> seen(table.positions());
  std::vector<uint32_t> key(slots_.size());
  size_t vertex = table.positions();
  for (const Block& block : blocks_) {
    if (block.count == 0) continue;
    std::fill(key.begin(), key.end(), VertexTable::kAbsent);
    for (std::span<const int32_t> list : block.lists) {
      const size_t corners = list.size() / block.tuple;
      if (block.kind == BlockKind::kTriFans && corners < 3) continue;  // dropped, as there
      const int32_t* tuple = list.data();
      for (size_t c = 0; c < corners; ++c, tuple += block.tuple) {
        for (const BlockInput& in : block.inputs) {
          key[in.slot] = in.base + static_cast<uint32_t>(tuple[in.offset]);
        }
        if (!seen[key[0]]) {
          seen[key[0]] = true;
          continue;
        }
        visit(vertex++, key.data());
      }
    }
  }
}

void MeshBuilder::fill_columns(const VertexTable& table, Mesh* out) {
  Arena& arena = *ctx_.scene.arena;
  const size_t vertices = table.vertex_count();
  // One column per slot with values, filled vertex by vertex below.
  struct Fill {
    size_t slot;
    size_t width;
    std::span<float> values;
  };
  std::vector<Fill> fills;
  for (size_t s = 0; s < slots_.size(); ++s) {
    const Slot& slot = slots_[s];
    size_t width = 0;
    for (const Accessor* a : slot.streams) width = std::max(width, a->width());
    if (s == 0) width = 3;
    if (slot.semantic == "TEXCOORD" && width == 3) {
      // A P column that is zero throughout is dropped.
      bool zero = true;
      for (const Accessor* a : slot.streams) {
        for (size_t i = 0; zero && a->width() == 3 && i < a->count; ++i) zero = a->value(i, 2) == 0;
      }
      if (zero) width = 2;
    }
    if (width == 0) continue;
    fills.push_back(Fill{s, width, arena.allocate<float>(vertices * width)});
  }
  auto copy = [&](const Fill& fill, uint32_t stream, uint32_t index, size_t v) {
    const Accessor& a = *slots_[fill.slot].streams[stream];
    const size_t n = std::min(fill.width, a.width());
    float* to = &fill.values[v * fill.width];
    if (!a.f32.empty()) {
      // Geometry arrays are float32: the values are copied as they are.
      const float* from = a.f32.data() + a.offset + index * a.stride;
      for (size_t c = 0; c < n; ++c) to[c] = from[a.columns[c]];
    } else {
      for (size_t c = 0; c < n; ++c) to[c] = static_cast<float>(a.value(index, c));
    }
  };
  // A key word names a stream and an index (Slot::bases); an absent one leaves zeros.
  auto fill_vertex = [&](size_t v, const uint32_t* key) {
    for (const Fill& fill : fills) {
      const uint32_t word = key[fill.slot];
      if (word == VertexTable::kAbsent) continue;
      const std::vector<uint32_t>& bases = slots_[fill.slot].bases;
      const uint32_t stream =
          bases.size() == 1
              ? 0
              : static_cast<uint32_t>(std::upper_bound(bases.begin(), bases.end(), word) -
                                      bases.begin() - 1);
      copy(fill, stream, word - bases[stream], v);
    }
  };
  for (size_t v = 0; v < table.positions(); ++v) {
    if (table.claimed(v)) {
      fill_vertex(v, table.key(v));
      continue;
    }
    // A position no corner names takes its per-position attributes at its own index.
    for (const Fill& fill : fills) {
      const Slot& slot = slots_[fill.slot];
      const bool per_position =
          slot.per_position || (slot.shares_vertex_offset && slot.streams.size() == 1);
      if (per_position && v < slot.streams[0]->count) copy(fill, 0, static_cast<uint32_t>(v), v);
    }
  }
  if (table.keys_unique()) {
    appended_keys(table, fill_vertex);
  } else {
    for (size_t v = table.positions(); v < vertices; ++v) fill_vertex(v, table.key(v));
  }
  // Texture coordinate sets renumbered down when the mesh has no set 0 (3ds Max's first map
  // channel is 1).
  int64_t lowest_texcoord = -1;
  for (const Slot& s : slots_) {
    if (s.semantic == "TEXCOORD" && (lowest_texcoord < 0 || s.set < lowest_texcoord)) {
      lowest_texcoord = s.set;
    }
  }
  for (const Fill& fill : fills) {
    const Slot& slot = slots_[fill.slot];
    Column column = Column::of<float>(fill.values, fill.width);
    if (fill.slot == 0) {
      out->points = column;
      continue;
    }
    int64_t set = slot.set;
    if (slot.semantic == "TEXCOORD" && lowest_texcoord > 0) set -= lowest_texcoord;
    std::string name = attribute_name(slot.semantic, set);
    if (slot.named && slot.lacked) {
      ctx_.warn(
          "collada.attribute.partial",
          cat("corners of blocks without ", slot.semantic, " set ", slot.set, " take zeros for it"),
          &geometry_);
    }
    if (find_column(out->point_data, name) != nullptr) {
      ctx_.warn("collada.attribute.name-clash",
                cat("a second attribute named \"", name, "\" is dropped"), &geometry_);
      continue;
    }
    out->point_data.push_back(NamedColumn{std::move(name), column});
  }
}

}  // namespace px::collada
