#include "polyxios/scene/transform_elements.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>

namespace px {
namespace {

// "(3)" or "(0)(3)" as its indices; empty when the member is not only such groups.
std::vector<int> index_groups(std::string_view member) {
  std::vector<int> out;
  while (!member.empty()) {
    if (member.front() != '(') return {};
    size_t close = member.find(')');
    if (close == std::string_view::npos) return {};
    int value = 0;
    auto [end, ec] = std::from_chars(member.data() + 1, member.data() + close, value);
    if (ec != std::errc() || end != member.data() + close || value < 0) return {};
    out.push_back(value);
    member = member.substr(close + 1);
  }
  return out;
}

}  // namespace

size_t element_value_count(std::string_view kind) {
  if (kind == "matrix") return 16;
  if (kind == "translate" || kind == "scale") return 3;
  if (kind == "rotate") return 4;
  if (kind == "lookat") return 9;
  if (kind == "skew") return 7;
  return 0;
}

std::span<const double> identity_values(std::string_view kind) {
  static constexpr double kMatrix[] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  static constexpr double kTranslate[] = {0, 0, 0};
  static constexpr double kScale[] = {1, 1, 1};
  static constexpr double kRotate[] = {0, 0, 1, 0};
  static constexpr double kLookat[] = {0, 0, 0, 0, 0, -1, 0, 1, 0};
  static constexpr double kSkew[] = {0, 0, 1, 0, 1, 0, 0};
  if (kind == "matrix") return kMatrix;
  if (kind == "translate") return kTranslate;
  if (kind == "scale") return kScale;
  if (kind == "rotate") return kRotate;
  if (kind == "lookat") return kLookat;
  if (kind == "skew") return kSkew;
  return {};
}

Eigen::Matrix4d element_matrix(std::string_view kind, std::span<const double> v) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  if (kind == "matrix") {
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) m(r, c) = v[r * 4 + c];
    }
  } else if (kind == "translate") {
    m.block<3, 1>(0, 3) = Eigen::Vector3d(v[0], v[1], v[2]);
  } else if (kind == "scale") {
    m.diagonal().head<3>() = Eigen::Vector3d(v[0], v[1], v[2]);
  } else if (kind == "rotate") {
    Eigen::Vector3d axis(v[0], v[1], v[2]);
    if (axis.norm() > 0) {
      double radians = v[3] * std::numbers::pi / 180.0;
      m.block<3, 3>(0, 0) = Eigen::AngleAxisd(radians, axis.normalized()).toRotationMatrix();
    }
  } else if (kind == "lookat") {
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

bool well_formed(std::span<const TransformElement> elements) {
  return std::all_of(elements.begin(), elements.end(), [](const TransformElement& e) {
    return !e.values.empty() && e.values.size() == element_value_count(e.kind);
  });
}

Eigen::Matrix4d compose_elements(const std::vector<TransformElement>& elements) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  for (const TransformElement& e : elements) m = m * element_matrix(e.kind, e.values);
  return m;
}

std::optional<std::vector<int>> member_indices(std::string_view kind, std::string_view member) {
  const int count = static_cast<int>(element_value_count(kind));
  if (count == 0) return std::nullopt;
  if (member.empty()) {
    std::vector<int> all(count);
    for (int i = 0; i < count; ++i) all[i] = i;
    return all;
  }
  const bool vector = kind == "translate" || kind == "scale" || kind == "rotate";
  if (vector && member.size() == 1 && member[0] >= 'X' && member[0] <= 'Z') {
    return std::vector<int>{member[0] - 'X'};
  }
  if (kind == "rotate" && member == "ANGLE") return std::vector<int>{3};
  std::vector<int> groups = index_groups(member);
  if (kind == "matrix") {
    // Column i, then row j, as other readers take COLLADA's (i)(j).
    if (groups.size() == 1 && groups[0] < 4) {
      return std::vector<int>{groups[0], 4 + groups[0], 8 + groups[0], 12 + groups[0]};
    }
    if (groups.size() == 2 && groups[0] < 4 && groups[1] < 4) {
      return std::vector<int>{groups[1] * 4 + groups[0]};
    }
    return std::nullopt;
  }
  if (groups.size() == 1 && groups[0] < count) return std::vector<int>{groups[0]};
  return std::nullopt;
}

}  // namespace px
