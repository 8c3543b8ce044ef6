// Draco mesh connectivity: the faces (three point ids each) and, for edgebreaker streams, the
// corner table the attribute decoders traverse and predict over, with one seam-cut table per
// attribute connectivity the stream carries.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "formats/gltf/draco/byte_reader.h"
#include "formats/gltf/draco/corner_table.h"

namespace px::gltf::draco {

// The order in which one attribute's values were coded: for each table vertex, the index of its
// value, and for each value, the corner where the traversal first reached it.
struct EncodingData {
  std::vector<int32_t> vertex_to_value;
  std::vector<int32_t> value_to_corner;
  void init(int32_t vertices) {
    vertex_to_value.assign(vertices, 0);
    value_to_corner.clear();
  }
};

// Connectivity of a non-position attribute: its seams, and which attributes decoder uses it.
struct AttributeConnectivity {
  std::vector<int32_t> seam_corners;
  std::unique_ptr<AttributeTable> table;
  EncodingData encoding;
  int decoder = -1;
  bool connectivity_used = true;
};

struct Connectivity {
  bool edgebreaker = false;
  std::unique_ptr<CornerTable> table;  // edgebreaker only
  std::unique_ptr<AttributeTable> position_view;
  EncodingData position_encoding;
  std::vector<AttributeConnectivity> attributes;
  std::vector<uint32_t> faces;  // 3 point ids per face
  uint32_t num_points = 0;
};

struct Limits {
  uint64_t max_faces = 0;
  uint64_t max_points = 0;
};

absl::Status decode_sequential_connectivity(ByteReader& in, const Limits& limits,
                                            Connectivity& out);
absl::Status decode_edgebreaker_connectivity(ByteReader& in, const Limits& limits,
                                             Connectivity& out);

}  // namespace px::gltf::draco
