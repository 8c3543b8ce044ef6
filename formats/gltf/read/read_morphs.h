// A glTF mesh's morph targets into Mesh::morph_targets / morph_weights.
//
// - Each primitive's "targets" (POSITION, NORMAL, TANGENT accessors; a TANGENT's 3 components) are
//   read per block of shared vertices (read_meshes.cc): target t of the mesh is, on each block's
//   vertices, target t of the first primitive naming that block, zeros on a block whose target
//   lacks the attribute. Primitives giving different numbers of targets, a Draco primitive with
//   targets, or a target accessor not one VEC3 float per vertex drop the mesh's targets with
//   gltf.read.morph-targets-dropped. TEXCOORD_n and COLOR_n (float or normalized, as many
//   components as the primitive's attribute) become MorphTarget::point_data ("texcoords",
//   "colors_1", ...); one of other components, and any other attribute of a target, is dropped
//   with gltf.read.morph-attribute-dropped.
// - The mesh's "weights" are the default weights (one per target, else dropped with
//   gltf.read.morph-targets-dropped); extras.targetNames (one string per target) names the targets
//   and leaves the mesh's extras.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_context.h"
#include "polyxios/scene/mesh.h"

namespace px::gltf {

// One target's attributes: (semantic, accessor).
using TargetRefs = std::vector<std::pair<std::string, int>>;

struct BlockTargets {
  uint64_t base = 0;      // the block's first vertex in the mesh
  uint64_t vertices = 0;  // its vertices
  std::vector<TargetRefs> targets;
};

// A primitive's "targets" (empty when it has none); `dropped` says why when an entry is not an
// object of accessor indices (the mesh's targets are then dropped with a warning). An attribute
// `attributes` (the primitive's) lacks is dropped with gltf.read.morph-attribute-dropped.
void primitive_targets(ReadContext& ctx, const JsonObject& primitive, const JsonValue& attributes,
                       std::vector<TargetRefs>* out, std::string* dropped);

// Builds the mesh's targets from each block's, its weights and names from `mesh_json`.
absl::Status build_morph_targets(ReadContext& ctx, Accessors& accessors,
                                 const std::vector<BlockTargets>& blocks, uint64_t vertices,
                                 const JsonObject& mesh_json, Mesh& mesh);

}  // namespace px::gltf
