// A typed 2-D array (rows x cols, row-major) living in a scene's arena.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace px {

enum class DType : uint8_t {
  kInt8,
  kUInt8,
  kInt16,
  kUInt16,
  kInt32,
  kUInt32,
  kInt64,
  kFloat32,
  kFloat64
};

size_t dtype_size(DType dtype);
std::string_view dtype_name(DType dtype);
bool dtype_is_float(DType dtype);

template <class T>
constexpr DType dtype_of();
template <>
constexpr DType dtype_of<int8_t>() {
  return DType::kInt8;
}
template <>
constexpr DType dtype_of<uint8_t>() {
  return DType::kUInt8;
}
template <>
constexpr DType dtype_of<int16_t>() {
  return DType::kInt16;
}
template <>
constexpr DType dtype_of<uint16_t>() {
  return DType::kUInt16;
}
template <>
constexpr DType dtype_of<int32_t>() {
  return DType::kInt32;
}
template <>
constexpr DType dtype_of<uint32_t>() {
  return DType::kUInt32;
}
template <>
constexpr DType dtype_of<int64_t>() {
  return DType::kInt64;
}
template <>
constexpr DType dtype_of<float>() {
  return DType::kFloat32;
}
template <>
constexpr DType dtype_of<double>() {
  return DType::kFloat64;
}

struct Column {
  DType dtype = DType::kFloat32;
  size_t rows = 0;
  size_t cols = 0;
  const void* data = nullptr;  // owned by the scene's arena

  size_t size() const { return rows * cols; }
  bool empty() const { return rows == 0; }

  template <class T>
  bool holds() const {
    return dtype == dtype_of<T>();
  }
  // The values as T; the caller checks holds<T>() first.
  template <class T>
  std::span<const T> values() const {
    return {static_cast<const T*>(data), size()};
  }
  // Any value converted to double, for code that does not care about the dtype.
  double get(size_t row, size_t col) const;

  template <class T>
  static Column of(std::span<const T> values, size_t cols) {
    return Column{dtype_of<T>(), cols == 0 ? 0 : values.size() / cols, cols, values.data()};
  }
};

// A column with its name: "normals", "texcoords_1", "material".
struct NamedColumn {
  std::string name;
  Column column;
};

// True when every value is a finite number (no NaN, no infinity).
bool all_finite(std::span<const double> values);
bool all_finite(const Column& column);

const NamedColumn* find_column(const std::vector<NamedColumn>& columns, std::string_view name);

}  // namespace px
