#include "formats/gltf/read/read_meshes.h"

#include <algorithm>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "engine/cores.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "engine/task_thread.h"
#include "formats/gltf/draco/draco_primitive.h"
#include "formats/gltf/read/read_attributes.h"
#include "formats/gltf/read/read_cells.h"
#include "formats/gltf/read/read_morphs.h"
#include "polyxios/hash_containers.h"

namespace px::gltf {
namespace {

struct Attribute {
  std::string semantic;
  int accessor = -1;
  const AccessorData* data = nullptr;
};

// The vertices of the primitives that name the same attribute accessors.
struct Block {
  std::vector<Attribute> attributes;             // in the order the first primitive names them
  std::vector<std::pair<std::string, int>> key;  // sorted (semantic, accessor)
  uint64_t vertices = 0;
  uint64_t base = 0;
};

struct Primitive {
  int mode = kModeTriangles;
  int material = -1;
  size_t block = 0;
  const AccessorData* indices = nullptr;
  bool accessor_indices = false;  // they are an accessor's, kept with the scene (not Draco's)
  CellCounts counts;
};

// What making a primitive's cells needs, held by value for the cell thread.
struct CellSource {
  int mode = kModeTriangles;
  Column indices;
  bool indexed = false;
  uint64_t vertices = 0;  // of its block, when not indexed
  uint32_t base = 0;      // its block's first vertex in the mesh
};

class MeshReader {
 public:
  MeshReader(ReadContext& ctx, Buffers& buffers, Accessors& accessors, TaskThread& cells,
             JsonObject mesh)
      : ctx_(ctx),
        buffers_(buffers),
        accessors_(accessors),
        cells_(cells),
        json_(std::move(mesh)) {}

  absl::StatusOr<Mesh> read() {
    Mesh mesh;
    std::string name;
    PX_GLTF_TRY(json_.get("name", name));
    if (json_.has("name")) set_value(mesh.global_attrs, "mesh_name", Value(name));
    absl::StatusOr<const JsonValue*> primitives = json_.array("primitives");
    if (!primitives.ok()) return primitives.status();
    if (*primitives == nullptr) {
      return refuse(kJsonType, cat(json_.pointer("primitives"), " is absent, not an array"));
    }
    for (size_t i = 0; i < (*primitives)->Size(); ++i) {
      absl::StatusOr<JsonObject> p = element_object(**primitives, json_.pointer("primitives"), i);
      if (!p.ok()) return p.status();
      PX_GLTF_TRY(read_primitive(*p));
    }
    PX_GLTF_TRY(ctx_.keep(json_, "extras", mesh.global_attrs));
    PX_GLTF_TRY(build_columns(mesh));
    PX_GLTF_TRY(build_cells(mesh));
    PX_GLTF_TRY(build_targets(mesh));
    return mesh;
  }

