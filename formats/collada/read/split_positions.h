// The position each split vertex of a geometry came from, kept from the geometry's read (during
// the parse) until skins and morphs are read, which need a vertex's position to find its weights
// and offsets. Geometries are read before the controllers that name them are seen, so every
// geometry keeps it: coded as the difference from the previous split's position (zigzag, 7 bits
// a byte), a byte or two where a mesh's corners run over nearby positions. Four bytes a vertex
// were 40 MiB of a 1 GB document's read peak; coded, 14 MiB.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace px::collada {

class SplitPositions {
 public:
  // Codes count positions, position(i) the position of split vertex i.
  template <class PositionOf>
  void assign(size_t count, PositionOf position) {
    size_t bytes = 0;
    uint32_t previous = 0;
    for (size_t i = 0; i < count; ++i) {
      const uint32_t p = position(i);
      bytes += coded_size(zigzag(p, previous));
      previous = p;
    }
    bytes_.assign(bytes, 0);
    uint8_t* out = bytes_.data();
    previous = 0;
    for (size_t i = 0; i < count; ++i) {
      const uint32_t p = position(i);
      out = code(zigzag(p, previous), out);
      previous = p;
    }
    count_ = count;
  }

  size_t count() const { return count_; }
  size_t coded_bytes() const { return bytes_.size(); }

  // The position of every vertex of a geometry of `positions` positions, whose vertex v <
  // positions is position v and the rest are the split vertices in order.
  std::vector<uint32_t> vertex_positions(size_t positions) const;

 private:
  static uint64_t zigzag(uint32_t value, uint32_t previous) {
    const int64_t d = int64_t{value} - int64_t{previous};
    return (static_cast<uint64_t>(d) << 1) ^ static_cast<uint64_t>(d >> 63);
  }
  static size_t coded_size(uint64_t z) {
    size_t n = 1;
    while (z >= 0x80) {
      z >>= 7;
      ++n;
    }
    return n;
  }
  static uint8_t* code(uint64_t z, uint8_t* out) {
    while (z >= 0x80) {
      *out++ = static_cast<uint8_t>(z | 0x80);
      z >>= 7;
    }
    *out++ = static_cast<uint8_t>(z);
    return out;
  }

  std::vector<uint8_t> bytes_;
  size_t count_ = 0;
};

}  // namespace px::collada
