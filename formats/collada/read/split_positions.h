// The position each split vertex of a geometry came from, kept from the geometry's read (during
// the parse) until skins and morphs are read, which need a vertex's position to find its weights
// and offsets. Geometries are read before the controllers that name them are seen, so every
// geometry keeps it, coded: a split vertex's position is one its corner's neighbours named a
// corner or two before, so each is told as the nearest of the last four positions and its
// difference from it, in 4-bit nibbles. A difference of -1, 0 or +1 takes one nibble; any other
// takes an escape nibble and its zigzag (less 3) in bytes of 7 bits. Four bytes a vertex were
// 40 MiB of a 1 GB document's read peak; the difference from the last position in bytes, 14 MiB;
// this, 7 MiB (and 37% less than that over the corpus's meshes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace px::collada {

class SplitPositions {
 public:
  // Appends the position of the next split vertex.
  void add(uint32_t position) {
    uint64_t nearest = UINT64_MAX;
    uint32_t which = 0;
    for (uint32_t k = 0; k < kRecent; ++k) {
      const uint64_t z = zigzag(position, recent_[k]);
      if (z < nearest) {
        nearest = z;
        which = k;
      }
    }
    for (size_t k = kRecent - 1; k > 0; --k) recent_[k] = recent_[k - 1];
    recent_[0] = position;
    if (nearest < kSmall) {
      put_nibble(static_cast<uint8_t>(which * kSmall + nearest));
    } else {
      put_nibble(static_cast<uint8_t>(kEscape + which));
      for (uint64_t rest = nearest - kSmall;; rest >>= 7) {
        const uint8_t byte = static_cast<uint8_t>((rest & 0x7f) | (rest >= 0x80 ? 0x80 : 0));
        put_nibble(byte & 0xf);
        put_nibble(byte >> 4);
        if (rest < 0x80) break;
      }
    }
    ++count_;
  }
  // Once every split is added: the room the coding grew into past its end goes back.
  void shrink_to_fit() { bytes_.shrink_to_fit(); }

  size_t count() const { return count_; }
  size_t coded_bytes() const { return bytes_.size(); }

  // The position of every vertex of a geometry of `positions` positions, whose vertex v <
  // positions is position v and the rest are the split vertices in order.
  std::vector<uint32_t> vertex_positions(size_t positions) const;

 private:
  static constexpr uint32_t kRecent = 4;
  // Zigzag differences below kSmall (-1, 0, +1) share a nibble with the position they are from;
  // nibbles from kEscape on say which position, the difference following.
  static constexpr uint64_t kSmall = 3;
  static constexpr uint8_t kEscape = kRecent * kSmall;

  static uint64_t zigzag(uint32_t value, uint32_t previous) {
    const int64_t d = int64_t{value} - int64_t{previous};
    return (static_cast<uint64_t>(d) << 1) ^ static_cast<uint64_t>(d >> 63);
  }
  void put_nibble(uint8_t nibble) {
    if (odd_nibbles_) {
      bytes_.back() |= static_cast<uint8_t>(nibble << 4);
    } else {
      bytes_.push_back(nibble);
    }
    odd_nibbles_ = !odd_nibbles_;
  }

  std::vector<uint8_t> bytes_;  // nibbles, the low one of a byte first
  bool odd_nibbles_ = false;    // the last byte holds one nibble
  size_t count_ = 0;
  uint32_t recent_[kRecent] = {};  // the last positions added, the latest first
};

}  // namespace px::collada
