#include "polyxios/ops/axis_correction.h"

namespace px {
namespace {

// Each axis's coordinates in Y_UP's (right +X, up +Y, in +Z), by COLLADA's table: Z_UP's right is
// +X, up +Z and in -Y; X_UP's right is -Y, up +X and in +Z.
Eigen::Matrix3d to_y_up(UpAxis axis) {
  Eigen::Matrix3d m = Eigen::Matrix3d::Zero();
  switch (axis) {
    case UpAxis::kX:
      m(0, 1) = -1;
      m(1, 0) = 1;
      m(2, 2) = 1;
      break;
    case UpAxis::kY:
      m = Eigen::Matrix3d::Identity();
      break;
    case UpAxis::kZ:
      m(0, 0) = 1;
      m(1, 2) = 1;
      m(2, 1) = -1;
      break;
  }
  return m;
}

}  // namespace

std::optional<UpAxis> up_axis_named(std::string_view name) {
  if (name == "X_UP") return UpAxis::kX;
  if (name == "Y_UP") return UpAxis::kY;
  if (name == "Z_UP") return UpAxis::kZ;
  return std::nullopt;
}

std::optional<UpAxis> up_axis_letter(std::string_view letter) {
  if (letter == "x" || letter == "X") return UpAxis::kX;
  if (letter == "y" || letter == "Y") return UpAxis::kY;
  if (letter == "z" || letter == "Z") return UpAxis::kZ;
  return std::nullopt;
}

std::string_view up_axis_name(UpAxis axis) {
  switch (axis) {
    case UpAxis::kX:
      return "X_UP";
    case UpAxis::kY:
      return "Y_UP";
    case UpAxis::kZ:
      return "Z_UP";
  }
  return "Y_UP";
}

void ValueShuffle::apply(const double* in, double* out) const {
  // + 0.0 spells a negated zero as zero.
  for (size_t k = 0; k < from.size(); ++k) out[k] = factor[k] * in[from[k]] + 0.0;
}

AxisCorrection::AxisCorrection(UpAxis from, UpAxis to, double scale) : scale_(scale) {
  const Eigen::Matrix3d p = to_y_up(to).transpose() * to_y_up(from);
  for (int a = 0; a < 3; ++a) {
    for (int c = 0; c < 3; ++c) {
      if (p(a, c) == 0) continue;
      from_[a] = c;
      sign_[a] = p(a, c);
    }
  }
}

bool AxisCorrection::rotates() const {
  for (int a = 0; a < 3; ++a) {
    if (from_[a] != a || sign_[a] != 1) return true;
  }
  return false;
}

Eigen::Matrix4d AxisCorrection::rotation() const {
  Eigen::Matrix4d m = Eigen::Matrix4d::Zero();
  for (int a = 0; a < 3; ++a) m(a, from_[a]) = sign_[a];
  m(3, 3) = 1;
  return m;
}

Eigen::Matrix4d AxisCorrection::matrix() const {
  Eigen::Matrix4d m = rotation();
  m.topLeftCorner<3, 3>() *= scale_;
  return m;
}

Eigen::Vector3d AxisCorrection::direction(const Eigen::Vector3d& v) const {
  return {sign_[0] * v[from_[0]], sign_[1] * v[from_[1]], sign_[2] * v[from_[2]]};
}

Eigen::Vector3d AxisCorrection::point(const Eigen::Vector3d& v) const {
  return direction(v) * scale_;
}

Eigen::Matrix4d AxisCorrection::conjugate(const Eigen::Matrix4d& m) const {
  const ValueShuffle cells = *shuffle("matrix");
  double in[16], out[16];
  for (int k = 0; k < 16; ++k) in[k] = m(k / 4, k % 4);
  cells.apply(in, out);
  Eigen::Matrix4d result;
  for (int k = 0; k < 16; ++k) result(k / 4, k % 4) = out[k];
  return result;
}

std::optional<ValueShuffle> AxisCorrection::shuffle(std::string_view kind) const {
  ValueShuffle s;
  // Three values moving as a direction (factor 1) or a point (factor s), from `at` on.
  auto vector = [&](int at, double factor) {
    for (int a = 0; a < 3; ++a) {
      s.from.push_back(at + from_[a]);
      s.factor.push_back(sign_[a] * factor);
    }
  };
  auto same = [&](int at) {
    s.from.push_back(at);
    s.factor.push_back(1);
  };
  if (kind == "translate" || kind == "translation") {
    vector(0, scale_);
  } else if (kind == "scale") {
    for (int a = 0; a < 3; ++a) same(from_[a]);  // a scale along an axis has no sign
  } else if (kind == "rotate" || kind == "rotation") {
    vector(0, 1);  // the axis, or a quaternion's x, y, z; the angle or w stays
    same(3);
  } else if (kind == "matrix") {
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) {
        const int rf = r < 3 ? from_[r] : 3, cf = c < 3 ? from_[c] : 3;
        double factor = (r < 3 ? sign_[r] : 1) * (c < 3 ? sign_[c] : 1);
        if (r < 3 && c == 3) factor *= scale_;
        if (r == 3 && c < 3) factor /= scale_;
        s.from.push_back(rf * 4 + cf);
        s.factor.push_back(factor);
      }
    }
  } else if (kind == "skew") {
    same(0);
    vector(1, 1);
    vector(4, 1);
  } else if (kind == "lookat") {
    vector(0, scale_);
    vector(3, scale_);
    vector(6, 1);
  } else {
    return std::nullopt;
  }
  return s;
}

Column map_rows(Arena& arena, const Column& in, size_t cols,
                const std::function<void(const double* in_row, double* out_row)>& move) {
  std::vector<double> in_row(in.cols), out_row(cols);
  auto fill = [&](auto out) {
    for (size_t r = 0; r < in.rows; ++r) {
      for (size_t c = 0; c < in.cols; ++c) in_row[c] = in.get(r, c);
      move(in_row.data(), out_row.data());
      for (size_t c = 0; c < cols; ++c) out[r * cols + c] = out_row[c] + 0.0;  // no -0
    }
    using T = typename decltype(out)::value_type;
    return Column{dtype_of<T>(), in.rows, cols, out.data()};
  };
  if (in.holds<double>()) return fill(arena.allocate<double>(in.rows * cols));
  return fill(arena.allocate<float>(in.rows * cols));
}

}  // namespace px
