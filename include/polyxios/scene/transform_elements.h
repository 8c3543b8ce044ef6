// COLLADA's transform elements as the model keeps them in Node::transforms: each element's matrix
// from its values, and which of its values an animation member sets. The
// COLLADA reader composes a node's matrix the same way, so a node not edited since it was read
// composes from its elements to the bit.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace px {

struct TransformElement {
  std::string kind;            // matrix, translate, rotate, scale, lookat, skew
  std::string sid;             // empty when the element has none
  std::vector<double> values;  // element_value_count(kind) of them
  // The element spells sid="": writers take it for none; a channel address can name it, and the
  // Python module lists it.
  bool empty_sid_spelled = false;

  bool has_sid() const { return !sid.empty() || empty_sid_spelled; }
};

// The number of values an element of this kind holds: 16, 3, 4, 3, 9, 7; 0 for another name.
size_t element_value_count(std::string_view kind);

// The values of an element of this kind that spell the identity (a <rotate> about z, a <lookat>
// from the origin down -z with y up, a <skew> of angle 0); empty for another name.
std::span<const double> identity_values(std::string_view kind);

// The element's matrix; <matrix> values are spelled row by row. A <skew> gives the identity, as
// the reader ignores it.
Eigen::Matrix4d element_matrix(std::string_view kind, std::span<const double> values);

// Every element of a known kind holds its number of values, as a COLLADA read gives them; the model
// composes and corrects only such a list.
bool well_formed(std::span<const TransformElement> elements);

// The product of the elements' matrices in order.
Eigen::Matrix4d compose_elements(const std::vector<TransformElement>& elements);

// The indices into an element's values that an animation member sets: all of them for "", X / Y
// / Z / ANGLE by name, "(i)" value i, and for a <matrix> "(i)" column i and "(i)(j)" the cell of
// column i, row j. nullopt when the member names no part of the element.
std::optional<std::vector<int>> member_indices(std::string_view kind, std::string_view member);

}  // namespace px