 private:
  absl::Status read_primitive(const JsonObject& p) {
    absl::StatusOr<std::optional<JsonObject>> attributes = p.object("attributes");
    if (!attributes.ok()) return attributes.status();
    if (!*attributes) {
      return refuse(kJsonType, cat(p.pointer("attributes"), " is absent, not an object"));
    }
    warn_positions_without_bounds(p, **attributes);
    std::vector<TargetRefs> targets;
    primitive_targets(ctx_, p, (*attributes)->json(), &targets, &morphs_dropped_);
    const draco::DracoPrimitive* draco = nullptr;
    PX_GLTF_TRY(read_draco(p, **attributes, draco));
    if (draco != nullptr && !targets.empty()) {
      morphs_dropped_ = "a Draco-compressed primitive has morph targets";
    }
    absl::StatusOr<size_t> block =
        draco != nullptr ? draco_block(*draco, **attributes) : block_of(**attributes);
    if (!block.ok()) return block.status();
    if (*block == SIZE_MAX) {
      ctx_.warn("gltf.read.primitive-skipped",
                cat(p.pointer(), ": a primitive without POSITION is skipped"));
      return absl::OkStatus();
    }
    if (primitives_.empty()) {
      target_count_ = targets.size();
    } else if (targets.size() != target_count_) {
      morphs_dropped_ = "its primitives give different numbers of morph targets";
    }
    if (block_targets_.size() < blocks_.size()) block_targets_.resize(blocks_.size());
    if (!block_targets_[*block].set) {
      block_targets_[*block].set = true;
      block_targets_[*block].targets = std::move(targets);
    }
    Primitive prim;
    prim.block = *block;
    PX_GLTF_TRY(p.get("mode", prim.mode));
    if (prim.mode > kModeTriangleFan) {
      return refuse(kJsonValue, cat(p.pointer("mode"), " is ", prim.mode, ", not a mode 0..6"));
    }
    PX_GLTF_TRY(p.get_index("material", ctx_.count(Top::kMaterials), prim.material));
    int indices = -1;
    PX_GLTF_TRY(p.get_index("indices", ctx_.count(Top::kAccessors), indices));
    const uint64_t vertices = blocks_[prim.block].vertices;
    uint64_t n = vertices;
    if (draco != nullptr) {
      PX_GLTF_TRY(check_indices(draco->indices, p.pointer("indices"), vertices));
      prim.indices = &draco->indices;
      n = draco->indices.column.rows;
    } else if (indices >= 0) {
      absl::StatusOr<const AccessorData*> data = accessors_.get(indices, kScanIndices);
      if (!data.ok()) return data.status();
      PX_GLTF_TRY(check_indices(**data, p.pointer("indices"), vertices));
      prim.indices = *data;
      prim.accessor_indices = true;
      n = (*data)->column.rows;
    }
    prim.counts = count_cells(prim.mode, n);
    if (prim.counts.unused > 0) {
      ctx_.warn("gltf.read.indices-unused",
                cat(p.pointer(), ": ", prim.counts.unused, " of its ", n,
                    " vertices make no whole cell of mode ", prim.mode, " and are left out"));
    }
    primitives_.push_back(prim);
    return absl::OkStatus();
  }

  absl::Status check_indices(const AccessorData& data, const std::string& at, uint64_t vertices) {
    const bool unsigned_int = data.component_type == kComponentUInt8 ||
                              data.component_type == kComponentUInt16 ||
                              data.component_type == kComponentUInt32;
    if (data.type != "SCALAR" || !unsigned_int || data.normalized) {
      return refuse("gltf.primitive.indices",
                    cat(at, ": indices must be SCALAR unsigned integers, not a ",
                        data.normalized ? "normalized " : "", data.type, " of component type ",
                        data.component_type));
    }
    const uint32_t restart = restart_index(data.component_type);
    // Indices that did not come through Accessors::get (a Draco primitive's) are scanned here.
    const bool scanned = (data.scan.parts & kScanIndices) != 0;
    const ValueScan own = scanned ? ValueScan{} : scan_column(data.column, kScanIndices, restart);
    const ValueScan& scan = scanned ? data.scan : own;
    if (scan.max_index >= vertices) {
      const IndexList list = IndexList::of(data.column);
      uint64_t i = 0;
      while (list[i] < vertices) ++i;
      return refuse("gltf.primitive.index-out-of-range",
                    cat(at, ": index ", i, " is ", list[i], ", but the primitive has ", vertices,
                        " vertices"));
    }
    // Below the vertex count, the value is read as the vertex it names; a renderer that restarts
    // primitives there (WebGL 2 always does) would break the primitive instead.
    const uint64_t restarts = scan.restart.count;
    if (restarts > 0 && data.from_document) {
      ctx_.warn("gltf.read.index-primitive-restart",
                cat(at, ": ", restarts, restarts == 1 ? " index is " : " indices are ", restart,
                    ", the primitive-restart value of its component type, which glTF does not ",
                    "allow (index ", scan.restart.first, "); read as vertex ", restart));
    }
    return absl::OkStatus();
  }

  // A POSITION accessor, of the primitive or of a morph target, must declare min and max
  // (gltf.read.accessor-no-bounds).
  void warn_positions_without_bounds(const JsonObject& p, const JsonObject& attributes) {
    warn_position_without_bounds(attributes.json(), attributes.pointer("POSITION"));
    const JsonValue* targets = p.find("targets");
    if (targets == nullptr || !targets->IsArray()) return;
    for (rapidjson::SizeType t = 0; t < targets->Size(); ++t) {
      warn_position_without_bounds((*targets)[t], cat(p.pointer("targets"), "/", t, "/POSITION"));
    }
  }

