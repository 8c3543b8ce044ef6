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

void MeshBuilder::fill_columns(const VertexTable& table, Mesh* out) {
  Arena& arena = *ctx_.scene.arena;
  size_t vertices = table.vertex_count();
  size_t slots = slots_.size();
  // A position no corner names takes its per-position attributes at its own index.
  auto slot_index = [&](size_t v, size_t s, uint32_t* stream, uint32_t* index) {
    if (v < table.positions() && !table.claimed(v)) {
      const Slot& slot = slots_[s];
      bool per_position =
          slot.per_position || (slot.shares_vertex_offset && slot.streams.size() == 1);
      if (!per_position || v >= slot.streams[0]->count) return false;
      *stream = 0;
      *index = static_cast<uint32_t>(v);
      return true;
    }
    uint64_t k = table.key(v)[s];
    if (k == VertexTable::kAbsent) return false;
    *stream = static_cast<uint32_t>(k >> 32);
    *index = static_cast<uint32_t>(k);
    return true;
  };
  // Texture coordinate sets renumbered down when the mesh has no set 0 (3ds Max's first map
  // channel is 1).
  int64_t lowest_texcoord = -1;
  for (const Slot& s : slots_) {
    if (s.semantic == "TEXCOORD" && (lowest_texcoord < 0 || s.set < lowest_texcoord)) {
      lowest_texcoord = s.set;
    }
  }
  for (size_t s = 0; s < slots; ++s) {
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
    std::span<float> values = arena.allocate<float>(vertices * width);
    for (size_t v = 0; v < vertices; ++v) {
      uint32_t stream, index;
      if (!slot_index(v, s, &stream, &index)) continue;
      const Accessor& a = *slot.streams[stream];
      size_t n = std::min(width, a.width());
      float* to = &values[v * width];
      if (!a.f32.empty()) {
        // Geometry arrays are float32: the values are copied as they are.
        const float* from = a.f32.data() + a.offset + index * a.stride;
        for (size_t c = 0; c < n; ++c) to[c] = from[a.columns[c]];
      } else {
        for (size_t c = 0; c < n; ++c) to[c] = static_cast<float>(a.value(index, c));
      }
    }
    Column column = Column::of<float>(values, width);
    if (s == 0) {
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
