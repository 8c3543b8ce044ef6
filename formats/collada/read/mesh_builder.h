// The builder of one <geometry>'s <mesh>: geometry.cc runs it (corners split into vertices,
// primitive blocks into cells); mesh_inputs.cc reads the <vertices> and each block's inputs and
// index lists; mesh_columns.cc fills the vertex columns. Internal to the COLLADA reader.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/geometry.h"
#include "formats/collada/read/primitive_block.h"
#include "formats/collada/read/sources.h"
#include "formats/collada/read/vertex_table.h"
#include "polyxios/hash_containers.h"
#include "polyxios/ops/polygon_holes.h"

namespace px::collada {

// One attribute of the mesh (semantic + set) and the sources blocks read it from.
struct Slot {
  std::string_view semantic;
  int64_t set = 0;
  std::vector<const Accessor*> streams;
  // Where each stream's indices start in the slot's key words: the counts of the streams before
  // it, so that a key word names a stream and an index in 32 bits.
  std::vector<uint32_t> bases;
  bool per_position = false;  // given by <vertices>
  // Read at the VERTEX input's offset in every block naming it, from one source: its values are
  // per position, so a position no corner names takes its own.
  bool shares_vertex_offset = true;
  bool named = false;   // by a block with corners
  bool lacked = false;  // by a block with corners
};

class MeshBuilder {
 public:
  MeshBuilder(ReadContext& ctx, const Element& geometry) : ctx_(ctx), geometry_(geometry) {}

  absl::Status build(const Element& mesh, Mesh* out, GeometryRecord* record);

 private:
  absl::StatusOr<const Accessor*> accessor_for(const Element& input);
  absl::Status read_vertices(const Element& vertices);
  absl::Status read_block(const Element& element, BlockKind kind);
  absl::Status add_stream(Slot& slot, const Accessor* accessor, const Element& input);
  absl::Status check_lengths(const Block& block);
  void count_cells(const Block& block, size_t* cells, size_t* corners);
  absl::Status split_and_fill(Mesh* out, GeometryRecord* record, size_t cells, size_t corners);
  absl::Status corner_key(const Block& block, std::span<const int32_t> list, size_t corner,
                          uint32_t* key);
  absl::Status corner_vertices(const Block& block, std::span<const int32_t> list,
                               VertexTable& table, uint32_t* out);
  absl::Status bridged_vertices(const Block& block, std::span<const int32_t> outer,
                                std::span<const Hole> holes, VertexTable& table,
                                std::vector<uint32_t>* out);
  absl::Status index_past_source(const Block& block, int32_t index, const Accessor& accessor);
  bool has_unique_slot() const;
  template <class Visit>
  void appended_keys(const VertexTable& table, Visit visit) const;
  void fill_columns(const VertexTable& table, Mesh* out);

  ReadContext& ctx_;
  const Element& geometry_;
  const Element* vertices_ = nullptr;
  std::deque<Accessor> accessors_;
  HashMap<const Element*, const Accessor*> accessor_of_;
  std::vector<Slot> slots_;
  std::vector<Block> blocks_;
  std::deque<std::vector<int32_t>> repaired_lists_;  // what repaired blocks' spans point into
};

}  // namespace px::collada
