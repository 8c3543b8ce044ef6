// COLLADA's transform elements as the model keeps them in a node's extras["transforms"]: each
// element's matrix from its values, and which of its values an animation member sets. The
// COLLADA reader composes a node's matrix the same way, so a node not edited since it was read
// composes from its elements to the bit.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/value.h"

namespace px {

struct TransformElement {
  std::string kind;  // matrix, translate, rotate, scale, lookat, skew
  std::string sid;   // empty when the element has none
  std::vector<double> values;
};

// The number of values an element of this kind holds: 16, 3, 4, 3, 9, 7; 0 for another name.
size_t element_value_count(std::string_view kind);

// The values of an element of this kind that spell the identity (a <rotate> about z, a <lookat>
// from the origin down -z with y up, a <skew> of angle 0); empty for another name.
std::span<const double> identity_values(std::string_view kind);

// The element's matrix; <matrix> values are spelled row by row. A <skew> gives the identity, as
// the reader ignores it.
Eigen::Matrix4d element_matrix(std::string_view kind, std::span<const double> values);

// The elements of extras["transforms"]; nullopt when the list is absent or not well formed
// (an entry without a known kind or with the wrong number of values).
std::optional<std::vector<TransformElement>> transform_elements(const ValueMap& extras);

// The product of the elements' matrices in order.
Eigen::Matrix4d compose_elements(const std::vector<TransformElement>& elements);

// The indices into an element's values that an animation member sets: all of them for "", X / Y
// / Z / ANGLE by name, "(i)" value i, and for a <matrix> "(i)" column i and "(i)(j)" the cell of
// column i, row j. nullopt when the member names no part of the element.
std::optional<std::vector<int>> member_indices(std::string_view kind, std::string_view member);

}  // namespace px
