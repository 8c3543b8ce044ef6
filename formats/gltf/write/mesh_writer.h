// A scene mesh as a glTF mesh: its cells grouped into primitives, one per (mode, material) in the
// order the cells first use them, and each poly_line and triangle_strip cell a primitive of its
// own. All primitives share the mesh's vertex attributes; each has its own indices.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/task_thread.h"
#include "formats/gltf/write/attribute_writer.h"
#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/draco_writer.h"
#include "formats/gltf/write/json_writer.h"
#include "formats/gltf/write/material_writer.h"
#include "formats/gltf/write/morph_targets.h"
#include "formats/gltf/write/variant_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/mesh.h"

namespace px::gltf {

struct PrimitiveGroup {
  int mode = 4;       // glTF primitive mode
  int material = -1;  // scene material, -1 for none
  size_t count = 0;   // indices
  uint32_t max_index = 0;
  int accessor = -1;
  // Its runs: MeshPlan::run_order[runs_begin, runs_end), in cell order.
  size_t runs_begin = 0;
  size_t runs_end = 0;
};

// Cells [first, end) of one group, one after another, none skipped.
struct CellRun {
  size_t first = 0;
  size_t end = 0;
  uint32_t group = 0;
  // Every cell's corners are its indices as they are: no quad or polygon to triangulate.
  bool plain = true;
};

struct MeshPlan {
  const Mesh* mesh = nullptr;
  int index = -1;     // in Scene::meshes
  std::string name;   // global_attrs["mesh_name"]
  std::string label;  // how warnings name the mesh
  std::vector<AttributePlan> attributes;
  MorphPlan morphs;  // every primitive's targets, the mesh's weights and target names
  std::vector<PrimitiveGroup> groups;  // empty: nothing glTF can draw, the mesh is not written
  std::vector<CellRun> runs;           // the cells written, in order
  std::vector<uint32_t> run_order;     // runs by group, each group's in cell order
  // Per group: its KHR_draco_mesh_compression stream, or null when it is written uncompressed.
  std::vector<std::unique_ptr<DracoEncoded>> draco;
  // The attributes' view bytes made whole (make_attribute_bytes) when a group is compressed and
  // another is not, for the uncompressed group's views; else empty.
  std::vector<std::string> attribute_bytes;
};

// Groups the cells (skipping, with a warning, those no glTF primitive can hold) and picks the
// attributes. Refuses a mesh whose points are not n x 3 or whose offsets do not fit its cells.
absl::StatusOr<MeshPlan> plan_mesh(const Mesh& mesh, int index, int materials,
                                   Diagnostics& diagnostics);

// Plans the views and accessors of a mesh with at least one group: its attributes'
// (attribute_views.h; POSITION's bounds a task on `tasks`) and each group's indices
// (index_views.h). With Draco compression each triangle group is encoded here (draco_writer.h),
// its views and accessors its own, and the shared attributes are planned only for the groups
// left uncompressed; a refusal of the encoding refuses the write. The plan must outlive `bin`.
absl::Status add_mesh_views(MeshPlan& plan, BinLayout& bin, TaskThread& tasks,
                            const MeshCompression& compression, Diagnostics& diagnostics);

// The mesh's JSON; a primitive's extensions are its Draco stream and its material variants.
void write_mesh_json(const MeshPlan& plan, MaterialTable& materials, const VariantWriter& variants,
                     JsonWriter& json, Diagnostics& diagnostics);

}  // namespace px::gltf
