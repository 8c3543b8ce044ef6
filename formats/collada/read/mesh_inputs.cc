// MeshBuilder: the <vertices> and each primitive block's inputs and index lists, checked.
#include <algorithm>
#include <string>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/mesh_builder.h"
#include "formats/collada/read/primitive_repair.h"

namespace px::collada {
namespace {

constexpr uint32_t kMaxOffset = 1 << 16;

}  // namespace

absl::StatusOr<const Accessor*> MeshBuilder::accessor_for(const Element& input) {
  absl::StatusOr<ResolvedUrl> url = resolve_url(ctx_, input, "source");
  if (!url.ok()) return url.status();
  if (url->kind == UrlKind::kExternal || url->target->name != "source") {
    return refuse("collada.input.source", "input", input.line,
                  cat("source=\"", input.attr("source"), "\" does not name a <source>"));
  }
  auto it = accessor_of_.find(url->target);
  if (it != accessor_of_.end()) return it->second;
  absl::StatusOr<Accessor> accessor = read_accessor(ctx_, *url->target);
  if (!accessor.ok()) return accessor.status();
  const Accessor* stored = &accessors_.emplace_back(std::move(*accessor));
  accessor_of_.emplace(url->target, stored);
  return stored;
}

absl::Status MeshBuilder::read_vertices(const Element& vertices) {
  vertices_ = &vertices;
  for (const Element& input : vertices.children()) {
    if (input.name != "input") continue;
    std::string_view semantic = input.attr("semantic");
    if (semantic.empty()) {
      ctx_.warn("collada.input.no-semantic", "an <input> without a semantic names no attribute",
                &input);
      continue;
    }
    absl::StatusOr<const Accessor*> accessor = accessor_for(input);
    if (!accessor.ok() && drop_unresolved(ctx_, accessor.status(), input)) continue;
    if (!accessor.ok()) return unresolved_refusal(accessor.status());
    if (!(*accessor)->numeric) {
      if (semantic == "POSITION") {
        return refuse("collada.vertices.no-position", "input", input.line,
                      "POSITION reads names, not numbers");
      }
      ctx_.warn("collada.input.not-numeric",
                cat("a ", semantic, " input reading names, not numbers, is dropped"), &input);
      continue;
    }
    bool position = semantic == "POSITION";
    if (position && !slots_.empty() && slots_[0].semantic == "POSITION") {
      ctx_.warn("collada.input.duplicate-set", "<vertices> gives POSITION twice; the first is kept",
                &input);
      continue;
    }
    Slot slot{semantic, 0, {*accessor}, {0}, true};
    if (position) {
      slots_.insert(slots_.begin(), slot);
    } else {
      bool duplicate = std::any_of(slots_.begin(), slots_.end(),
                                   [&](const Slot& s) { return s.semantic == semantic; });
      if (duplicate) {
        ctx_.warn(cat("collada.", ascii_lower(semantic), ".duplicate-set"),
                  cat("<vertices> gives ", semantic, " twice; the first is kept"), &input);
        continue;
      }
      slots_.push_back(slot);
    }
  }
  if (slots_.empty() || slots_[0].semantic != "POSITION") {
    return refuse("collada.vertices.no-position", "vertices", vertices.line,
                  "<vertices> has no POSITION input");
  }
  return absl::OkStatus();
}

// A slot's next source: its key words start past the indices of the sources before it (an index
// is an int32: a source gives at most 2^31 of them).
absl::Status MeshBuilder::add_stream(Slot& slot, const Accessor* accessor, const Element& input) {
  auto indices = [](const Accessor* a) { return std::min<uint64_t>(a->count, uint64_t{1} << 31); };
  uint64_t base = slot.streams.empty() ? 0 : slot.bases.back() + indices(slot.streams.back());
  if (base + indices(accessor) > VertexTable::kAbsent) {
    return refuse("collada.mesh.too-large", "input", input.line,
                  cat("the sources of ", slot.semantic, " set ", slot.set,
                      " hold more than 2^32 - 1 values"));
  }
  slot.streams.push_back(accessor);
  slot.bases.push_back(static_cast<uint32_t>(base));
  return absl::OkStatus();
}

absl::Status MeshBuilder::read_block(const Element& element, BlockKind kind) {
  Block block;
  block.element = &element;
  block.kind = kind;
  int64_t count = 0;
  if (!attr_int(element, "count", &count) || count < 0) {
    return refuse("collada.primitive.count", element.name, element.line,
                  cat("count=\"", element.attr("count"), "\" is not a whole number"));
  }
  block.count = static_cast<size_t>(count);
  block.symbol = element.attr("material");
  std::vector<uint32_t> used_slots;
  bool has_vertex = false;
  for (const Element& input : element.children()) {
    if (input.name != "input") continue;
    int64_t offset = 0;
    if (input.find_attr("offset") &&
        (!attr_int(input, "offset", &offset) || offset < 0 || offset >= kMaxOffset)) {
      return refuse("collada.input.offset", "input", input.line,
                    cat("offset=\"", input.attr("offset"), "\" is not a small whole number"));
    }
    block.tuple = std::max(block.tuple, static_cast<uint32_t>(offset + 1));
    std::string_view semantic = input.attr("semantic");
    if (semantic.empty()) {
      ctx_.warn("collada.input.no-semantic", "an <input> without a semantic names no attribute",
                &input);
      continue;
    }
    auto add = [&](uint32_t slot, uint32_t stream, const Accessor* accessor) {
      if (std::find(used_slots.begin(), used_slots.end(), slot) != used_slots.end()) {
        ctx_.warn(cat("collada.", ascii_lower(slots_[slot].semantic), ".duplicate-set"),
                  cat("a primitive block gives ", slots_[slot].semantic, " set ", slots_[slot].set,
                      " twice; the first is kept"),
                  &input);
        return;
      }
      used_slots.push_back(slot);
      block.inputs.push_back(BlockInput{slot, stream, slots_[slot].bases[stream],
                                        static_cast<uint32_t>(offset), accessor});
    };
    if (semantic == "VERTEX") {
      absl::StatusOr<ResolvedUrl> url = resolve_url(ctx_, input, "source");
      // Without its positions the whole block goes.
      if (!url.ok() && drop_unresolved(ctx_, url.status(), element)) return absl::OkStatus();
      if (!url.ok()) return unresolved_refusal(url.status());
      if (url->target != vertices_) {
        return refuse("collada.input.vertex", "input", input.line,
                      "a VERTEX input must name the mesh's <vertices>");
      }
      has_vertex = true;
      for (uint32_t s = 0; s < slots_.size(); ++s) {
        if (slots_[s].per_position) add(s, 0, slots_[s].streams[0]);
      }
      continue;
    }
    int64_t set = 0;
    if (input.find_attr("set") && (!attr_int(input, "set", &set) || set < 0)) {
      ctx_.warn("collada.input.bad-set", cat("set=\"", input.attr("set"), "\" is read as set 0"),
                &input);
      set = 0;
    }
    absl::StatusOr<const Accessor*> accessor = accessor_for(input);
    if (!accessor.ok() && drop_unresolved(ctx_, accessor.status(), input)) continue;
    if (!accessor.ok()) return unresolved_refusal(accessor.status());
    if (!(*accessor)->numeric) {
      ctx_.warn("collada.input.not-numeric",
                cat("a ", semantic, " input reading names, not numbers, is dropped"), &input);
      continue;
    }
    uint32_t slot = 0;
    while (slot < slots_.size() && (slots_[slot].semantic != semantic || slots_[slot].set != set)) {
      ++slot;
    }
    if (slot == slots_.size()) slots_.push_back(Slot{semantic, set, {}, {}, false});
    auto& streams = slots_[slot].streams;
    auto found = std::find(streams.begin(), streams.end(), *accessor);
    uint32_t stream = static_cast<uint32_t>(found - streams.begin());
    if (found == streams.end()) {
      if (absl::Status s = add_stream(slots_[slot], *accessor, input); !s.ok()) return s;
    }
    add(slot, stream, *accessor);
  }
  if (!has_vertex && block.count > 0) {
    return refuse("collada.primitive.no-vertex", element.name, element.line,
                  "a primitive block without a VERTEX input has no positions");
  }
  if (has_vertex) {
    uint32_t vertex_offset = block.inputs.empty() ? 0 : block.inputs.front().offset;
    for (const BlockInput& in : block.inputs) {
      if (slots_[in.slot].per_position && in.stream == 0) vertex_offset = in.offset;
    }
    for (const BlockInput& in : block.inputs) {
      if (in.offset != vertex_offset) slots_[in.slot].shares_vertex_offset = false;
    }
  }
  for (const Element& child : element.children()) {
    if (child.name == "p") {
      block.lists.push_back(child.ints);
    } else if (child.name == "vcount") {
      block.vcount = child.ints;
    } else if (child.name == "ph") {
      const Element* outer = child.child("p");
      if (outer == nullptr) continue;
      block.lists.push_back(outer->ints);
      for (const Element& hole : child.children()) {
        if (hole.name != "h") continue;
        if (kind == BlockKind::kPolygons && !outer->ints.empty()) {
          block.holes.push_back(Hole{block.lists.size() - 1, hole.ints});
        } else {
          ctx_.warn("collada.polygons.holes-dropped",
                    "a hole of no polygon (an empty <p>, or outside <polygons>) is dropped", &hole);
        }
      }
    }
  }
  if (absl::Status s = check_lengths(block); !s.ok()) return s;
  if (ctx_.options.repair) {
    DroppedPrimitives dropped = drop_primitives_past_source(block, &repaired_lists_);
    if (dropped.count > 0) {
      ctx_.warn("collada.repair.index-past-source",
                cat(dropped.count, " primitives naming an index past their source (the first ",
                    dropped.first_bad, ") are dropped"),
                &element);
    }
  }
  blocks_.push_back(std::move(block));
  return absl::OkStatus();
}

absl::Status MeshBuilder::check_lengths(const Block& block) {
  const Element& e = *block.element;
  auto total = [&]() {
    size_t n = 0;
    for (auto list : block.lists) n += list.size();
    return n;
  };
  auto refuse_length = [&](std::string_view detail) {
    return refuse("collada.p.length", e.name, e.line, detail);
  };
  switch (block.kind) {
    case BlockKind::kTriangles:
    case BlockKind::kLines: {
      size_t corners = block.kind == BlockKind::kTriangles ? 3 : 2;
      unsigned __int128 want = static_cast<unsigned __int128>(block.count) * corners * block.tuple;
      if (want != total()) {
        return refuse_length(cat("<p> holds ", total(), " indices; count=", block.count, " needs ",
                                 static_cast<uint64_t>(want)));
      }
      return absl::OkStatus();
    }
    case BlockKind::kPolylist: {
      if (block.vcount.size() != block.count) {
        return refuse("collada.vcount.length", e.name, e.line,
                      cat("<vcount> holds ", block.vcount.size(), " entries; count=", block.count));
      }
      unsigned __int128 corners = 0;
      for (int32_t n : block.vcount) {
        if (n < 0) return refuse("collada.vcount.length", e.name, e.line, "a negative <vcount>");
        corners += static_cast<uint32_t>(n);
      }
      if (corners * block.tuple != total()) {
        return refuse_length(cat("<p> holds ", total(), " indices; <vcount> needs ",
                                 static_cast<uint64_t>(corners * block.tuple)));
      }
      return absl::OkStatus();
    }
    default: {
      if (block.lists.size() != block.count) {
        return refuse_length(
            cat("the block holds ", block.lists.size(), " <p> lists; count=", block.count));
      }
      for (auto list : block.lists) {
        if (list.size() % block.tuple != 0) {
          return refuse_length(cat("a <p> of ", list.size(), " indices is not a whole number of ",
                                   block.tuple, "-index corners"));
        }
      }
      for (const Hole& hole : block.holes) {
        if (hole.ring.size() % block.tuple != 0) {
          return refuse_length(cat("an <h> of ", hole.ring.size(),
                                   " indices is not a whole number of ", block.tuple,
                                   "-index corners"));
        }
      }
      return absl::OkStatus();
    }
  }
}

void MeshBuilder::count_cells(const Block& block, size_t* cells, size_t* corners) {
  switch (block.kind) {
    case BlockKind::kTriangles:
      *cells += block.count;
      *corners += block.count * 3;
      return;
    case BlockKind::kLines:
      *cells += block.count;
      *corners += block.count * 2;
      return;
    case BlockKind::kPolylist:
      *cells += block.count;
      for (int32_t n : block.vcount) *corners += static_cast<size_t>(n);
      return;
    case BlockKind::kTriFans:
      for (auto list : block.lists) {
        size_t n = list.size() / block.tuple;
        if (n >= 3) {
          *cells += n - 2;
          *corners += 3 * (n - 2);
        }
      }
      return;
    default:
      for (auto list : block.lists) {
        size_t n = list.size() / block.tuple;
        if (n > 0) {
          *cells += 1;
          *corners += n;
        }
      }
      // At most: each hole bridged in, with its first corner and its bridge's twice.
      for (const Hole& hole : block.holes) *corners += hole.ring.size() / block.tuple + 2;
      return;
  }
}

}  // namespace px::collada
