// Bounds-checked reading of a Draco bitstream: little-endian scalars, LEB128 varints, byte runs,
// and runs of bits read least-significant first. Every read fails (returns false) rather than
// reach past the bytes it was given.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

namespace px::gltf::draco {

class ByteReader {
 public:
  explicit ByteReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  template <class T>
  bool read(T& out) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (remaining() < sizeof(T)) return false;
    std::memcpy(&out, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  bool varint32(uint32_t& out);
  bool varint64(uint64_t& out);
  // The next n bytes, consumed.
  bool take(uint64_t n, std::span<const uint8_t>& out);
  bool skip(uint64_t n);

  size_t remaining() const { return bytes_.size() - pos_; }
  std::span<const uint8_t> rest() const { return bytes_.subspan(pos_); }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

// Bits of a byte run, least-significant bit of each byte first.
class BitReader {
 public:
  explicit BitReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  // Up to 32 bits as an unsigned value, the first bit read the least significant.
  bool bits(uint32_t count, uint32_t& out);
  // Bytes touched so far, a partial byte counting whole.
  uint64_t bytes_used() const { return (bit_ + 7) / 8; }

 private:
  std::span<const uint8_t> bytes_;
  uint64_t bit_ = 0;
};

}  // namespace px::gltf::draco
