#include "formats/gltf/draco/byte_reader.h"

namespace px::gltf::draco {
namespace {

template <class T>
bool varint(ByteReader& in, T& out) {
  out = 0;
  for (unsigned shift = 0; shift < sizeof(T) * 8; shift += 7) {
    uint8_t byte = 0;
    if (!in.read(byte)) return false;
    out |= static_cast<T>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;  // longer than the type can hold
}

}  // namespace

bool ByteReader::varint32(uint32_t& out) { return varint(*this, out); }
bool ByteReader::varint64(uint64_t& out) { return varint(*this, out); }

bool ByteReader::take(uint64_t n, std::span<const uint8_t>& out) {
  if (n > remaining()) return false;
  out = bytes_.subspan(pos_, static_cast<size_t>(n));
  pos_ += static_cast<size_t>(n);
  return true;
}

bool ByteReader::skip(uint64_t n) {
  std::span<const uint8_t> ignored;
  return take(n, ignored);
}

bool BitReader::bits(uint32_t count, uint32_t& out) {
  if (count > 32 || count > bytes_.size() * uint64_t{8} - bit_) return false;
  uint32_t value = 0;
  for (uint32_t i = 0; i < count; ++i, ++bit_) {
    value |= static_cast<uint32_t>((bytes_[bit_ >> 3] >> (bit_ & 7)) & 1) << i;
  }
  out = value;
  return true;
}

}  // namespace px::gltf::draco
