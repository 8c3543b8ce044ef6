// The bind pose of a skinned node's mesh as its skin deforms it, for tests that compare two
// scenes' skins (the skinning check, the axis and unit correction).
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstddef>
#include <vector>

#include "polyxios/scene/polydata.h"

namespace px::test_support {

inline Eigen::Matrix4d row_major_matrix(const Column& c, size_t row) {
  Eigen::Matrix4d m;
  for (int k = 0; k < 16; ++k) m(k / 4, k % 4) = c.get(row, k);
  return m;
}

// Every vertex of the node's mesh deformed by its skin (joint world * inverse bind * bind shape,
// weighted); empty when the node is not skinned. A vertex nothing weights is NaN: a COLLADA skin
// may leave one unweighted, which a glTF write binds wholly to joint 0, so compare the rest. A
// joint bound to no node (-1) moves nothing.
inline std::vector<Eigen::Vector3d> deform_bind_pose(const Scene& scene, size_t node) {
  std::vector<Eigen::Vector3d> out;
  if (scene.nodes[node].skin < 0 || scene.nodes[node].mesh < 0) return out;
  const Skin& skin = scene.skins.at(scene.nodes[node].skin);
  const std::vector<int>& joints = skin.joints;
  const Column& ibm = skin.inverse_bind_matrices.value();
  Eigen::Matrix4d bind_shape = Eigen::Matrix4d::Identity();
  if (skin.bind_shape_matrix) bind_shape = row_major_matrix(*skin.bind_shape_matrix, 0);
  const std::vector<Eigen::Matrix4d> world = world_matrices(scene);
  const Mesh& mesh = scene.meshes[scene.nodes[node].mesh];
  const Column& j = mesh.find_point_data("joints")->column;
  const Column& w = mesh.find_point_data("weights")->column;
  for (size_t v = 0; v < mesh.num_points(); ++v) {
    Eigen::Vector4d p(mesh.points.get(v, 0), mesh.points.get(v, 1), mesh.points.get(v, 2), 1);
    Eigen::Vector4d sum = Eigen::Vector4d::Zero();
    double total = 0;
    for (size_t k = 0; k < w.cols; ++k) {
      const double weight = w.get(v, k);
      if (weight == 0) continue;
      const size_t joint = static_cast<size_t>(j.get(v, k));
      const int bound = joints[joint];
      total += weight;
      if (bound < 0) continue;
      sum += weight * (world[bound] * row_major_matrix(ibm, joint) * bind_shape * p);
    }
    out.push_back(total > 0 ? Eigen::Vector3d(sum.head<3>()) : Eigen::Vector3d::Constant(NAN));
  }
  return out;
}

}  // namespace px::test_support
