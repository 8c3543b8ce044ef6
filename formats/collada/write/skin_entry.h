// What a COLLADA <skin> is built from, checked before anything is written: a Scene::skins entry
// (name, joints, inverse_bind_matrices, bind_shape_matrix, skeleton), and the mesh's per-vertex
// joints and weights columns, walked influence by influence.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/collada/write/node_plan.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

struct SkinEntry {
  std::string name;  // empty when the entry has none
  std::vector<int> joints;
  // 16 per joint, row-major; empty: identities. float32 when they came from a float32 column.
  std::vector<double> inverse_bind;
  bool inverse_bind_float32 = false;
  std::optional<std::array<double, 16>> bind_shape;  // row-major
  int skeleton = -1;                                 // a node index, -1 for none
};

// Reads `skin` into *out; returns why it cannot be written ("" when it can): its joints are not
// written nodes, its inverse_bind_matrices are not one finite 4x4 matrix per joint, its
// bind_shape_matrix is not a finite 4x4 matrix, or its glTF inverseBindMatrices were never decoded.
std::string read_skin_entry(const Skin& skin, const Scene& scene, const NodesPlan& nodes,
                            SkinEntry* out);

// The mesh's skin influences: sets of joints (integers) and weights (real numbers) of one shape, a
// row per vertex: "joints" / "weights", then "joints_1" / "weights_1" and on (glTF's JOINTS_n /
// WEIGHTS_n), as long as the next set is there and of that kind.
struct InfluenceSet {
  const Column* joints = nullptr;
  const Column* weights = nullptr;
};
struct MeshInfluences {
  std::vector<InfluenceSet> sets;  // set 0 first; never empty once found
  size_t rows() const { return sets.front().joints->rows; }
  bool holds(const Column* column) const {
    for (const InfluenceSet& s : sets) {
      if (s.joints == column || s.weights == column) return true;
    }
    return false;
  }
};
// Finds them in *out; returns why the mesh has none to write ("" when it has): set 0 must be
// there; a later set that is not (absent, or not of that kind) ends the sets.
std::string find_mesh_influences(const Mesh& mesh, MeshInfluences* out);

// What walking a mesh's influences against a skin of joint_count joints keeps and drops. Zero
// weights are left out silently.
struct InfluenceCounts {
  uint64_t written = 0;
  uint64_t bad_weights = 0;      // negative or not finite
  uint64_t unlisted_joints = 0;  // a joint the skin does not list
};

// Calls written(vertex, joint, weight) for every influence written, vertex by vertex in order,
// each vertex's set after set.
template <class Written>
InfluenceCounts for_each_influence(const MeshInfluences& influences, size_t joint_count,
                                   Written&& written) {
  InfluenceCounts counts;
  const size_t rows = influences.rows();
  for (size_t vertex = 0; vertex < rows; ++vertex) {
    for (const InfluenceSet& set : influences.sets) {
      const Column& joints = *set.joints;
      const Column& weights = *set.weights;
      for (size_t k = 0; k < joints.cols; ++k) {
        const double weight = weights.get(vertex, k);
        if (weight == 0) continue;
        if (!(weight > 0) || !std::isfinite(weight)) {
          ++counts.bad_weights;
          continue;
        }
        const double joint = joints.get(vertex, k);
        if (!(joint >= 0 && joint < static_cast<double>(joint_count))) {
          ++counts.unlisted_joints;
          continue;
        }
        ++counts.written;
        written(vertex, static_cast<int64_t>(joint), weight);
      }
    }
  }
  return counts;
}

}  // namespace px::collada