  void warn_position_without_bounds(const JsonValue& attributes, const std::string& at) {
    if (!attributes.IsObject()) return;
    auto position = attributes.FindMember("POSITION");
    if (position == attributes.MemberEnd()) return;
    std::optional<uint64_t> index = json_uint(position->value);
    if (!index || *index >= ctx_.count(Top::kAccessors)) return;
    absl::StatusOr<JsonObject> accessor = ctx_.entry(Top::kAccessors, *index);
    if (!accessor.ok() || (accessor->has("min") && accessor->has("max"))) return;
    ctx_.warn("gltf.read.accessor-no-bounds", cat(at, ": accessor ", *index, " declares no ",
                                                  accessor->has("min")   ? "max"
                                                  : accessor->has("max") ? "min"
                                                                         : "min and max",
                                                  ", which glTF requires of a POSITION accessor"));
  }

  // A primitive's KHR_draco_mesh_compression data, decoded; `out` stays null without one.
  absl::Status read_draco(const JsonObject& p, const JsonObject& attributes,
                          const draco::DracoPrimitive*& out) {
    absl::StatusOr<std::optional<JsonObject>> extensions = p.object("extensions");
    if (!extensions.ok()) return extensions.status();
    if (!*extensions) return absl::OkStatus();
    absl::StatusOr<std::optional<JsonObject>> ext =
        (*extensions)->object("KHR_draco_mesh_compression");
    if (!ext.ok()) return ext.status();
    if (!*ext) return absl::OkStatus();
    absl::StatusOr<draco::DracoPrimitive> decoded =
        draco::read_draco_primitive(ctx_, buffers_, p, attributes, **ext);
    if (!decoded.ok()) return decoded.status();
    out = &draco_.emplace_back(*std::move(decoded));
    return absl::OkStatus();
  }

  // The block of a Draco primitive: never shared, since its data is its own (its key stays
  // empty, which no other block's matches); SIZE_MAX when it has no POSITION.
  absl::StatusOr<size_t> draco_block(const draco::DracoPrimitive& draco,
                                     const JsonObject& attributes) {
    Block block;
    bool position = false;
    const JsonValue& json = attributes.json();
    for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
      Attribute a;
      a.semantic.assign(it->name.GetString(), it->name.GetStringLength());
      const std::string at = attributes.pointer(a.semantic);
      for (const auto& [semantic, data] : draco.attributes) {
        if (semantic == a.semantic) a.data = &data;
      }
      if (a.data == nullptr) {  // an attribute the extension leaves uncompressed
        PX_GLTF_TRY(
            attributes.index_value(it->value, a.semantic, ctx_.count(Top::kAccessors), a.accessor));
        absl::StatusOr<const AccessorData*> data =
            accessors_.get(a.accessor, attribute_scan_parts(a.semantic));
        if (!data.ok()) return data.status();
        a.data = *data;
      }
      PX_GLTF_TRY(check_attribute(a.semantic, *a.data, at));
      check_attribute_values(ctx_, a.semantic, *a.data, at);
      if (!block.attributes.empty() && a.data->column.rows != block.vertices) {
        return refuse("gltf.primitive.attribute-count",
                      cat(at, ": ", a.data->column.rows, " elements, but ",
                          block.attributes[0].semantic, " holds ", block.vertices));
      }
      position |= a.semantic == "POSITION";
      block.vertices = a.data->column.rows;
      block.attributes.push_back(std::move(a));
    }
    if (!position) return SIZE_MAX;
    blocks_.push_back(std::move(block));
    return blocks_.size() - 1;
  }

  // The block of the primitive's attributes, made when no earlier primitive named the same
  // accessors; SIZE_MAX when it has no POSITION.
  absl::StatusOr<size_t> block_of(const JsonObject& attributes) {
    Block block;
    bool position = false;
    const JsonValue& json = attributes.json();
    for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
      Attribute a;
      a.semantic.assign(it->name.GetString(), it->name.GetStringLength());
      PX_GLTF_TRY(
          attributes.index_value(it->value, a.semantic, ctx_.count(Top::kAccessors), a.accessor));
      position |= a.semantic == "POSITION";
      block.key.emplace_back(a.semantic, a.accessor);
      block.attributes.push_back(std::move(a));
    }
    if (!position) return SIZE_MAX;
    std::sort(block.key.begin(), block.key.end());
    if (auto same = block_of_key_.find(block.key); same != block_of_key_.end()) return same->second;
    for (size_t i = 0; i < block.attributes.size(); ++i) {
      Attribute& a = block.attributes[i];
      absl::StatusOr<const AccessorData*> data =
          accessors_.get(a.accessor, attribute_scan_parts(a.semantic));
      if (!data.ok()) return data.status();
      a.data = *data;
      const std::string at = attributes.pointer(a.semantic);
      PX_GLTF_TRY(check_attribute(a.semantic, *a.data, at));
      check_attribute_values(ctx_, a.semantic, *a.data, at);
      if (i > 0 && a.data->column.rows != block.vertices) {
        return refuse(
            "gltf.primitive.attribute-count",
            cat(at, ": accessor ", a.accessor, " holds ", a.data->column.rows, " elements, but ",
                block.attributes[0].semantic, " holds ", block.vertices));
      }
      block.vertices = a.data->column.rows;
    }
    block_of_key_.emplace(block.key, blocks_.size());
    blocks_.push_back(std::move(block));
    return blocks_.size() - 1;
  }

