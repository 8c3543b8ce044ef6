#include "formats/gltf/draco/draco_header.h"

#include <cstring>
#include <string>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf::draco {
namespace {

// Bounds-checked little-endian reads and LEB128 varints of at most 32 bits.
class HeaderReader {
 public:
  explicit HeaderReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  bool u8(uint8_t& out) {
    if (pos_ >= bytes_.size()) return false;
    out = bytes_[pos_++];
    return true;
  }
  bool u16(uint16_t& out) {
    uint8_t lo = 0, hi = 0;
    if (!u8(lo) || !u8(hi)) return false;
    out = static_cast<uint16_t>(lo | hi << 8);
    return true;
  }
  bool varint32(uint32_t& out) {
    uint64_t value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      uint8_t byte = 0;
      if (!u8(byte)) return false;
      value |= uint64_t{byte & 0x7fu} << shift;
      if ((byte & 0x80) == 0) {
        if (value > UINT32_MAX) return false;
        out = static_cast<uint32_t>(value);
        return true;
      }
    }
    return false;
  }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

constexpr uint16_t kMetadataFlag = 0x8000;

}  // namespace

absl::Status draco_malformed(std::string_view detail) {
  return refuse("gltf.draco.malformed", detail);
}

absl::Status draco_unsupported(std::string_view feature) {
  return refuse("gltf.draco.unsupported",
                cat("the Draco bitstream uses ", feature, ", which is not decoded"));
}

absl::StatusOr<DracoHeader> read_draco_header(std::span<const uint8_t> bytes,
                                              const Limits& limits) {
  if (bytes.size() < 5 || std::memcmp(bytes.data(), "DRACO", 5) != 0) {
    return draco_malformed("the buffer view does not start with DRACO");
  }
  HeaderReader in(bytes.subspan(5));
  uint8_t major = 0, minor = 0, encoder = 0, method = 0;
  uint16_t flags = 0;
  if (!in.u8(major) || !in.u8(minor) || !in.u8(encoder) || !in.u8(method) || !in.u16(flags)) {
    return draco_malformed("the Draco header is cut short");
  }
  if (major != 2 || minor != 2) {
    return draco_unsupported(
        cat("bitstream version ", int(major), ".", int(minor), " (2.2 is read)"));
  }
  if (encoder == 0) return draco_unsupported("point-cloud encoding (a mesh is needed)");
  if (encoder != 1) return draco_malformed(cat("encoder type ", int(encoder)));
  if (flags & kMetadataFlag) return draco_unsupported("metadata");
  DracoHeader header;
  if (method == 0) {
    if (!in.varint32(header.faces) || !in.varint32(header.vertices)) {
      return draco_malformed("the sequential connectivity header is cut short");
    }
  } else if (method == 1) {
    header.edgebreaker = true;
    uint8_t traversal = 0;
    if (!in.u8(traversal) || !in.varint32(header.vertices) || !in.varint32(header.faces)) {
      return draco_malformed("the edgebreaker header is cut short");
    }
  } else {
    return draco_malformed(cat("mesh encoding method ", int(method)));
  }
  if (header.faces > limits.max_faces || header.vertices > limits.max_points) {
    return draco_malformed(cat("the mesh claims ", header.faces, " faces and ", header.vertices,
                               header.edgebreaker ? " vertices" : " points",
                               ", more than the glTF accessors declare"));
  }
  return header;
}

}  // namespace px::gltf::draco
