#include "formats/collada/read/split_positions.h"

namespace px::collada {

std::vector<uint32_t> SplitPositions::vertex_positions(size_t positions) const {
  std::vector<uint32_t> out(positions + count_);
  for (size_t v = 0; v < positions; ++v) out[v] = static_cast<uint32_t>(v);
  const uint8_t* in = bytes_.data();
  int64_t previous = 0;
  for (size_t i = 0; i < count_; ++i) {
    uint64_t z = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t byte = *in++;
      z |= uint64_t{byte & 0x7fu} << shift;
      if (byte < 0x80) break;
    }
    previous += static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1);
    out[positions + i] = static_cast<uint32_t>(previous);
  }
  return out;
}

}  // namespace px::collada
