// decode_draco_mesh: a KHR_draco_mesh_compression buffer view (a Draco 2.2 triangle-mesh
// bitstream, sequential or edgebreaker connectivity) decoded to a triangle index list and, per
// attribute, one value per point, keyed by the attribute's Draco unique id. Anything the stream
// uses that is not decoded is refused as gltf.draco.unsupported naming it; a stream that does not
// hold together is refused as gltf.draco.malformed. Every count is checked against the bytes and
// against `limits` (what the glTF accessors declare) before anything is allocated for it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/draco/connectivity.h"

namespace px::gltf::draco {

// Draco's attribute types and data types, as the bitstream numbers them.
enum class AttributeType : uint8_t { kPosition = 0, kNormal, kColor, kTexCoord, kGeneric };
enum class DataType : uint8_t {
  kInt8 = 1,
  kUInt8,
  kInt16,
  kUInt16,
  kInt32,
  kUInt32,
  kInt64,
  kUInt64,
  kFloat32,
  kFloat64,
  kBool
};

struct DracoAttribute {
  uint32_t unique_id = 0;
  uint8_t type = 0;  // AttributeType
  DataType data_type = DataType::kFloat32;
  int components = 0;
  bool normalized = false;
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
