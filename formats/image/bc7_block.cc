#include "formats/image/bc7_block.h"

#include <algorithm>
#include <utility>

namespace px::image {

namespace {

// The partitions of the specification's tables, pixel 0 first, one digit per pixel: its subset.
constexpr const char* kPartitions2[64] = {
    "0011001100110011", "0001000100010001", "0111011101110111", "0001001100110111",
    "0000000100010011", "0011011101111111", "0001001101111111", "0000000100110111",
    "0000000000010011", "0011011111111111", "0000000101111111", "0000000000010111",
    "0001011111111111", "0000000011111111", "0000111111111111", "0000000000001111",
    "0000100011101111", "0111000100000000", "0000000010001110", "0111001100010000",
    "0011000100000000", "0000100011001110", "0000000010001100", "0111001100110001",
    "0011000100010000", "0000100010001100", "0110011001100110", "0011011001101100",
    "0001011111101000", "0000111111110000", "0111000110001110", "0011100110011100",
    "0101010101010101", "0000111100001111", "0101101001011010", "0011001111001100",
    "0011110000111100", "0101010110101010", "0110100101101001", "0101101010100101",
    "0111001111001110", "0001001111001000", "0011001001001100", "0011101111011100",
    "0110100110010110", "0011110011000011", "0110011010011001", "0000011001100000",
    "0100111001000000", "0010011100100000", "0000001001110010", "0000010011100100",
    "0110110010010011", "0011011011001001", "0110001110011100", "0011100111000110",
    "0110110011001001", "0110001100111001", "0111111010000001", "0001100011100111",
    "0000111100110011", "0011001111110000", "0010001011101110", "0100010001110111"};

constexpr const char* kPartitions3[64] = {
    "0011001102212222", "0001001122112221", "0000200122112211", "0222002200110111",
    "0000000011221122", "0011001100220022", "0022002211111111", "0011001122112211",
    "0000000011112222", "0000111111112222", "0000111122222222", "0012001200120012",
    "0112011201120112", "0122012201220122", "0011011211221222", "0011200122002220",
    "0001001101121122", "0111001120012200", "0000112211221122", "0022002200221111",
    "0111011102220222", "0001000122212221", "0000001101220122", "0000110022102210",
    "0122012200110000", "0012001211222222", "0110122112210110", "0000011012211221",
    "0022110211020022", "0110011020022222", "0011012201220011", "0000200022112221",
    "0000000211221222", "0222002200120011", "0011001200220222", "0120012001200120",
    "0000111122220000", "0120120120120120", "0120201212010120", "0011220011220011",
    "0011112222000011", "0101010122222222", "0000000021212121", "0022112200221122",
    "0022001100220011", "0220122102201221", "0101222222220101", "0000212121212121",
    "0101010101012222", "0222011102220111", "0002111200021112", "0000211221122112",
    "0222011101110222", "0002111211120002", "0110011001102222", "0000000021122112",
    "0110011022222222", "0022001100110022", "0022112211220022", "0000000000002112",
    "0002000100020001", "0222122202221222", "0101222222222222", "0111201122012220"};

// The anchor of subset 1 of a two-subset partition; subsets 1 and 2 of a three-subset one.
constexpr uint8_t kAnchors2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,  //
    15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,   //
    15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2,  2,  2,  15, 15, 6,   //
    6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15};

// clang-format off
constexpr uint8_t kAnchors3[64][2] = {
    {3, 15},  {3, 8},   {15, 8},  {15, 3},  {8, 15},  {3, 15},  {15, 3},  {15, 8},
    {8, 15},  {8, 15},  {6, 15},  {6, 15},  {6, 15},  {5, 15},  {3, 15},  {3, 8},
    {3, 15},  {3, 8},   {8, 15},  {15, 3},  {3, 15},  {3, 8},   {6, 15},  {10, 8},
    {5, 3},   {8, 15},  {8, 6},   {6, 10},  {8, 15},  {5, 15},  {15, 10}, {15, 8},
    {8, 15},  {15, 3},  {3, 15},  {5, 10},  {6, 10},  {10, 8},  {8, 9},   {15, 10},
    {15, 6},  {3, 15},  {15, 8},  {5, 15},  {15, 3},  {15, 6},  {15, 6},  {15, 8},
    {3, 15},  {15, 3},  {5, 15},  {5, 15},  {5, 15},  {8, 15},  {5, 15},  {10, 15},
    {5, 15},  {10, 15}, {8, 15},  {13, 15}, {15, 3},  {12, 15}, {3, 15},  {3, 8}};
// clang-format on

constexpr int kWeights2[4] = {0, 21, 43, 64};
constexpr int kWeights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
constexpr int kWeights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

struct Mode {
  int subsets, partition_bits, rotation_bits, selection_bits, colour_bits, alpha_bits;
  bool endpoint_pbits, shared_pbits;
  int index_bits, index2_bits;
};

constexpr Mode kModes[8] = {
    {3, 4, 0, 0, 4, 0, true, false, 3, 0},  {2, 6, 0, 0, 6, 0, false, true, 3, 0},
    {3, 6, 0, 0, 5, 0, false, false, 2, 0}, {2, 6, 0, 0, 7, 0, true, false, 2, 0},
    {1, 0, 2, 1, 5, 6, false, false, 2, 3}, {1, 0, 2, 0, 7, 8, false, false, 2, 2},
    {1, 0, 0, 0, 7, 7, true, false, 4, 0},  {2, 6, 0, 0, 5, 5, true, false, 2, 0}};

// Every mode fills the 128 bits exactly.
constexpr int mode_bits(int number) {
  const Mode& m = kModes[number];
  const int endpoints = 2 * m.subsets;
  const int pbits = m.endpoint_pbits ? endpoints : m.shared_pbits ? m.subsets : 0;
  const int indices = 16 * m.index_bits - m.subsets + (m.index2_bits ? 16 * m.index2_bits - 1 : 0);
  return number + 1 + m.partition_bits + m.rotation_bits + m.selection_bits +
         endpoints * (3 * m.colour_bits + m.alpha_bits) + pbits + indices;
}
static_assert(mode_bits(0) == 128 && mode_bits(1) == 128 && mode_bits(2) == 128 &&
              mode_bits(3) == 128 && mode_bits(4) == 128 && mode_bits(5) == 128 &&
              mode_bits(6) == 128 && mode_bits(7) == 128);

// The block's bits, least significant first; past the 128th, zeros.
class Bits {
 public:
  explicit Bits(const uint8_t* p) {
    for (int i = 0; i < 8; ++i) {
      lo_ |= uint64_t{p[i]} << (8 * i);
      hi_ |= uint64_t{p[8 + i]} << (8 * i);
    }
  }
  // The next n (at most 8) bits.
  int take(int n) {
    if (n == 0) return 0;
    uint64_t v = 0;
    if (pos_ >= 128) {
      v = 0;
    } else if (pos_ >= 64) {
      v = hi_ >> (pos_ - 64);
    } else if (pos_ == 0) {
      v = lo_;
    } else {
      v = (lo_ >> pos_) | (hi_ << (64 - pos_));
    }
    pos_ += n;
    return static_cast<int>(v & ((uint64_t{1} << n) - 1));
  }

