#include "formats/gltf/float_extremes.h"

#include <cstdint>
#include <cstring>
#include <limits>

namespace px::gltf {
namespace {

// Rows of up to 4 values are taken 12 values at a time in 12 lanes (lane t holds component
// t % cols), which the compiler keeps in vector registers; `x < l ? x : l` is what a vector
// minimum computes, NaN included.
constexpr size_t kLanes = 12;

// Equal values in different lanes are the same value, except -0 and 0: where an extreme is zero,
// the first zero of its component in the rows is the one a pass in order keeps.
double first_zero(const float* values, size_t rows, size_t cols, size_t j) {
  for (size_t r = 0; r < rows; ++r) {
    if (values[r * cols + j] == 0) return values[r * cols + j];
  }
  return 0;
}

void lane_extremes(const float* values, size_t rows, size_t cols, double* lo, double* hi) {
  float l[kLanes];
  float h[kLanes];
  for (size_t t = 0; t < kLanes; ++t) {
    l[t] = std::numeric_limits<float>::infinity();
    h[t] = -std::numeric_limits<float>::infinity();
  }
  const size_t n = rows * cols;
  size_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (size_t t = 0; t < kLanes; ++t) {
      const float x = values[i + t];
      l[t] = x < l[t] ? x : l[t];
      h[t] = x > h[t] ? x : h[t];
    }
  }
  for (size_t t = 0; i + t < n; ++t) {
    const float x = values[i + t];
    l[t] = x < l[t] ? x : l[t];
    h[t] = x > h[t] ? x : h[t];
  }
  for (size_t j = 0; j < cols; ++j) {
    float low = std::numeric_limits<float>::infinity();
    float high = -std::numeric_limits<float>::infinity();
    for (size_t t = j; t < kLanes; t += cols) {
      low = l[t] < low ? l[t] : low;
      high = h[t] > high ? h[t] : high;
    }
    const double first_low = low == 0 ? first_zero(values, rows, cols, j) : low;
    const double first_high = high == 0 ? first_zero(values, rows, cols, j) : high;
    if (first_low < lo[j]) lo[j] = first_low;
    if (first_high > hi[j]) hi[j] = first_high;
  }
}

uint32_t non_finite_bit(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  // An exponent of all ones (NaN, infinity) plus one carries into bit 31.
  return (bits & 0x7f800000u) + 0x00800000u;
}

}  // namespace

void float_extremes(const float* values, size_t rows, size_t cols, double* lo, double* hi) {
  if (cols <= 4 && kLanes % cols == 0) return lane_extremes(values, rows, cols, lo, hi);
  for (size_t r = 0; r < rows; ++r, values += cols) {
    for (size_t j = 0; j < cols; ++j) {
      if (values[j] < lo[j]) lo[j] = values[j];
      if (values[j] > hi[j]) hi[j] = values[j];
    }
  }
}

size_t first_non_finite(const float* values, size_t n) {
  uint32_t any = 0;
  for (size_t i = 0; i < n; ++i) any |= non_finite_bit(values[i]);
  if ((any & 0x80000000u) == 0) return n;
  size_t i = 0;
  while ((non_finite_bit(values[i]) & 0x80000000u) == 0) ++i;
  return i;
}

}  // namespace px::gltf
