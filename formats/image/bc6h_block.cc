#include "formats/image/bc6h_block.h"

#include <algorithm>

#include "formats/image/bc7_block.h"

namespace px::image {

namespace {

// The fields a mode's header spreads over its bits: endpoints w, x (region 0), y, z (region 1)
// of each channel, and the partition d.
enum Field : uint8_t { RW, GW, BW, RX, GX, BX, RY, GY, BY, RZ, GZ, BZ, D };

// `count` bits of the stream, least significant first, are bits first.. of `field`.
struct Run {
  uint8_t field, first, count;
};

struct Mode {
  int key;           // the mode bits' value (2 bits for modes 1 and 2, else 5)
  int regions;       // 1 or 2
  bool transformed;  // endpoints after the first are deltas from it
  int bits;          // the first endpoint's precision
  int delta[3];      // the others' (R, G, B), their precision when transformed
  Run runs[24];      // the header after the mode bits, in stream order; a zero count ends it
};

// The specification's modes 1 to 14 (its bit tables, run by run).
// clang-format off
constexpr Mode kModes[14] = {
    {0, 2, true, 10, {5, 5, 5},
     {{GY, 4, 1}, {BY, 4, 1}, {BZ, 4, 1}, {RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 5},
      {GZ, 4, 1}, {GY, 0, 4}, {GX, 0, 5}, {BZ, 0, 1}, {GZ, 0, 4}, {BX, 0, 5}, {BZ, 1, 1},
      {BY, 0, 4}, {RY, 0, 5}, {BZ, 2, 1}, {RZ, 0, 5}, {BZ, 3, 1}, {D, 0, 5}}},
    {1, 2, true, 7, {6, 6, 6},
     {{GY, 5, 1}, {GZ, 4, 1}, {GZ, 5, 1}, {RW, 0, 7}, {BZ, 0, 1}, {BZ, 1, 1}, {BY, 4, 1},
      {GW, 0, 7}, {BY, 5, 1}, {BZ, 2, 1}, {GY, 4, 1}, {BW, 0, 7}, {BZ, 3, 1}, {BZ, 5, 1},
      {BZ, 4, 1}, {RX, 0, 6}, {GY, 0, 4}, {GX, 0, 6}, {GZ, 0, 4}, {BX, 0, 6}, {BY, 0, 4},
      {RY, 0, 6}, {RZ, 0, 6}, {D, 0, 5}}},
    {2, 2, true, 11, {5, 4, 4},
     {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 5}, {RW, 10, 1}, {GY, 0, 4}, {GX, 0, 4},
      {GW, 10, 1}, {BZ, 0, 1}, {GZ, 0, 4}, {BX, 0, 4}, {BW, 10, 1}, {BZ, 1, 1}, {BY, 0, 4},
      {RY, 0, 5}, {BZ, 2, 1}, {RZ, 0, 5}, {BZ, 3, 1}, {D, 0, 5}}},
    {6, 2, true, 11, {4, 5, 4},
     {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 4}, {RW, 10, 1}, {GZ, 4, 1}, {GY, 0, 4},
      {GX, 0, 5}, {GW, 10, 1}, {GZ, 0, 4}, {BX, 0, 4}, {BW, 10, 1}, {BZ, 1, 1}, {BY, 0, 4},
      {RY, 0, 4}, {BZ, 0, 1}, {BZ, 2, 1}, {RZ, 0, 4}, {GY, 4, 1}, {BZ, 3, 1}, {D, 0, 5}}},
    {10, 2, true, 11, {4, 4, 5},
     {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 4}, {RW, 10, 1}, {BY, 4, 1}, {GY, 0, 4},
      {GX, 0, 4}, {GW, 10, 1}, {BZ, 0, 1}, {GZ, 0, 4}, {BX, 0, 5}, {BW, 10, 1}, {BY, 0, 4},
      {RY, 0, 4}, {BZ, 1, 1}, {BZ, 2, 1}, {RZ, 0, 4}, {BZ, 4, 1}, {BZ, 3, 1}, {D, 0, 5}}},
    {14, 2, true, 9, {5, 5, 5},
     {{RW, 0, 9}, {BY, 4, 1}, {GW, 0, 9}, {GY, 4, 1}, {BW, 0, 9}, {BZ, 4, 1}, {RX, 0, 5},
      {GZ, 4, 1}, {GY, 0, 4}, {GX, 0, 5}, {BZ, 0, 1}, {GZ, 0, 4}, {BX, 0, 5}, {BZ, 1, 1},
      {BY, 0, 4}, {RY, 0, 5}, {BZ, 2, 1}, {RZ, 0, 5}, {BZ, 3, 1}, {D, 0, 5}}},
    {18, 2, true, 8, {6, 5, 5},
     {{RW, 0, 8}, {GZ, 4, 1}, {BY, 4, 1}, {GW, 0, 8}, {BZ, 2, 1}, {GY, 4, 1}, {BW, 0, 8},
      {BZ, 3, 1}, {BZ, 4, 1}, {RX, 0, 6}, {GY, 0, 4}, {GX, 0, 5}, {BZ, 0, 1}, {GZ, 0, 4},
      {BX, 0, 5}, {BZ, 1, 1}, {BY, 0, 4}, {RY, 0, 6}, {RZ, 0, 6}, {D, 0, 5}}},
    {22, 2, true, 8, {5, 6, 5},
     {{RW, 0, 8}, {BZ, 0, 1}, {BY, 4, 1}, {GW, 0, 8}, {GY, 5, 1}, {GY, 4, 1}, {BW, 0, 8},
      {GZ, 5, 1}, {BZ, 4, 1}, {RX, 0, 5}, {GZ, 4, 1}, {GY, 0, 4}, {GX, 0, 6}, {GZ, 0, 4},
      {BX, 0, 5}, {BZ, 1, 1}, {BY, 0, 4}, {RY, 0, 5}, {BZ, 2, 1}, {RZ, 0, 5}, {BZ, 3, 1},
      {D, 0, 5}}},
    {26, 2, true, 8, {5, 5, 6},
     {{RW, 0, 8}, {BZ, 1, 1}, {BY, 4, 1}, {GW, 0, 8}, {BY, 5, 1}, {GY, 4, 1}, {BW, 0, 8},
      {BZ, 5, 1}, {BZ, 4, 1}, {RX, 0, 5}, {GZ, 4, 1}, {GY, 0, 4}, {GX, 0, 5}, {BZ, 0, 1},
      {GZ, 0, 4}, {BX, 0, 6}, {BY, 0, 4}, {RY, 0, 5}, {BZ, 2, 1}, {RZ, 0, 5}, {BZ, 3, 1},
      {D, 0, 5}}},
    {30, 2, false, 6, {6, 6, 6},
     {{RW, 0, 6}, {GZ, 4, 1}, {BZ, 0, 1}, {BZ, 1, 1}, {BY, 4, 1}, {GW, 0, 6}, {GY, 5, 1},
      {BY, 5, 1}, {BZ, 2, 1}, {GY, 4, 1}, {BW, 0, 6}, {GZ, 5, 1}, {BZ, 3, 1}, {BZ, 5, 1},
      {BZ, 4, 1}, {RX, 0, 6}, {GY, 0, 4}, {GX, 0, 6}, {GZ, 0, 4}, {BX, 0, 6}, {BY, 0, 4},
      {RY, 0, 6}, {RZ, 0, 6}, {D, 0, 5}}},
    {3, 1, false, 10, {10, 10, 10},
     {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 10}, {GX, 0, 10}, {BX, 0, 10}}},
    {7, 1, true, 11, {9, 9, 9},
     {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 9}, {RW, 10, 1}, {GX, 0, 9}, {GW, 10, 1},
      {BX, 0, 9}, {BW, 10, 1}}},
    {11, 1, true, 12, {8, 8, 8},
     {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 8}, {RW, 11, 1}, {RW, 10, 1}, {GX, 0, 8},
      {GW, 11, 1}, {GW, 10, 1}, {BX, 0, 8}, {BW, 11, 1}, {BW, 10, 1}}},
    {15, 1, true, 16, {4, 4, 4},
     {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 4}, {RW, 15, 1}, {RW, 14, 1}, {RW, 13, 1},
      {RW, 12, 1}, {RW, 11, 1}, {RW, 10, 1}, {GX, 0, 4}, {GW, 15, 1}, {GW, 14, 1}, {GW, 13, 1},
      {GW, 12, 1}, {GW, 11, 1}, {GW, 10, 1}, {BX, 0, 4}, {BW, 15, 1}, {BW, 14, 1}, {BW, 13, 1},
      {BW, 12, 1}, {BW, 11, 1}, {BW, 10, 1}}},
};
// clang-format on