  // A semantic's attribute in each block that has it, in block order.
  struct Sources {
    std::string_view semantic;
    std::vector<std::pair<size_t, const Attribute*>> blocks;
  };

  // Every semantic of the mesh in first-seen order with its sources, found in one pass: a
  // hostile mesh may name hundreds of thousands. A semantic a block names twice (a JSON object
  // with a repeated key) takes its last.
  std::vector<Sources> sources_by_semantic() const {
    std::vector<Sources> out;
    HashMap<std::string_view, size_t> index;
    for (size_t b = 0; b < blocks_.size(); ++b) {
      for (const Attribute& a : blocks_[b].attributes) {
        auto [it, fresh] = index.try_emplace(a.semantic, out.size());
        if (fresh) out.push_back({a.semantic, {}});
        std::vector<std::pair<size_t, const Attribute*>>& list = out[it->second].blocks;
        if (!list.empty() && list.back().first == b) {
          list.back().second = &a;
        } else {
          list.emplace_back(b, &a);
        }
      }
    }
    return out;
  }

  // One column from every block's attribute: the accessor's own column when a single block has
  // it in the right dtype, else a copy, with zeros for blocks that lack it.
  absl::StatusOr<Column> merge(const Sources& sources, uint64_t vertices, DType dtype,
                               size_t cols) {
    const Column& only = sources.blocks[0].second->data->column;
    if (blocks_.size() == 1 && only.dtype == dtype) return only;
    if (sources.blocks.size() < blocks_.size()) {
      ctx_.warn("gltf.read.attribute-filled",
                cat(json_.pointer(), ": ", sources.semantic,
                    " is zero on the vertices of primitives that do not give it"));
    }
    absl::StatusOr<std::span<uint8_t>> storage =
        ctx_.allocate<uint8_t>(vertices * cols * dtype_size(dtype), json_.pointer());
    if (!storage.ok()) return storage.status();
    Column out{dtype, static_cast<size_t>(vertices), cols, storage->data()};
    const bool color = attribute_name(sources.semantic).starts_with("colors");
    for (const auto& [b, a] : sources.blocks) {
      copy_rows(a->data->column, out, blocks_[b].base, color);
    }
    return out;
  }

  absl::Status build_columns(Mesh& mesh) {
    uint64_t vertices = 0;
    for (Block& b : blocks_) {
      b.base = vertices;
      vertices += b.vertices;
    }
    if (vertices > UINT32_MAX) {
      return refuse("gltf.mesh.too-large", cat(json_.pointer(), " has ", vertices,
                                               " vertices; the model holds at most 2^32 - 1"));
    }
    for (const Sources& sources : sources_by_semantic()) {
      DType dtype = DType::kFloat32;
      size_t cols = 0;
      for (const auto& [b, a] : sources.blocks) {
        DType d = attribute_dtype(sources.semantic, a->data->column.dtype);
        dtype = b == sources.blocks[0].first ? d : common_dtype(dtype, d);
        cols = std::max(cols, a->data->column.cols);
      }
      absl::StatusOr<Column> column = merge(sources, vertices, dtype, cols);
      if (!column.ok()) return column.status();
      if (sources.semantic == "POSITION") {
        mesh.points = *column;
      } else {
        mesh.point_data.push_back({attribute_name(sources.semantic), *column});
      }
    }
    return absl::OkStatus();
  }

