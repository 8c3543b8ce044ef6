// A node's COLLADA sid and transform elements, as the animation code reads them: the one place
// that knows where a node keeps them (its extras["sid"] and extras["transforms"]).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "polyxios/scene/scene.h"
#include "polyxios/scene/transform_elements.h"

namespace px {

// The node's sid; null when it has none.
const std::string* node_sid(const Node& node);

// The node's transform elements in order; nullopt when it spells none or they are not well
// formed (polyxios/scene/transform_elements.h).
std::optional<std::vector<TransformElement>> node_transform_elements(const Node& node);

}  // namespace px