// Every mode's header and indices fill the 128 bits exactly.
constexpr int mode_bits(const Mode& m) {
  int n = m.key < 2 ? 2 : 5;
  for (const Run& r : m.runs) n += r.count;
  return n + (m.regions == 2 ? 16 * 3 - 2 : 16 * 4 - 1);
}
constexpr bool all_modes_fill_the_block() {
  for (const Mode& m : kModes) {
    if (mode_bits(m) != 128) return false;
  }
  return true;
}
static_assert(all_modes_fill_the_block());

constexpr int kWeights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
constexpr int kWeights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

// The block's bits, least significant first; past the 128th, zeros.
class Bits {
 public:
  explicit Bits(const uint8_t* p) : p_(p) {}
  int take(int n) {
    int v = 0;
    for (int i = 0; i < n; ++i, ++pos_) {
      if (pos_ < 128) v |= ((p_[pos_ >> 3] >> (pos_ & 7)) & 1) << i;
    }
    return v;
  }

 private:
  const uint8_t* p_;
  int pos_ = 0;
};

int sign_extend(int v, int bits) {
  const int sign = 1 << (bits - 1);
  v &= (1 << bits) - 1;
  return (v ^ sign) - sign;
}

// An endpoint of `bits` precision to 16 bits (unsigned: 0..0xFFFF; signed: -0x7FFF..0x7FFF).
int unquantize(int v, int bits, bool is_signed) {
  if (!is_signed) {
    if (bits >= 15 || v == 0) return v;
    if (v == (1 << bits) - 1) return 0xFFFF;
    return ((v << 16) + 0x8000) >> bits;
  }
  if (bits >= 16) return v;
  const bool negative = v < 0;
  const int magnitude = negative ? -v : v;
  int out;
  if (magnitude == 0) {
    out = 0;
  } else if (magnitude >= (1 << (bits - 1)) - 1) {
    out = 0x7FFF;
  } else {
    out = ((magnitude << 15) + 0x4000) >> (bits - 1);
  }
  return negative ? -out : out;
}

