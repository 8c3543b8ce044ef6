#include "formats/gltf/write/value_json.h"

#include <variant>

namespace px::gltf {
namespace {

void write_cell(JsonWriter& json, const Column& column, size_t row, size_t col) {
  if (dtype_is_float(column.dtype)) {
    json.number(column.get(row, col));
  } else if (column.holds<int64_t>()) {
    // get() goes through double, which would round integers past 2^53.
    json.integer(column.values<int64_t>()[row * column.cols + col]);
  } else {
    json.integer(static_cast<int64_t>(column.get(row, col)));
  }
}

void write_column(JsonWriter& json, const Column& column) {
  json.start_array();
  for (size_t r = 0; r < column.rows; ++r) {
    if (column.cols == 1) {
      write_cell(json, column, r, 0);
      continue;
    }
    json.start_array();
    for (size_t c = 0; c < column.cols; ++c) write_cell(json, column, r, c);
    json.end_array();
  }
  json.end_array();
}

}  // namespace

void write_value(JsonWriter& json, const Value& value) {
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          json.null();
        } else if constexpr (std::is_same_v<T, bool>) {
          json.boolean(v);
        } else if constexpr (std::is_same_v<T, int64_t>) {
          json.integer(v);
        } else if constexpr (std::is_same_v<T, double>) {
          json.number(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          json.string(v);
        } else if constexpr (std::is_same_v<T, ValueArray>) {
          json.start_array();
          for (const Value& item : v) write_value(json, item);
          json.end_array();
        } else if constexpr (std::is_same_v<T, ValueMap>) {
          json.start_object();
          for (const auto& [key, item] : v) {
            json.key(key);
            write_value(json, item);
          }
          json.end_object();
        } else {
          write_column(json, v);
        }
      },
      value.v);
}

}  // namespace px::gltf
