#include "polyxios/scene/value.h"

#include <algorithm>
#include <type_traits>
#include <utility>
#include <variant>

namespace px {

Value::Value(const Value& other)
    : v(std::visit(
          [](const auto& held) -> Storage {
            return Storage(std::in_place_type<std::decay_t<decltype(held)>>, held);
          },
          other.v)) {}

Value& Value::operator=(const Value& other) {
  if (this != &other) {
    Value copy(other);  // may throw: *this is untouched
    v = std::move(copy.v);
  }
  return *this;
}

const Value* find_value(const ValueMap& map, std::string_view key) {
  for (const auto& [k, v] : map) {
    if (k == key) return &v;
  }
  return nullptr;
}

Value* find_value(ValueMap& map, std::string_view key) {
  for (auto& [k, v] : map) {
    if (k == key) return &v;
  }
  return nullptr;
}

void set_value(ValueMap& map, std::string_view key, Value value) {
  if (Value* existing = find_value(map, key)) {
    *existing = std::move(value);
    return;
  }
  map.emplace_back(std::string(key), std::move(value));
}

bool erase_value(ValueMap& map, std::string_view key) {
  auto it = std::find_if(map.begin(), map.end(), [&](const auto& kv) { return kv.first == key; });
  if (it == map.end()) return false;
  map.erase(it);
  return true;
}

}  // namespace px
