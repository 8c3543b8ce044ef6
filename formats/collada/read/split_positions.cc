#include "formats/collada/read/split_positions.h"

namespace px::collada {

std::vector<uint32_t> SplitPositions::vertex_positions(size_t positions) const {
  std::vector<uint32_t> out(positions + count_);
  for (size_t v = 0; v < positions; ++v) out[v] = static_cast<uint32_t>(v);
  size_t nibble = 0;
  auto next_nibble = [&] {
    const uint8_t byte = bytes_[nibble / 2];
    return static_cast<uint8_t>(nibble++ % 2 == 0 ? byte & 0xf : byte >> 4);
  };
  uint32_t recent[kRecent] = {};
  for (size_t i = 0; i < count_; ++i) {
    const uint8_t head = next_nibble();
    uint32_t which;
    uint64_t z;
    if (head < kEscape) {
      which = head / kSmall;
      z = head % kSmall;
    } else {
      which = head - kEscape;
      z = 0;
      for (int shift = 0;; shift += 7) {
        const uint8_t low = next_nibble();
        const uint8_t byte = static_cast<uint8_t>(low | next_nibble() << 4);
        z |= uint64_t{byte & 0x7fu} << shift;
        if (byte < 0x80) break;
      }
      z += kSmall;
    }
    const int64_t position =
        int64_t{recent[which]} + (static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1));
    for (size_t k = kRecent - 1; k > 0; --k) recent[k] = recent[k - 1];
    recent[0] = static_cast<uint32_t>(position);
    out[positions + i] = recent[0];
  }
  return out;
}

}  // namespace px::collada
