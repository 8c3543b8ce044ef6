#include "formats/gltf/draco/draco_mesh.h"

#include <cstring>

#include "engine/strings.h"
#include "formats/gltf/draco/attribute_decoder.h"
#include "formats/gltf/draco/draco_error.h"

namespace px::gltf::draco {

absl::StatusOr<DracoMesh> decode_draco_mesh(std::span<const uint8_t> bytes, const Limits& limits) {
  ByteReader in(bytes);
  std::span<const uint8_t> magic;
  uint8_t major = 0, minor = 0, encoder = 0, method = 0;
  uint16_t flags = 0;
  if (!in.take(5, magic) || std::memcmp(magic.data(), "DRACO", 5) != 0) {
    return malformed("the buffer view does not start with DRACO");
  }
  if (!in.read(major) || !in.read(minor) || !in.read(encoder) || !in.read(method) ||
      !in.read(flags)) {
    return malformed("the Draco header is cut short");
  }
  if (major != 2 || minor != 2) {
    return unsupported(cat("bitstream version ", int(major), ".", int(minor), " (2.2 is read)"));
  }
  if (encoder == 0) return unsupported("point-cloud encoding (a mesh is needed)");
  if (encoder != 1) return malformed(cat("encoder type ", int(encoder)));
  if (flags & 0x8000) return unsupported("metadata");
  Connectivity connectivity;
  if (method == 0) {
    PX_DRACO_TRY(decode_sequential_connectivity(in, limits, connectivity));
  } else if (method == 1) {
    PX_DRACO_TRY(decode_edgebreaker_connectivity(in, limits, connectivity));
  } else {
    return malformed(cat("mesh encoding method ", int(method)));
  }
  DracoMesh mesh;
  PX_DRACO_TRY(decode_attributes(in, connectivity, mesh.attributes));
  mesh.indices = std::move(connectivity.faces);
  mesh.num_points = connectivity.num_points;
  return mesh;
}

}  // namespace px::gltf::draco
