#include "polyxios/scene/trs.h"

#include <Eigen/LU>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>

namespace px {

Decomposition decompose(const Eigen::Matrix4d& m) {
  Decomposition out;
  const Eigen::Matrix3d linear = m.topLeftCorner<3, 3>();
  Eigen::Vector3d scale = linear.colwise().norm().transpose();
  if (linear.determinant() < 0) scale.x() = -scale.x();
  Eigen::Matrix3d unscaled = linear;
  for (int c = 0; c < 3; ++c) {
    if (scale[c] != 0) unscaled.col(c) /= scale[c];
  }
  Eigen::JacobiSVD<Eigen::Matrix3d> svd(unscaled, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Eigen::Matrix3d u = svd.matrixU();
  if ((u * svd.matrixV().transpose()).determinant() < 0) u.col(2) = -u.col(2);
  Eigen::Quaterniond rotation(Eigen::Matrix3d(u * svd.matrixV().transpose()));
  rotation.normalize();
  if (rotation.w() < 0) rotation.coeffs() = -rotation.coeffs();
  out.trs = Trs{m.topRightCorner<3, 1>(), rotation, scale};
  const Eigen::Matrix4d back = compose(out.trs);
  const double magnitude = std::max(1.0, m.cwiseAbs().maxCoeff());
  const bool affine = m(3, 0) == 0 && m(3, 1) == 0 && m(3, 2) == 0 && m(3, 3) == 1;
  out.lost_shear = !affine || (back - m).cwiseAbs().maxCoeff() > 1e-4 * magnitude;
  return out;
}

Eigen::Matrix4d compose(const Trs& trs) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() = trs.rotation.toRotationMatrix() * trs.scale.asDiagonal();
  m.topRightCorner<3, 1>() = trs.translation;
  return m;
}

Trs interpolate(const Trs& a, const Trs& b, double f) {
  Trs out;
  out.translation = a.translation + f * (b.translation - a.translation);
  out.scale = a.scale + f * (b.scale - a.scale);
  Eigen::Quaterniond to = b.rotation;
  if (a.rotation.dot(to) < 0) to.coeffs() = -to.coeffs();
  out.rotation = a.rotation.slerp(f, to).normalized();
  return out;
}

double rotation_angle(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b) {
  // atan2 keeps small angles exact, where acos of a dot product near 1 loses them.
  const Eigen::Quaterniond q = a.normalized().conjugate() * b.normalized();
  return 2 * std::atan2(q.vec().norm(), std::abs(q.w()));
}

}  // namespace px
