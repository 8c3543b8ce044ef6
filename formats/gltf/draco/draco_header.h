// The first bytes of a KHR_draco_mesh_compression buffer view: the Draco header and the counts
// the mesh's connectivity declares, read before anything is decoded so that they can be checked
// against what the glTF accessors declare and charged to the read's budget. Bitstream 2.2 (what
// every Draco encoder since 1.3 writes) is read; another version, a point cloud and metadata are
// refused as gltf.draco.unsupported, bytes that are no Draco header as gltf.draco.malformed.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace px::gltf::draco {

// What the glTF accessors of a primitive allow its Draco stream to decode to.
struct Limits {
  uint64_t max_faces = 0;
  uint64_t max_points = 0;
};

struct DracoHeader {
  bool edgebreaker = false;  // else sequential connectivity
  uint32_t faces = 0;
  // Sequential: the points. Edgebreaker: the connectivity's vertices; attribute seams may split a
  // vertex into several points, so the points decoded are at least these.
  uint32_t vertices = 0;
};

// Refuses (gltf.draco.malformed) a stream declaring more faces or vertices than `limits` allow.
absl::StatusOr<DracoHeader> read_draco_header(std::span<const uint8_t> bytes, const Limits& limits);

// gltf.draco.malformed / gltf.draco.unsupported refusals naming what failed.
absl::Status draco_malformed(std::string_view detail);
absl::Status draco_unsupported(std::string_view feature);

}  // namespace px::gltf::draco
