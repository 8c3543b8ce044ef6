#include "model/value.h"

#include <algorithm>

namespace px {

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
