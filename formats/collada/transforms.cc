#include "formats/collada/transforms.h"

#include <Eigen/Geometry>
#include <cmath>
#include <numbers>

namespace px::collada {

bool is_transform_element(std::string_view name) { return transform_value_count(name) != 0; }

size_t transform_value_count(std::string_view name) {
  if (name == "matrix") return 16;
  if (name == "translate" || name == "scale") return 3;
  if (name == "rotate") return 4;
  if (name == "lookat") return 9;
  if (name == "skew") return 7;
  return 0;
}

Eigen::Matrix4d transform_matrix(std::string_view name, std::span<const double> v) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  if (name == "matrix") {
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) m(r, c) = v[r * 4 + c];  // COLLADA spells rows first
    }
  } else if (name == "translate") {
    m.block<3, 1>(0, 3) = Eigen::Vector3d(v[0], v[1], v[2]);
  } else if (name == "scale") {
    m.diagonal().head<3>() = Eigen::Vector3d(v[0], v[1], v[2]);
  } else if (name == "rotate") {
    Eigen::Vector3d axis(v[0], v[1], v[2]);
    if (axis.norm() > 0) {
      double radians = v[3] * std::numbers::pi / 180.0;
      m.block<3, 3>(0, 0) = Eigen::AngleAxisd(radians, axis.normalized()).toRotationMatrix();
    }
  } else if (name == "lookat") {
    // A camera at eye looking at interest with up: the inverse of the view matrix.
    Eigen::Vector3d eye(v[0], v[1], v[2]), interest(v[3], v[4], v[5]), up(v[6], v[7], v[8]);
    Eigen::Vector3d z = eye - interest;
    if (z.norm() == 0) return m;
    z.normalize();
    Eigen::Vector3d x = up.cross(z);
    if (x.norm() == 0) return m;
    x.normalize();
    Eigen::Vector3d y = z.cross(x);
    m.block<3, 1>(0, 0) = x;
    m.block<3, 1>(0, 1) = y;
    m.block<3, 1>(0, 2) = z;
    m.block<3, 1>(0, 3) = eye;
  }
  return m;
}

}  // namespace px::collada