  absl::Status build_cells(Mesh& mesh) {
    uint64_t cells = 0;
    uint64_t corners = 0;
    for (const Primitive& p : primitives_) {
      cells += p.counts.cells;
      corners += p.counts.corners;
    }
    if (cells == 0) return absl::OkStatus();
    if (corners > UINT32_MAX) {
      return refuse("gltf.mesh.too-large", cat(json_.pointer(), " has ", corners,
                                               " cell corners; the model holds at most 2^32 - 1"));
    }
    const std::string& at = json_.pointer();
    Arena& arena = ctx_.arena();
    // Triangle lists only: the arena's shared cell types and offsets stand for them. One
    // material throughout: its shared column. 16- or 32-bit indices lying one primitive's after
    // another: a view of them (a mapped file's own bytes). At 1 GB of GLB these were 21 bytes a
    // triangle.
    const bool triangles_only =
        std::all_of(primitives_.begin(), primitives_.end(),
                    [](const Primitive& p) { return p.mode == kModeTriangles; });
    const int material = primitives_[0].material;
    const bool one_material =
        std::all_of(primitives_.begin(), primitives_.end(),
                    [material](const Primitive& p) { return p.material == material; });
    std::span<CellType> types;
    std::span<uint32_t> offsets;
    if (triangles_only) {
      mesh.cell_types = arena.repeated(CellType::kTriangle, cells);
      mesh.offsets = arena.stepped(uint32_t{3}, cells + 1);
    } else {
      absl::StatusOr<std::span<CellType>> t = ctx_.allocate<CellType>(cells, at);
      if (!t.ok()) return t.status();
      absl::StatusOr<std::span<uint32_t>> o = ctx_.allocate<uint32_t>(cells + 1, at);
      if (!o.ok()) return o.status();
      types = *t;
      offsets = *o;
      mesh.cell_types = types;
      mesh.offsets = offsets;
    }
    if (one_material) {
      mesh.cell_data.push_back(
          {"material", Column::of<int32_t>(arena.repeated(int32_t{material}, cells), 1)});
    } else {
      absl::StatusOr<std::span<int32_t>> materials = ctx_.allocate<int32_t>(cells, at);
      if (!materials.ok()) return materials.status();
      // Each primitive makes counts.cells cells (emit_cells), in order.
      uint64_t first = 0;
      for (const Primitive& p : primitives_) {
        std::fill_n(materials->begin() + first, p.counts.cells, p.material);
        first += p.counts.cells;
      }
      mesh.cell_data.push_back(
          {"material", Column::of<int32_t>(std::span<const int32_t>(*materials), 1)});
    }
    if (triangles_only && view_indices(corners, mesh)) return absl::OkStatus();
    absl::StatusOr<std::span<uint32_t>> connectivity = ctx_.allocate<uint32_t>(corners, at);
    if (!connectivity.ok()) return connectivity.status();
    // The arrays are filled on the cell thread: nothing reads them before read_meshes ends.
    std::vector<CellSource> sources;
    for (const Primitive& p : primitives_) {
      const Block& block = blocks_[p.block];
      sources.push_back({p.mode, p.indices != nullptr ? p.indices->column : Column{},
                         p.indices != nullptr, block.vertices, static_cast<uint32_t>(block.base)});
    }
    CellSink sink{types, offsets.empty() ? offsets : offsets.subspan(1), *connectivity};
    cells_.run([sources = std::move(sources), sink]() mutable {
      for (const CellSource& s : sources) {
        const IndexList list =
            s.indexed ? IndexList::of(s.indices) : IndexList::implicit(s.vertices);
        emit_cells(s.mode, list, s.base, sink);
      }
    });
    mesh.connectivity = *connectivity;
    return absl::OkStatus();
  }

