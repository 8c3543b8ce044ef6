// The order in which an attributes decoder's values were coded: a depth-first (edgebreaker) or
// prediction-degree traversal of the mesh's corner table, or plain point order for sequential
// connectivity; and the map from each point to its value.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "formats/gltf/draco/connectivity.h"

namespace px::gltf::draco {

inline constexpr int kTraversalDepthFirst = 0;
inline constexpr int kTraversalPredictionDegree = 1;

// Traverses `view` from each face in turn, recording each newly reached vertex in `encoding`
// and its point (from `faces`) in `point_ids`.
absl::Status traverse(const AttributeTable& view, const std::vector<uint32_t>& faces, int method,
                      EncodingData& encoding, std::vector<uint32_t>& point_ids);

// point_to_value[p]: the value index of point p, through the vertex of each corner.
absl::Status map_points(const AttributeTable& view, const std::vector<uint32_t>& faces,
                        uint32_t num_points, uint32_t num_values, const EncodingData& encoding,
                        std::vector<uint32_t>& point_to_value);

}  // namespace px::gltf::draco
