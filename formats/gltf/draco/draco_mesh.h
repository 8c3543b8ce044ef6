// decode_draco_mesh: a KHR_draco_mesh_compression buffer view decoded by Google's Draco library
// (libdraco) to a triangle index list and, per attribute, one value per point, keyed by the
// attribute's Draco unique id. The header's counts are checked against `limits` (what the glTF
// accessors declare) before the library decodes (draco_header.h); what the library refuses is
// gltf.draco.malformed with its message; an allocation that fails inside it is the out-of-memory
// status, never an exception.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/draco/draco_header.h"

namespace px::gltf::draco {

struct DracoAttribute {
  uint32_t unique_id = 0;
  int components = 0;
  // num_points rows of `components`: floats for float data, ints (the value in its data type,
  // widened) otherwise.
  std::vector<float> floats;
  std::vector<int64_t> ints;
};

struct DracoMesh {
  std::vector<uint32_t> indices;  // three per triangle
  uint32_t num_points = 0;
  std::vector<DracoAttribute> attributes;

  const DracoAttribute* find(uint32_t unique_id) const {
    for (const DracoAttribute& a : attributes) {
      if (a.unique_id == unique_id) return &a;
    }
    return nullptr;
  }
};

absl::StatusOr<DracoMesh> decode_draco_mesh(std::span<const uint8_t> bytes, const Limits& limits);

}  // namespace px::gltf::draco
