#include "polyxios/scene/node_collada.h"

namespace px {

const std::string* node_sid(const Node& node) {
  const Value* sid = find_value(node.extras, "sid");
  return sid != nullptr && sid->is_string() ? &sid->as_string() : nullptr;
}

std::optional<std::vector<TransformElement>> node_transform_elements(const Node& node) {
  return transform_elements(node.extras);
}

}  // namespace px
