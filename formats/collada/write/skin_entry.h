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

// The mesh's skin influences: joints (integers) and weights (real numbers) of one shape, a row per
// vertex.
struct MeshInfluences {
  const Column* joints = nullptr;
  const Column* weights = nullptr;
};
// Finds them in *out; returns why the mesh has none to write ("" when it has).
std::string find_mesh_influences(const Mesh& mesh, MeshInfluences* out);

// What walking a mesh's influences against a skin of joint_count joints keeps and drops. Zero
// weights are left out silently.
struct InfluenceCounts {
  uint64_t written = 0;
  uint64_t bad_weights = 0;      // negative or not finite
  uint64_t unlisted_joints = 0;  // a joint the skin does not list
};

// Calls written(vertex, joint, weight) for every influence written, vertex by vertex in order.
template <class Written>
InfluenceCounts for_each_influence(const MeshInfluences& influences, size_t joint_count,
                                   Written&& written) {
  InfluenceCounts counts;
  const Column& joints = *influences.joints;
  const Column& weights = *influences.weights;
  for (size_t vertex = 0; vertex < joints.rows; ++vertex) {
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
  return counts;
}

}  // namespace px::collada
