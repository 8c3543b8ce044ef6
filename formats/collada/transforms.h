// A node's transform elements (<matrix>, <translate>, <rotate>, <scale>, <lookat>, <skew>):
// each element's matrix, checked for its value count.
#pragma once

#include <Eigen/Core>
#include <span>
#include <string_view>

#include "absl/status/statusor.h"

namespace px::collada {

bool is_transform_element(std::string_view name);
// The number of values the element takes: 16, 3, 4, 3, 9, 7.
size_t transform_value_count(std::string_view name);
// The element's matrix from its values (count already checked). <skew> gives identity: the
// caller warns that it is ignored.
Eigen::Matrix4d transform_matrix(std::string_view name, std::span<const double> v);

}  // namespace px::collada
