// A small JSON-like value for extras, global_attrs and element attributes that have no typed slot.
// Maps keep insertion order, so what a reader saw is what a writer spells.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "polyxios/scene/column.h"

namespace px {

struct Value;
using ValueArray = std::vector<Value>;
using ValueMap = std::vector<std::pair<std::string, Value>>;

struct Value {
  using Storage = std::variant<std::monostate, bool, int64_t, double, std::string, ValueArray,
                               ValueMap, Column>;
  Storage v;

  Value() = default;
  // The copy builds the held alternative through the variant's in-place constructor instead of
  // std::variant's own copy constructor. With libstdc++ 12 in C++20 mode, a variant whose
  // alternatives are all "never valueless" (std::string, std::vector, trivially copyable types:
  // this one) crashes when its copy constructor throws: the half-made copy's storage is destroyed
  // as though it held an alternative, dispatching on index variant_npos (a jump through a wrong
  // table entry). A std::bad_alloc while copying a Value therefore took the process down instead
  // of ending in "out of memory". The in-place constructor throws before the storage exists, so
  // nothing is destroyed. The assignment copies first and then moves, which cannot throw.
  Value(const Value& other);
  Value(Value&&) noexcept = default;
  Value& operator=(const Value& other);
  Value& operator=(Value&&) noexcept = default;
  ~Value() = default;
  Value(bool b) : v(b) {}
  Value(int i) : v(int64_t{i}) {}
  Value(int64_t i) : v(i) {}
  Value(double d) : v(d) {}
  Value(const char* s) : v(std::string(s)) {}
  Value(std::string s) : v(std::move(s)) {}
  Value(std::string_view s) : v(std::string(s)) {}
  Value(ValueArray a) : v(std::move(a)) {}
  Value(ValueMap m) : v(std::move(m)) {}
  Value(Column c) : v(c) {}

  bool is_null() const { return std::holds_alternative<std::monostate>(v); }
  bool is_bool() const { return std::holds_alternative<bool>(v); }
  bool is_int() const { return std::holds_alternative<int64_t>(v); }
  bool is_double() const { return std::holds_alternative<double>(v); }
  bool is_number() const { return is_int() || is_double(); }
  bool is_string() const { return std::holds_alternative<std::string>(v); }
  bool is_array() const { return std::holds_alternative<ValueArray>(v); }
  bool is_map() const { return std::holds_alternative<ValueMap>(v); }
  bool is_column() const { return std::holds_alternative<Column>(v); }

  bool as_bool() const { return std::get<bool>(v); }
  int64_t as_int() const { return std::get<int64_t>(v); }
  double as_double() const {
    return is_int() ? static_cast<double>(as_int()) : std::get<double>(v);
  }
  const std::string& as_string() const { return std::get<std::string>(v); }
  const ValueArray& as_array() const { return std::get<ValueArray>(v); }
  const ValueMap& as_map() const { return std::get<ValueMap>(v); }
  ValueArray& as_array() { return std::get<ValueArray>(v); }
  ValueMap& as_map() { return std::get<ValueMap>(v); }
  const Column& as_column() const { return std::get<Column>(v); }
};

// Lookup and ordered insert-or-replace in a ValueMap.
const Value* find_value(const ValueMap& map, std::string_view key);
Value* find_value(ValueMap& map, std::string_view key);
void set_value(ValueMap& map, std::string_view key, Value value);
bool erase_value(ValueMap& map, std::string_view key);

}  // namespace px
