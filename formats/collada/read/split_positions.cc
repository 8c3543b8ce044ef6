#include "formats/collada/read/split_positions.h"

namespace px::collada {

std::vector<uint32_t> SplitPositions::vertex_positions(size_t positions) const {
  std::vector<uint32_t> out(positions + count_);
  for (size_t v = 0; v < positions; ++v) out[v] = static_cast<uint32_t>(v);
  const uint8_t* in = bytes_.data();
  uint32_t recent[kRecent] = {};
  for (size_t i = 0; i < count_; ++i) {
    uint64_t coded = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t byte = *in++;
      coded |= uint64_t{byte & 0x7fu} << shift;
      if (byte < 0x80) break;
    }
    const uint64_t z = coded >> 2;
    const int64_t position =
        int64_t{recent[coded & 3]} + (static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1));
    for (size_t k = kRecent - 1; k > 0; --k) recent[k] = recent[k - 1];
    recent[0] = static_cast<uint32_t>(position);
    out[positions + i] = recent[0];
  }
  return out;
}

}  // namespace px::collada
