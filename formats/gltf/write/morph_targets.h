// A mesh's morph targets (Mesh::morph_targets) as glTF primitive targets: per target a POSITION
// accessor (with the min and max glTF requires), and NORMAL / TANGENT (3 components, no
// handedness) where every target holds them and the primitive writes that attribute, and
// TEXCOORD_n (float VEC2) / COLOR_n (float VEC3 or VEC4, as the primitive's, not clamped) where
// the target moves that column (MorphTarget::point_data) and the primitive writes it; the mesh's
// default "weights" and extras.targetNames. Every primitive of the mesh shares the accessors.
// A target attribute that moves few vertices is a sparse accessor (the rows it moves and their
// values; glTF reads the others as zeros) where that takes at most half the bytes of its dense
// form. Targets that are not one float row of 3 per vertex are left out with
// gltf.write.morph-targets-dropped, as are default weights that are not finite.
#pragma once

#include <cstdint>
#include <list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/task_thread.h"
#include "formats/gltf/write/attribute_writer.h"
#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/mesh.h"

namespace px::gltf {

struct MorphPlan {
  // POSITION [, NORMAL] [, TANGENT] [, TEXCOORD_n / COLOR_n ...]
  std::vector<std::vector<AttributePlan>> targets;
  std::vector<std::string> names;  // empty when no target has a name
  std::vector<double> weights;     // empty: glTF's defaults (all 0)
  // The rows a sparse target attribute moves (add_morph_views), kept for its views' makers.
  std::list<std::vector<uint32_t>> moved_rows;  // a list: stable, moved without a throw
  bool empty() const { return targets.empty(); }
};

MorphPlan plan_morph_targets(const Mesh& mesh, const std::vector<AttributePlan>& attributes,
                             std::string_view label, Diagnostics& diagnostics);

// A view and accessor per target attribute (their bounds found by tasks on `tasks`).
void add_morph_views(MorphPlan& plan, size_t vertices, const std::string& label, BinLayout& bin,
                     TaskThread& tasks);

// A primitive's "targets".
void write_targets_json(const MorphPlan& plan, JsonWriter& json);
// The mesh's "weights" and "extras" {"targetNames"}.
void write_mesh_morph_json(const MorphPlan& plan, JsonWriter& json);

}  // namespace px::gltf
