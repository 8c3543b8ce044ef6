// A node's local matrix as glTF can take it. glTF requires a node matrix to decompose into
// translation, rotation and scale (the Khronos validator recomposes it and compares); a matrix that
// does not (a shear, a projection, a zero scale, or rounding that a large scale magnifies) goes
// out as translation / rotation / scale instead, and a shear or projection is lost with a warning.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "formats/gltf/write/json_writer.h"

namespace px::gltf {

struct NodeTransform {
  bool as_matrix = true;  // write matrix; else translation / rotation / scale
  Eigen::Matrix4d matrix = Eigen::Matrix4d::Identity();
  Eigen::Vector3d translation = Eigen::Vector3d::Zero();
  Eigen::Quaterniond rotation = Eigen::Quaterniond::Identity();
  Eigen::Vector3d scale = Eigen::Vector3d::Ones();
  bool lost_shear = false;  // the TRS differs from the matrix beyond rounding
};

// The matrix must be finite. force_trs: translation / rotation / scale whatever the matrix, as an
// animated node needs (a mirror carried as a negative x scale).
NodeTransform node_transform(const Eigen::Matrix4d& matrix, bool force_trs = false);

// "matrix", or "translation", "rotation" and "scale"; each left out when it is glTF's default.
void write_node_transform(JsonWriter& json, const NodeTransform& transform);

}  // namespace px::gltf
