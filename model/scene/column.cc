#include "polyxios/scene/column.h"

#include <algorithm>
#include <cmath>

namespace px {

size_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::kInt8:
    case DType::kUInt8:
      return 1;
    case DType::kInt16:
    case DType::kUInt16:
      return 2;
    case DType::kInt32:
    case DType::kUInt32:
    case DType::kFloat32:
      return 4;
    case DType::kInt64:
    case DType::kFloat64:
      return 8;
  }
  return 0;
}

std::string_view dtype_name(DType dtype) {
  switch (dtype) {
    case DType::kInt8:
      return "int8";
    case DType::kUInt8:
      return "uint8";
    case DType::kInt16:
      return "int16";
    case DType::kUInt16:
      return "uint16";
    case DType::kInt32:
      return "int32";
    case DType::kUInt32:
      return "uint32";
    case DType::kInt64:
      return "int64";
    case DType::kFloat32:
      return "float32";
    case DType::kFloat64:
      return "float64";
  }
  return "?";
}

bool dtype_is_float(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat64; }

double Column::get(size_t row, size_t col) const {
  size_t i = row * cols + col;
  switch (dtype) {
    case DType::kInt8:
      return static_cast<const int8_t*>(data)[i];
    case DType::kUInt8:
      return static_cast<const uint8_t*>(data)[i];
    case DType::kInt16:
      return static_cast<const int16_t*>(data)[i];
    case DType::kUInt16:
      return static_cast<const uint16_t*>(data)[i];
    case DType::kInt32:
      return static_cast<const int32_t*>(data)[i];
    case DType::kUInt32:
      return static_cast<const uint32_t*>(data)[i];
    case DType::kInt64:
      return static_cast<double>(static_cast<const int64_t*>(data)[i]);
    case DType::kFloat32:
      return static_cast<const float*>(data)[i];
    case DType::kFloat64:
      return static_cast<const double*>(data)[i];
  }
  return 0;
}

const NamedColumn* find_column(const std::vector<NamedColumn>& columns, std::string_view name) {
  for (const NamedColumn& c : columns) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

bool all_finite(std::span<const double> values) {
  return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

bool all_finite(const Column& column) {
  for (size_t r = 0; r < column.rows; ++r) {
    for (size_t c = 0; c < column.cols; ++c) {
      if (!std::isfinite(column.get(r, c))) return false;
    }
  }
  return true;
}

}  // namespace px
