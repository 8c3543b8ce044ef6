#include "formats/gltf/write/node_transform.h"

#include <Eigen/LU>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>

namespace px::gltf {
namespace {

// The validator accepts an absolute error below 5e-5; keep a margin for its own rounding.
constexpr double kTrsTolerance = 1e-5;

// vector_math's Matrix4.absoluteError: the largest sum of absolute differences over a column.
double column_error(const Eigen::Matrix4d& a, const Eigen::Matrix4d& b) {
  return (a - b).cwiseAbs().colwise().sum().maxCoeff();
}

Eigen::Matrix4d compose(const Eigen::Vector3d& t, const Eigen::Quaterniond& r,
                        const Eigen::Vector3d& s) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() = r.toRotationMatrix() * s.asDiagonal();
  m.topRightCorner<3, 1>() = t;
  return m;
}

bool last_row_is_affine(const Eigen::Matrix4d& m) {
  return m(3, 0) == 0 && m(3, 1) == 0 && m(3, 2) == 0 && m(3, 3) == 1;
}

}  // namespace

NodeTransform node_transform(const Eigen::Matrix4d& matrix, bool force_trs) {
  NodeTransform out;
  out.matrix = matrix;
  if (matrix == Eigen::Matrix4d::Identity()) {
    out.as_matrix = !force_trs;
    return out;
  }

  // Scale from the column lengths, a reflection carried by x, as glTF readers decompose.
  const Eigen::Matrix3d linear = matrix.topLeftCorner<3, 3>();
  const double det = linear.determinant();
  Eigen::Vector3d scale = linear.colwise().norm().transpose();
  if (det < 0) scale.x() = -scale.x();
  // The rotation nearest to the columns with their scale taken out (polar decomposition); a zero
  // column leaves its axis to the SVD.
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

  const Eigen::Vector3d translation = matrix.topRightCorner<3, 1>();
  const Eigen::Matrix4d recomposed = compose(translation, rotation, scale);
  const double error = column_error(recomposed, matrix);
  if (!force_trs && last_row_is_affine(matrix) && det != 0 && error < kTrsTolerance) return out;

  out.as_matrix = false;
  out.translation = translation;
  out.rotation = rotation;
  out.scale = scale;
  // Rounding in the source (a rotation read to 6 digits, then scaled) is no loss worth a warning.
  const double magnitude = std::max(1.0, matrix.cwiseAbs().maxCoeff());
  out.lost_shear = !last_row_is_affine(matrix) || error > 1e-4 * magnitude;
  return out;
}

void write_node_transform(JsonWriter& json, const NodeTransform& t) {
  auto numbers = [&json](std::string_view key, const auto& values, int n) {
    json.key(key);
    json.start_array();
    for (int i = 0; i < n; ++i) json.number(values[i]);
    json.end_array();
  };
  if (t.as_matrix) {
    // Eigen stores column-major, as glTF spells matrices.
    if (t.matrix != Eigen::Matrix4d::Identity()) numbers("matrix", t.matrix.data(), 16);
    return;
  }
  if (!t.translation.isZero(0)) numbers("translation", t.translation.data(), 3);
  // Eigen's coefficients are x, y, z, w, glTF's order.
  if (t.rotation.coeffs() != Eigen::Quaterniond::Identity().coeffs()) {
    numbers("rotation", t.rotation.coeffs().data(), 4);
  }
  if (t.scale != Eigen::Vector3d::Ones()) numbers("scale", t.scale.data(), 3);
}

}  // namespace px::gltf
