// <library_geometries>: every <geometry>'s <mesh> read into a px::Mesh, corners split into
// vertices, primitive blocks mapped to cells. Materials are resolved later, per instance.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/split_positions.h"
#include "polyxios/hash_containers.h"

namespace px::collada {

// Per-vertex skin influences of one controller over one geometry: "joints" and "weights".
struct SkinColumns {
  const Element* controller = nullptr;
  NamedColumn joints;
  NamedColumn weights;
};

struct GeometryRecord {
  const Element* element = nullptr;
  int mesh = -1;                                // the geometry's own mesh
  std::vector<std::string_view> block_symbols;  // material symbol of each primitive block
  // Cells of each block: a block's cells follow the previous block's.
  std::vector<uint32_t> block_cells;
  size_t positions = 0;  // of the <vertices> POSITION source; vertex v < positions is position v
  size_t vertices = 0;
  // The position each vertex past the positions was split from (kept out of the scene's arena:
  // it is needed only while skins and morphs are read).
  SplitPositions split_positions;
  // The position of every vertex.
  std::vector<uint32_t> vertex_positions() const {
    return split_positions.vertex_positions(positions);
  }
  // Each way the geometry is shown: materials per block, skin and morph controllers -> mesh.
  struct Use {
    std::vector<int32_t> materials;
    const Element* controller;
    const Element* morph;
    int mesh;
  };
  std::vector<Use> uses;
};

struct MorphColumns;

struct Geometries {
  std::vector<GeometryRecord> records;
  HashMap<const Element*, size_t> by_element;
};

class EarlyGeometries;

// Reads one <geometry> into a mesh (not yet in the scene) and its record.
absl::Status read_geometry(ReadContext& ctx, const Element& geometry, Mesh* mesh,
                           GeometryRecord* record);

// Reads every <geometry> of every <library_geometries>, one mesh each, in document order; those
// `early` read while the document was parsed are taken from it, with their warnings.
absl::Status read_geometries(ReadContext& ctx, EarlyGeometries* early, Geometries* out);

// The mesh that shows `record` with these materials (one per block), skin and morph targets
// (nullptr for none): the geometry's own mesh for its first use, else a mesh appended to the
// scene sharing its arrays, under the copy budget.
absl::StatusOr<int> mesh_for_use(ReadContext& ctx, GeometryRecord& record,
                                 std::vector<int32_t> block_materials, const SkinColumns* skin,
                                 const MorphColumns* morph = nullptr);

}  // namespace px::collada