 private:
  uint64_t lo_ = 0, hi_ = 0;
  int pos_ = 0;
};

// A value of `bits` bits (at most 8) to 8 bits: shifted up, its high bits repeated below.
int expand(int v, int bits) {
  v <<= 8 - bits;
  return (v | (v >> bits)) & 0xFF;
}

int interpolate(int a, int b, int index, int index_bits) {
  const int w = index_bits == 2   ? kWeights2[index & 3]
                : index_bits == 3 ? kWeights3[index & 7]
                                  : kWeights4[index & 15];
  return ((64 - w) * a + w * b + 32) >> 6;
}

}  // namespace

int bptc_subset(int subsets, int partition, int pixel) {
  partition &= 63;
  pixel &= 15;
  if (subsets == 2) return kPartitions2[partition][pixel] - '0';
  if (subsets == 3) return kPartitions3[partition][pixel] - '0';
  return 0;
}

int bptc_anchor(int subsets, int partition, int subset) {
  partition &= 63;
  if (subset <= 0 || subset >= subsets) return 0;
  if (subsets == 2) return kAnchors2[partition];
  return kAnchors3[partition][subset - 1];
}

void decode_bc7_block(const uint8_t block[16], uint8_t rgba[64]) {
  int number = 0;
  while (number < 8 && ((block[0] >> number) & 1) == 0) ++number;
  if (number == 8) {
    std::fill(rgba, rgba + 64, uint8_t{0});
    return;
  }
  const Mode& m = kModes[number];
  Bits bits(block);
  bits.take(number + 1);
  const int partition = bits.take(m.partition_bits);
  const int rotation = bits.take(m.rotation_bits);
  const int selection = bits.take(m.selection_bits);

  // endpoints[subset * 2 + which][channel]
  int endpoints[6][4] = {};
  const int count = 2 * m.subsets;
  for (int c = 0; c < 3; ++c) {
    for (int e = 0; e < count; ++e) endpoints[e][c] = bits.take(m.colour_bits);
  }
  for (int e = 0; e < count && m.alpha_bits > 0; ++e) endpoints[e][3] = bits.take(m.alpha_bits);
  int colour_bits = m.colour_bits, alpha_bits = m.alpha_bits;
  if (m.endpoint_pbits || m.shared_pbits) {
    int pbits[6] = {};
    if (m.endpoint_pbits) {
      for (int e = 0; e < count; ++e) pbits[e] = bits.take(1);
    } else {
      for (int s = 0; s < m.subsets; ++s) pbits[2 * s] = pbits[2 * s + 1] = bits.take(1);
    }
    for (int e = 0; e < count; ++e) {
      for (int c = 0; c < 4; ++c) endpoints[e][c] = (endpoints[e][c] << 1) | pbits[e];
    }
    ++colour_bits;
    if (alpha_bits > 0) ++alpha_bits;
  }
  for (int e = 0; e < count; ++e) {
    for (int c = 0; c < 3; ++c) endpoints[e][c] = expand(endpoints[e][c], colour_bits);
    endpoints[e][3] = alpha_bits > 0 ? expand(endpoints[e][3], alpha_bits) : 255;
  }

  // The indices: an anchor pixel's (the first of its subset) one bit shorter, its top bit 0.
  int index[16], index2[16] = {};
  for (int i = 0; i < 16; ++i) {
    const int s = bptc_subset(m.subsets, partition, i);
    const bool anchor = i == bptc_anchor(m.subsets, partition, s);
    index[i] = bits.take(m.index_bits - (anchor ? 1 : 0));
  }
  for (int i = 0; i < 16 && m.index2_bits > 0; ++i) {
    index2[i] = bits.take(m.index2_bits - (i == 0 ? 1 : 0));
  }

  for (int i = 0; i < 16; ++i) {
    const int s = bptc_subset(m.subsets, partition, i);
    const int* a = endpoints[2 * s];
    const int* b = endpoints[2 * s + 1];
    int colour_index = index[i], colour_index_bits = m.index_bits;
    int alpha_index = index[i], alpha_index_bits = m.index_bits;
    if (m.index2_bits > 0) {
      alpha_index = index2[i];
      alpha_index_bits = m.index2_bits;
      if (selection == 1) {
        std::swap(colour_index, alpha_index);
        std::swap(colour_index_bits, alpha_index_bits);
      }
    }
    int px[4];
    for (int c = 0; c < 3; ++c) px[c] = interpolate(a[c], b[c], colour_index, colour_index_bits);
    px[3] = interpolate(a[3], b[3], alpha_index, alpha_index_bits);
    if (rotation > 0) std::swap(px[3], px[rotation - 1]);
    for (int c = 0; c < 4; ++c) rgba[4 * i + c] = static_cast<uint8_t>(px[c]);
  }
}

}  // namespace px::image
