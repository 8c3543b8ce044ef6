// MESH_SEQUENTIAL_ENCODING: the face indices as they are, or delta-coded through rANS symbols.
#include <limits>

#include "engine/strings.h"
#include "formats/gltf/draco/connectivity.h"
#include "formats/gltf/draco/draco_error.h"
#include "formats/gltf/draco/rans.h"

namespace px::gltf::draco {

absl::Status decode_sequential_connectivity(ByteReader& in, const Limits& limits,
                                            Connectivity& out) {
  uint32_t faces = 0;
  uint32_t points = 0;
  uint8_t method = 0;
  if (!in.varint32(faces) || !in.varint32(points) || !in.read(method)) {
    return malformed("the sequential connectivity header is cut short");
  }
  if (faces > limits.max_faces || points > limits.max_points) {
    return malformed(cat("the mesh claims ", faces, " faces and ", points,
                         " points, more than the glTF accessors declare"));
  }
  // Every index takes at least a bit of the stream.
  if (uint64_t{faces} * 3 > in.remaining() * uint64_t{8}) {
    return malformed(cat(faces, " faces do not fit the remaining bytes"));
  }
  out.faces.assign(size_t{faces} * 3, 0);
  if (method == 0) {
    std::vector<uint32_t> symbols(out.faces.size());
    PX_DRACO_TRY(decode_symbols(in, 1, symbols));
    int64_t last = 0;
    for (size_t i = 0; i < symbols.size(); ++i) {
      const int64_t diff = symbols[i] >> 1;
      last += (symbols[i] & 1) ? -diff : diff;
      if (last < 0 || last > std::numeric_limits<int32_t>::max()) {
        return malformed("a delta-coded index leaves the index range");
      }
      out.faces[i] = static_cast<uint32_t>(last);
    }
  } else if (method == 1) {
    for (uint32_t& index : out.faces) {
      bool ok = false;
      if (points < 256) {
        uint8_t v = 0;
        ok = in.read(v);
        index = v;
      } else if (points < (1 << 16)) {
        uint16_t v = 0;
        ok = in.read(v);
        index = v;
      } else if (points < (1 << 21)) {
        ok = in.varint32(index);
      } else {
        ok = in.read(index);
      }
      if (!ok) return malformed("the face indices are cut short");
    }
  } else {
    return malformed(cat("sequential connectivity method ", int(method)));
  }
  for (uint32_t index : out.faces) {
    if (index >= points) return malformed(cat("a face names point ", index, " of ", points));
  }
  out.num_points = points;
  return absl::OkStatus();
}

}  // namespace px::gltf::draco
