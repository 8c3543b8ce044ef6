// A 4x4 affine matrix as glTF's translation, rotation and scale, and back. A matrix that mirrors
// carries the reflection as a negative x scale, as glTF readers decompose it; a shear or
// projection, which translation / rotation / scale cannot hold, is reported lost.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace px {

struct Trs {
  Eigen::Vector3d translation = Eigen::Vector3d::Zero();
  Eigen::Quaterniond rotation = Eigen::Quaterniond::Identity();
  Eigen::Vector3d scale = Eigen::Vector3d::Ones();
};

struct Decomposition {
  Trs trs;
  // The matrix's shear or projection: its TRS recomposes farther from it than rounding.
  bool lost_shear = false;
};

// Scale from the column lengths (x negative when the matrix mirrors), rotation the nearest to the
// columns with their scale taken out (polar decomposition), w >= 0.
Decomposition decompose(const Eigen::Matrix4d& m);

Eigen::Matrix4d compose(const Trs& trs);

// glTF's blend of two keys at fraction f: translation and scale linearly, rotation by slerp along
// the shorter arc.
Trs interpolate(const Trs& a, const Trs& b, double f);

// The angle in radians between two rotations, whatever the quaternions' signs.
double rotation_angle(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b);

}  // namespace px
