// <source> elements read through their <accessor>: which values of the array make each element,
// checked against the array before any value is read.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/collada/read/context.h"

namespace px::collada {

struct Accessor {
  const Element* source = nullptr;
  std::span<const float> f32;   // the array when it was read as float32
  std::span<const double> f64;  // the array when it was read as float64
  std::span<const int32_t> ints;
  std::span<const std::string_view> names;  // Name_array / IDREF_array tokens
  size_t count = 0;
  size_t stride = 1;
  size_t offset = 0;
  std::vector<uint32_t> columns;  // positions in the stride of the named params
  bool numeric = true;            // false for Name_array, IDREF_array, bool_array sources

  size_t width() const { return columns.size(); }
  double value(size_t element, size_t column) const {
    size_t i = offset + element * stride + columns[column];
    if (!f32.empty()) return f32[i];
    if (!f64.empty()) return f64[i];
    return ints[i];
  }
};

// Reads <source> `source`'s accessor: its array found, its count checked against its content
// (collada.array.count), the accessor checked to stay inside the array
// (collada.accessor.past-array). Name arrays are tokenised into `name_storage`.
absl::StatusOr<Accessor> read_accessor(const ReadContext& ctx, const Element& source,
                                       std::vector<std::string_view>* name_storage = nullptr);

// Checks an array element's declared count against the values it holds; with
// ReadOptions::repair a disagreement is a collada.repair.count-from-content warning, unless the
// array was read with decimal commas.
absl::Status check_array_count(const ReadContext& ctx, const Element& array);

}  // namespace px::collada
