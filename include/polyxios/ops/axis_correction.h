// The rotation between two COLLADA up axes and a change of unit, as one correction C = s * P:
// P a signed permutation of the axes (a proper rotation by multiples of 90 degrees), s the unit's
// scale. Because P only moves and negates coordinates, C carries a translation / rotation / scale
// to a translation / rotation / scale, and every value of a transform element or animation key to
// one other value, times a sign and a power of s: the correction is exact and keeps every kind.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "polyxios/memory/arena.h"
#include "polyxios/scene/column.h"

namespace px {

enum class UpAxis { kX, kY, kZ };

// "X_UP", "Y_UP", "Z_UP" (COLLADA's spelling); nullopt for anything else.
std::optional<UpAxis> up_axis_named(std::string_view name);
std::string_view up_axis_name(UpAxis axis);
// "x", "y", "z" in either case (a user's option: the CLI's --up-axis, Python's up_axis=).
std::optional<UpAxis> up_axis_letter(std::string_view letter);

// A linear map of an element's values that moves each value to one place: value k of the result
// is factor[k] times value from[k] of the input.
struct ValueShuffle {
  std::vector<int> from;
  std::vector<double> factor;
  void apply(const double* in, double* out) const;
};

class AxisCorrection {
 public:
  // From an up axis and a unit (metres per unit) to another.
  AxisCorrection(UpAxis from, UpAxis to, double scale);

  bool identity() const { return scale_ == 1 && !rotates(); }
  bool rotates() const;
  double scale() const { return scale_; }

  Eigen::Matrix4d matrix() const;                             // C
  Eigen::Matrix4d rotation() const;                           // P alone
  Eigen::Vector3d direction(const Eigen::Vector3d& v) const;  // P v
  Eigen::Vector3d point(const Eigen::Vector3d& v) const;      // s P v
  // C M C^-1, computed by moving cells (no rounding but the translation's and the bottom row's
  // scaling).
  Eigen::Matrix4d conjugate(const Eigen::Matrix4d& m) const;

  // How the values of a COLLADA transform element (translate, rotate, scale, matrix, skew, lookat
  // without its extra turn: see axis_unit.cc) or of a glTF channel path (translation, rotation as
  // x, y, z, w, scale) move under the conjugation; nullopt for another kind.
  std::optional<ValueShuffle> shuffle(std::string_view kind) const;

 private:
  std::array<int, 3> from_{0, 1, 2};  // (P v)[a] = sign_[a] * v[from_[a]]
  std::array<double, 3> sign_{1, 1, 1};
  double scale_ = 1;
};

// A new column in `arena` with in's rows, `cols` values a row, each row written by
// move(in_row, out_row) from in's row as doubles; float64 stays float64, any other dtype becomes
// float32 (the corrected values are no longer whole numbers or in an integer's range).
Column map_rows(Arena& arena, const Column& in, size_t cols,
                const std::function<void(const double* in_row, double* out_row)>& move);

}  // namespace px
