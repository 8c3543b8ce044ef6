// The position each split vertex of a geometry came from, kept from the geometry's read (during
// the parse) until skins and morphs are read, which need a vertex's position to find its weights
// and offsets. Geometries are read before the controllers that name them are seen, so every
// geometry keeps it, coded: a split vertex's position is one its corner's neighbours named a
// corner or two before, so each is the difference from the nearest of the last four positions
// (zigzag, with which of the four in its low two bits; 7 bits a byte). Four bytes a vertex were
// 40 MiB of a 1 GB document's read peak; the difference from the last position alone, 14 MiB;
// from the nearest of the last four, 10 MiB (and 11% less over the corpus's meshes).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace px::collada {

class SplitPositions {
 public:
  // Appends the position of the next split vertex.
  void add(uint32_t position) {
    uint64_t best = UINT64_MAX;
    for (uint64_t k = 0; k < kRecent; ++k) {
      best = std::min(best, (zigzag(position, recent_[k]) << 2) | k);
    }
    for (size_t k = kRecent - 1; k > 0; --k) recent_[k] = recent_[k - 1];
    recent_[0] = position;
    while (best >= 0x80) {
      bytes_.push_back(static_cast<uint8_t>(best | 0x80));
      best >>= 7;
    }
    bytes_.push_back(static_cast<uint8_t>(best));
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
  static uint64_t zigzag(uint32_t value, uint32_t previous) {
    const int64_t d = int64_t{value} - int64_t{previous};
    return (static_cast<uint64_t>(d) << 1) ^ static_cast<uint64_t>(d >> 63);
  }
  static constexpr size_t kRecent = 4;

  std::vector<uint8_t> bytes_;
  size_t count_ = 0;
  uint32_t recent_[kRecent] = {};  // the last positions added, the latest first
};

}  // namespace px::collada