  // Sets the mesh's connectivity to a view of its primitives' own 16- or 32-bit indices where
  // they lie, and returns true, when they are accessors' (in the scene's arena or a buffer kept
  // with it), of one type, aligned (as glTF has them; a misaligned accessor is copied instead),
  // each primitive's right after the previous one's (as a writer lays out a mesh's index views
  // when no padding falls between them), of no unused remainder, and all of the first block
  // (numbered from 0).
  bool view_indices(uint64_t corners, Mesh& mesh) {
    if (!primitives_[0].accessor_indices) return false;
    const Column& first = primitives_[0].indices->column;
    const bool narrow = first.dtype == DType::kUInt16;
    if (!(first.dtype == DType::kUInt32 || (narrow && ctx_.options().narrow_indices))) return false;
    const size_t width = dtype_size(first.dtype);
    if (reinterpret_cast<uintptr_t>(first.data) % width != 0) return false;
    const char* next = static_cast<const char*>(first.data);
    for (const Primitive& p : primitives_) {
      if (!p.accessor_indices || blocks_[p.block].base != 0 || p.counts.unused != 0 ||
          p.indices->column.dtype != first.dtype || p.indices->column.data != next) {
        return false;
      }
      next += p.indices->column.rows * width;
    }
    if (narrow) {
      mesh.connectivity = std::span<const uint16_t>(static_cast<const uint16_t*>(first.data),
                                                    static_cast<size_t>(corners));
    } else {
      mesh.connectivity = std::span<const uint32_t>(static_cast<const uint32_t*>(first.data),
                                                    static_cast<size_t>(corners));
    }
    return true;
  }

  // The morph targets, built after the vertices of every block are placed.
  absl::Status build_targets(Mesh& mesh) {
    if (target_count_ == 0 && morphs_dropped_.empty()) return absl::OkStatus();
    if (!morphs_dropped_.empty()) {
      ctx_.warn("gltf.read.morph-targets-dropped",
                cat(json_.pointer(), ": ", morphs_dropped_,
                    "; its morph targets are dropped and it reads at rest"));
      return absl::OkStatus();
    }
    std::vector<BlockTargets> blocks;
    uint64_t vertices = 0;
    for (size_t b = 0; b < blocks_.size(); ++b) {
      BlockTargets& out = blocks.emplace_back();
      out.base = blocks_[b].base;
      out.vertices = blocks_[b].vertices;
      if (b < block_targets_.size()) out.targets = block_targets_[b].targets;
      out.targets.resize(target_count_);
      vertices += blocks_[b].vertices;
    }
    return build_morph_targets(ctx_, accessors_, blocks, vertices, json_, mesh);
  }

  ReadContext& ctx_;
  Buffers& buffers_;
  Accessors& accessors_;
  TaskThread& cells_;
  JsonObject json_;
  // Per block: the targets of the first primitive naming it.
  struct BlockRefs {
    bool set = false;
    std::vector<TargetRefs> targets;
  };
  std::vector<BlockRefs> block_targets_;
  size_t target_count_ = 0;
  std::string morphs_dropped_;  // why the targets are dropped, empty when they are kept
  std::vector<Block> blocks_;
  HashMap<std::vector<std::pair<std::string, int>>, size_t> block_of_key_;
  std::vector<Primitive> primitives_;
  std::deque<draco::DracoPrimitive> draco_;  // decoded Draco data the blocks point into
};

constexpr uint64_t kThreadedBytes = uint64_t{4} << 20;

// The bytes the buffers declare, for a .gltf whose buffers are not read yet.
uint64_t declared_buffer_bytes(const ReadContext& ctx) {
  uint64_t total = 0;
  for (size_t i = 0; i < ctx.count(Top::kBuffers); ++i) {
    absl::StatusOr<JsonObject> buffer = ctx.entry(Top::kBuffers, i);
    const JsonValue* length = buffer.ok() ? buffer->find("byteLength") : nullptr;
    std::optional<uint64_t> bytes = length != nullptr ? json_uint(*length) : std::nullopt;
    if (bytes) total += std::min<uint64_t>(*bytes, kThreadedBytes);
  }
  return total;
}

}  // namespace

absl::Status read_meshes(ReadContext& ctx, Buffers& buffers, Accessors& accessors) {
  PX_GLTF_TRY(ctx.resize(ctx.scene().meshes, Top::kMeshes));
  // Cells are made on a second thread while the next meshes' accessors are read, where the input
  // is large enough to pay for the thread.
  TaskThread cells(threads_for(ctx.options().threads) > 1 &&
                   std::max(ctx.input_bytes(), declared_buffer_bytes(ctx)) >= kThreadedBytes);
  for (size_t i = 0; i < ctx.scene().meshes.size(); ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kMeshes, i);
    if (!json.ok()) return json.status();
    absl::StatusOr<Mesh> mesh = MeshReader(ctx, buffers, accessors, cells, *std::move(json)).read();
    if (!mesh.ok()) return mesh.status();
    ctx.scene().meshes[i] = *std::move(mesh);
  }
  cells.wait();
  return absl::OkStatus();
}

}  // namespace px::gltf
