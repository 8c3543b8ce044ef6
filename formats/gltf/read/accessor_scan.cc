#include "formats/gltf/read/accessor_scan.h"

#include <cmath>
#include <limits>

#include "formats/gltf/float_extremes.h"
#include "formats/gltf/typed_column.h"

namespace px::gltf {
namespace {

// Per component extremes of `rows` (at least one) rows of K values (K a glTF type's count, known
// so that the loop keeps them in registers), merged into lo / hi. A strict comparison keeps the
// first of equal values, as a single pass over the whole column would.
template <int K, class T>
void extremes(const T* v, size_t rows, double* lo, double* hi) {
  // A type without infinities starts at its ends, which a row's value then holds or beats.
  using Limits = std::numeric_limits<T>;
  T l[K];
  T h[K];
  for (int j = 0; j < K; ++j) {
    l[j] = Limits::has_infinity ? Limits::infinity() : Limits::max();
    h[j] = Limits::has_infinity ? -Limits::infinity() : Limits::lowest();
  }
  for (size_t r = 0; r < rows; ++r, v += K) {
    for (int j = 0; j < K; ++j) {
      if (v[j] < l[j]) l[j] = v[j];
      if (v[j] > h[j]) h[j] = v[j];
    }
  }
  for (int j = 0; j < K; ++j) {
    if (static_cast<double>(l[j]) < lo[j]) lo[j] = static_cast<double>(l[j]);
    if (static_cast<double>(h[j]) > hi[j]) hi[j] = static_cast<double>(h[j]);
  }
}

template <class T>
void extremes_of(const T* v, size_t rows, size_t cols, double* lo, double* hi) {
  if constexpr (std::is_same_v<T, float>) {
    float_extremes(v, rows, cols, lo, hi);
  } else {
    switch (cols) {
      case 1:
        return extremes<1>(v, rows, lo, hi);
      case 2:
        return extremes<2>(v, rows, lo, hi);
      case 3:
        return extremes<3>(v, rows, lo, hi);
      case 4:
        return extremes<4>(v, rows, lo, hi);
      case 9:
        return extremes<9>(v, rows, lo, hi);
      case 16:
        return extremes<16>(v, rows, lo, hi);
      default:
        // A column of another width (not an accessor's): one value at a time.
        for (size_t i = 0; i < rows * cols; ++i) {
          const double x = static_cast<double>(v[i]);
          if (x < lo[i % cols]) lo[i % cols] = x;
          if (x > hi[i % cols]) hi[i % cols] = x;
        }
    }
  }
}

// values[0, n) are values first.. of the column.
void non_finite(const float* values, size_t n, uint64_t first, Broken& out) {
  for (size_t i = first_non_finite(values, n); i < n; ++i) {
    if (!std::isfinite(values[i])) out.add(first + i, values[i]);
  }
}

// Squared lengths between these are within the tolerance whatever the rounding of a square root:
// the rows the check passes without taking one.
constexpr double kSurelyUnitLow = (1 - kUnitTolerance) * (1 - kUnitTolerance) * (1 + 1e-9);
constexpr double kSurelyUnitHigh = (1 + kUnitTolerance) * (1 + kUnitTolerance) * (1 - 1e-9);

void unit_rows(const float* v, size_t rows, size_t cols, uint64_t first, unsigned parts,
               ValueScan& scan) {
  if ((parts & kScanUnit) != 0) {
    const float* row = v;
    for (size_t r = 0; r < rows; ++r, row += cols) {
      const double squared = double{row[0]} * row[0] + double{row[1]} * row[1] +
                             double{row[2]} * row[2];
      if (squared > kSurelyUnitLow && squared < kSurelyUnitHigh) continue;
      const double xyz = std::sqrt(squared);
      if (std::abs(xyz - 1) > kUnitTolerance) scan.length.add(first + r, xyz);  // not NaN
    }
  }
  if ((parts & kScanSign) != 0) {
    const float* row = v;
    for (size_t r = 0; r < rows; ++r, row += cols) {
      if (row[3] != 1 && row[3] != -1) scan.sign.add(first + r, row[3]);
    }
  }
}

void clamp_values(const float* values, size_t n, uint64_t first, Broken& out) {
  bool inside = true;
  for (size_t i = 0; i < n; ++i) inside &= values[i] >= 0 && values[i] <= 1;
  if (inside) return;
  for (size_t i = 0; i < n; ++i) {
    if (values[i] < 0 || values[i] > 1) out.add(first + i, values[i]);
  }
}

template <class T>
void index_values(const T* values, size_t n, uint64_t first, uint64_t restart, ValueScan& scan) {
  T largest = 0;
  for (size_t i = 0; i < n; ++i) largest = values[i] > largest ? values[i] : largest;
  if (largest > scan.max_index) scan.max_index = largest;
  if (restart > std::numeric_limits<T>::max()) return;  // no value of T is the restart value
  const T r = static_cast<T>(restart);
  bool any_restart = false;
  for (size_t i = 0; i < n; ++i) any_restart |= values[i] == r;
  if (!any_restart) return;
  for (size_t i = 0; i < n; ++i) {
    if (values[i] == r) scan.restart.add(first + i, static_cast<double>(restart));
  }
}

}  // namespace

unsigned applicable_parts(const Column& column, unsigned wanted) {
  unsigned out = wanted & kScanExtremes;
  if (column.dtype == DType::kFloat32) {
    out |= wanted & (kScanNonFinite | kScanClamp);
    if (column.cols == 3 || column.cols == 4) out |= wanted & kScanUnit;
    if (column.cols == 4) out |= wanted & kScanSign;
  }
  const bool unsigned_int = column.dtype == DType::kUInt8 || column.dtype == DType::kUInt16 ||
                            column.dtype == DType::kUInt32;
  if (unsigned_int && column.cols == 1) out |= wanted & kScanIndices;
  return out;
}

void scan_rows(const Column& column, size_t first, size_t end, unsigned parts,
               uint64_t restart_value, ValueScan& scan) {
  parts = applicable_parts(column, parts);
  scan.parts |= parts;
  const size_t cols = column.cols;
  const size_t rows = end - first;
  if (rows == 0 || cols == 0) return;
  if ((parts & kScanExtremes) != 0 && scan.lo.size() != cols) {
    scan.lo.assign(cols, std::numeric_limits<double>::infinity());
    scan.hi.assign(cols, -std::numeric_limits<double>::infinity());
  }
  visit_typed(column, [&](const auto* data) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(data)>>;
    const T* v = data + first * cols;
    if ((parts & kScanExtremes) != 0) extremes_of(v, rows, cols, scan.lo.data(), scan.hi.data());
    if constexpr (std::is_same_v<T, float>) {
      if ((parts & kScanNonFinite) != 0) non_finite(v, rows * cols, first * cols, scan.non_finite);
      if ((parts & (kScanUnit | kScanSign)) != 0) unit_rows(v, rows, cols, first, parts, scan);
      if ((parts & kScanClamp) != 0) clamp_values(v, rows * cols, first * cols, scan.clamp);
    }
    if constexpr (std::is_same_v<T, uint8_t> || std::is_same_v<T, uint16_t> ||
                  std::is_same_v<T, uint32_t>) {
      if ((parts & kScanIndices) != 0) index_values(v, rows, first, restart_value, scan);
    }
  });
}

ValueScan scan_column(const Column& column, unsigned parts, uint64_t restart_value) {
  ValueScan scan;
  scan_rows(column, 0, column.rows, parts, restart_value, scan);
  return scan;
}

void add_parts(ValueScan& into, const ValueScan& from) {
  const unsigned parts = from.parts & ~into.parts;
  if ((parts & kScanExtremes) != 0) {
    into.lo = from.lo;
    into.hi = from.hi;
  }
  if ((parts & kScanNonFinite) != 0) into.non_finite = from.non_finite;
  if ((parts & kScanUnit) != 0) into.length = from.length;
  if ((parts & kScanSign) != 0) into.sign = from.sign;
  if ((parts & kScanClamp) != 0) into.clamp = from.clamp;
  if ((parts & kScanIndices) != 0) {
    into.max_index = from.max_index;
    into.restart = from.restart;
  }
  into.parts |= parts;
}

}  // namespace px::gltf
