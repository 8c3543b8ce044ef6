// Calls f with a Column's data as a pointer to its own element type, so that conversion loops are
// compiled once per dtype instead of switching per value.
#pragma once

#include "polyxios/scene/column.h"

namespace px::gltf {

template <class F>
void visit_typed(const Column& column, F&& f) {
  switch (column.dtype) {
    case DType::kInt8:
      return f(static_cast<const int8_t*>(column.data));
    case DType::kUInt8:
      return f(static_cast<const uint8_t*>(column.data));
    case DType::kInt16:
      return f(static_cast<const int16_t*>(column.data));
    case DType::kUInt16:
      return f(static_cast<const uint16_t*>(column.data));
    case DType::kInt32:
      return f(static_cast<const int32_t*>(column.data));
    case DType::kUInt32:
      return f(static_cast<const uint32_t*>(column.data));
    case DType::kInt64:
      return f(static_cast<const int64_t*>(column.data));
    case DType::kFloat32:
      return f(static_cast<const float*>(column.data));
    case DType::kFloat64:
      return f(static_cast<const double*>(column.data));
  }
}

}  // namespace px::gltf