// An interpolated 16-bit value to a half's bits: scaled by 31/64 (31/32 signed) so that the
// largest is the largest finite half.
uint16_t finish(int v, bool is_signed) {
  if (!is_signed) return static_cast<uint16_t>((v * 31) >> 6);
  if (v < 0) return static_cast<uint16_t>(0x8000 | (((-v) * 31) >> 5));
  return static_cast<uint16_t>((v * 31) >> 5);
}

}  // namespace

void decode_bc6h_block(const uint8_t block[16], bool is_signed, uint16_t rgb[48]) {
  Bits bits(block);
  int key = bits.take(2);
  if (key >= 2) key |= bits.take(3) << 2;
  const Mode* mode = nullptr;
  for (const Mode& m : kModes) {
    if (m.key == key) mode = &m;
  }
  if (mode == nullptr) {  // reserved
    std::fill(rgb, rgb + 48, uint16_t{0});
    return;
  }
  int fields[13] = {};
  for (const Run& r : mode->runs) {
    if (r.count == 0) break;
    fields[r.field] |= bits.take(r.count) << r.first;
  }
  // endpoints[w, x, y, z][channel]
  int endpoints[4][3];
  const int count = 2 * mode->regions;
  for (int e = 0; e < count; ++e) {
    for (int c = 0; c < 3; ++c) endpoints[e][c] = fields[3 * e + c];
  }
  const int mask = (1 << mode->bits) - 1;
  for (int c = 0; c < 3; ++c) {
    if (is_signed) endpoints[0][c] = sign_extend(endpoints[0][c], mode->bits);
    for (int e = 1; e < count; ++e) {
      if (is_signed || mode->transformed) {
        endpoints[e][c] =
            sign_extend(endpoints[e][c], mode->transformed ? mode->delta[c] : mode->bits);
      }
      if (mode->transformed) {
        endpoints[e][c] = (endpoints[0][c] + endpoints[e][c]) & mask;
        if (is_signed) endpoints[e][c] = sign_extend(endpoints[e][c], mode->bits);
      }
    }
    for (int e = 0; e < count; ++e) {
      endpoints[e][c] = unquantize(endpoints[e][c], mode->bits, is_signed);
    }
  }
  const int partition = fields[D] & 31;
  const int index_bits = mode->regions == 2 ? 3 : 4;
  for (int i = 0; i < 16; ++i) {
    const int region = bptc_subset(mode->regions, partition, i);
    const bool anchor = i == bptc_anchor(mode->regions, partition, region);
    const int index = bits.take(index_bits - (anchor ? 1 : 0));
    const int w = index_bits == 3 ? kWeights3[index & 7] : kWeights4[index & 15];
    const int* a = endpoints[2 * region];
    const int* b = endpoints[2 * region + 1];
    for (int c = 0; c < 3; ++c) {
      rgb[3 * i + c] = finish(((64 - w) * a[c] + w * b[c] + 32) >> 6, is_signed);
    }
  }
}

}  // namespace px::image
