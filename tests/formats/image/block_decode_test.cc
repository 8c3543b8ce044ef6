// The BC7 and BC6H block decoders (formats/image/bc7_block.h, bc6h_block.h) on blocks built bit
// by bit here from the specification's layouts, their pixels derived by hand: solid colours,
// the interpolation weights, mode 5's rotation, mode 4's index selection, a two- and a
// three-subset partition with their anchors, BC6H's one- and two-region modes, signed
// endpoints, reserved modes; then 4096 pseudo-random blocks of every mode against a digest of the
// decode, which matched Pillow 9.4's BC7 and BC6H UF16 decoders pixel for pixel when recorded.
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "formats/image/bc6h_block.h"
#include "formats/image/bc7_block.h"
#include "formats/image/hdr.h"
#include "gtest/gtest.h"
#include "tests/formats/image/test_images.h"

namespace px::image::testing {
namespace {

using Pixel = std::array<int, 4>;

std::array<Pixel, 16> bc7(const std::array<uint8_t, 16>& block) {
  uint8_t rgba[64];
  decode_bc7_block(block.data(), rgba);
  std::array<Pixel, 16> out;
  for (int i = 0; i < 16; ++i) {
    out[i] = {rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3]};
  }
  return out;
}

using Half3 = std::array<uint16_t, 3>;

std::array<Half3, 16> bc6h(const std::array<uint8_t, 16>& block, bool is_signed) {
  uint16_t rgb[48];
  decode_bc6h_block(block.data(), is_signed, rgb);
  std::array<Half3, 16> out;
  for (int i = 0; i < 16; ++i) out[i] = {rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]};
  return out;
}

// The specification's weights, and its interpolation of two 8-bit values.
constexpr int kWeights2[4] = {0, 21, 43, 64};
constexpr int kWeights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
constexpr int kWeights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
int lerp(int a, int b, int w) { return ((64 - w) * a + w * b + 32) >> 6; }

TEST(Bc7Block, Mode6SolidColourFillsTheBlockWhateverTheIndices) {
  BlockBits b;
  b.put(1u << 6, 7);
  for (int v : {100, 50, 25, 127}) b.put(v, 7).put(v, 7);  // R, G, B, A of both endpoints
  b.put(1, 1).put(1, 1);
  b.put(0x5A5A5A5A5A5A5A5Aull, 63);
  for (const Pixel& p : bc7(b.bytes())) EXPECT_EQ(p, (Pixel{201, 101, 51, 255}));
}

TEST(Bc7Block, Mode6InterpolatesWithTheFourBitWeights) {
  const std::array<Pixel, 16> got = bc7(bc7_mode6_ramp_block());
  const Pixel low = {1, 3, 5, 7}, high = {255, 253, 251, 249};
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(got[i][c], lerp(low[c], high[c], kWeights4[i])) << i;
  }
  // by hand: weight 4 of 1 and 255 is (60 + 1020 + 32) >> 6 = 17; weight 34 is
  // (30 + 8670 + 32) >> 6 = 136
  EXPECT_EQ(got[1][0], 17);
  EXPECT_EQ(got[8][0], 136);
  EXPECT_EQ(got[15], high);
}

// Mode 5: colour 7 bits (R 127 -> 255, G 0, B 64 -> 129), alpha 8 bits (10), one colour both
// ends; the rotation swaps alpha with red, green or blue.
TEST(Bc7Block, Mode5RotationSwapsAlphaWithAColourChannel) {
  const std::array<Pixel, 4> want = {Pixel{255, 0, 129, 10}, Pixel{10, 0, 129, 255},
                                     Pixel{255, 10, 129, 0}, Pixel{255, 0, 10, 129}};
  for (int rotation = 0; rotation < 4; ++rotation) {
    BlockBits b;
    b.put(1u << 5, 6).put(rotation, 2);
    for (int v : {127, 0, 64}) b.put(v, 7).put(v, 7);
    b.put(10, 8).put(10, 8);
    b.put(0x12345678, 31).put(0x7654321, 31);
    ASSERT_EQ(b.size(), 128);
    for (const Pixel& p : bc7(b.bytes())) EXPECT_EQ(p, want[rotation]) << rotation;
  }
}

// Mode 4: colour 0 -> 31 (0 -> 255), alpha 0 -> 63 (0 -> 255); every 2-bit index 1 and every
// 3-bit index 1. Selection 0: colour by the 2-bit index (weight 21: 84), alpha by the 3-bit one
// (weight 9: 36); selection 1 swaps them.
TEST(Bc7Block, Mode4IndexSelectionSwapsTheColourAndAlphaIndices) {
  for (int selection = 0; selection < 2; ++selection) {
    BlockBits b;
    b.put(1u << 4, 5).put(0, 2).put(selection, 1);
    for (int c = 0; c < 3; ++c) b.put(0, 5).put(31, 5);
    b.put(0, 6).put(63, 6);
    for (int i = 0; i < 16; ++i) b.put(1, i == 0 ? 1 : 2);
    for (int i = 0; i < 16; ++i) b.put(1, i == 0 ? 2 : 3);
    ASSERT_EQ(b.size(), 128);
    const int colour = selection == 0 ? 84 : 36, alpha = selection == 0 ? 36 : 84;
    for (const Pixel& p : bc7(b.bytes())) EXPECT_EQ(p, (Pixel{colour, colour, colour, alpha}));
  }
}

// Mode 1, partition 13 (the top two rows subset 0, the bottom two subset 1), shared p-bits:
// subset 0 (10, 20, 30) p 1 -> 7-bit (21, 41, 61) -> (42, 82, 122); subset 1 (63, 0, 32) p 0 ->
// (126, 0, 64) -> (253, 0, 129).
TEST(Bc7Block, Mode1TwoSubsetsOfEqualEndpointsFollowThePartition) {
  BlockBits b;
  b.put(2, 2).put(13, 6);
  for (auto [first, second] : {std::pair{10, 63}, std::pair{20, 0}, std::pair{30, 32}}) {
    b.put(first, 6).put(first, 6).put(second, 6).put(second, 6);
  }
  b.put(1, 1).put(0, 1);
  b.put(0x2AAAAAAAAAAAull, 46);
  ASSERT_EQ(b.size(), 128);
  const std::array<Pixel, 16> got = bc7(b.bytes());
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(got[i], i < 8 ? (Pixel{42, 82, 122, 255}) : (Pixel{253, 0, 129, 255})) << i;
  }
}

// Mode 2, partition 8 (rows 0-1 subset 0, row 2 subset 1, row 3 subset 2; anchors 0, 8 and 15):
// subset 0 black to white, subset 1 red both ends, subset 2 black to blue; pixel i index i % 4,
// but the anchors' indices are one bit short (0 at 0 and 8, 1 at 15).
TEST(Bc7Block, Mode2ThreeSubsetsInterpolateAndReadTheirAnchorsShort) {
  BlockBits b;
  b.put(4, 3).put(8, 6);
  const int ends[3][6] = {{0, 31, 31, 31, 0, 0}, {0, 31, 0, 0, 0, 0}, {0, 31, 0, 0, 0, 31}};
  for (int c = 0; c < 3; ++c) {
    for (int e = 0; e < 6; ++e) b.put(ends[c][e], 5);  // R of e0..e5, then G, then B
  }
  int index[16];
  for (int i = 0; i < 16; ++i) {
    const bool anchor = i == 0 || i == 8 || i == 15;
    index[i] = i == 15 ? 1 : i % 4;
    b.put(index[i], anchor ? 1 : 2);
  }
  ASSERT_EQ(b.size(), 128);
  const std::array<Pixel, 16> got = bc7(b.bytes());
  for (int i = 0; i < 16; ++i) {
    const int v = lerp(0, 255, kWeights2[index[i]]);  // 0, 84, 171, 255
    const Pixel want = i < 8    ? Pixel{v, v, v, 255}
                       : i < 12 ? Pixel{255, 0, 0, 255}
                                : Pixel{0, 0, v, 255};
    EXPECT_EQ(got[i], want) << i;
  }
  EXPECT_EQ(got[2], (Pixel{171, 171, 171, 255}));
  EXPECT_EQ(got[15], (Pixel{0, 0, 84, 255}));
}

TEST(Bc7Block, ABlockWithoutAModeIsTransparentBlack) {
  std::array<uint8_t, 16> block;
  block.fill(0xFF);
  block[0] = 0;
  for (const Pixel& p : bc7(block)) EXPECT_EQ(p, (Pixel{0, 0, 0, 0}));
}

TEST(Bptc, EveryAnchorLiesInItsSubset) {
  for (int subsets = 2; subsets <= 3; ++subsets) {
    for (int partition = 0; partition < 64; ++partition) {
      EXPECT_EQ(bptc_subset(subsets, partition, 0), 0);
      for (int s = 1; s < subsets; ++s) {
        const int anchor = bptc_anchor(subsets, partition, s);
        EXPECT_EQ(bptc_subset(subsets, partition, anchor), s) << subsets << " " << partition;
        // the anchor is the subset's first pixel, or the specification's own choice later on:
        // never before the subset starts
        for (int i = 0; i < 16 && bptc_subset(subsets, partition, i) != s; ++i) {
          EXPECT_NE(i, anchor);
        }
      }
    }
  }
}

// Mode 11 (5 mode bits 00011), one region, 10-bit endpoints whole: R 495 both ends -> unquantized
// (495 << 16 + 0x8000) >> 10 = 31712 -> 31712 * 31 >> 6 = 15360 = 0x3C00, 1.0; G 0 -> 0; B 1023
// (the largest) -> 0xFFFF -> 0x7BFF, 65504.
TEST(Bc6hBlock, Mode11SolidColour) {
  BlockBits b;
  b.put(3, 5).put(495, 10).put(0, 10).put(1023, 10).put(495, 10).put(0, 10).put(1023, 10);
  b.put(0x0123456789ABCDEFull, 63);
  for (const Half3& p : bc6h(b.bytes(), false)) EXPECT_EQ(p, (Half3{0x3C00, 0, 0x7BFF}));
}

// The ramp block's green from 0 to 0xFFFF: weight 4 -> (4 * 65535 + 32) >> 6 = 4096 -> 1984
// (0x07C0); 17 -> 17408 -> 8432 (0x20F0); 21 -> 21504 -> 10416 (0x28B0); 64 -> 0x7BFF.
TEST(Bc6hBlock, Mode11InterpolatesWithTheFourBitWeights) {
  const std::array<Half3, 16> got = bc6h(bc6h_mode11_ramp_block(), false);
  for (const Half3& p : got) {
    EXPECT_EQ(p[0], 0x3C00);
    EXPECT_EQ(p[2], 0);
  }
  EXPECT_EQ(got[0][1], 0);
  EXPECT_EQ(got[1][1], 0x07C0);
  EXPECT_EQ(got[4][1], 0x20F0);
  EXPECT_EQ(got[5][1], 0x28B0);
  EXPECT_EQ(got[15][1], 0x7BFF);
  for (int i = 1; i < 16; ++i) EXPECT_GT(got[i][1], got[i - 1][1]) << i;
}

// Mode 1 (mode bits 00, two regions, deltas from a 10-bit base): base R 495, G 0, B 1023 at bits
// 5, 15 and 25, every delta and the partition 0: the four endpoints are the base.
TEST(Bc6hBlock, Mode1TwoRegionsOfZeroDeltasAreTheBaseColour) {
  BlockBits b;
  b.put_at(5, 495, 10).put_at(15, 0, 10).put_at(25, 1023, 10);
  b.put_at(82, 0x2AAAAAAAAAAAull, 46);
  for (const Half3& p : bc6h(b.bytes(), false)) EXPECT_EQ(p, (Half3{0x3C00, 0, 0x7BFF}));
}

// Mode 10 (mode bits 11110, two regions, 6-bit endpoints whole) with its scattered bits placed by
// the specification's table: region 0 (w, x) red 63, region 1 (y, z) blue 63, partition 13 (the
// top two rows region 0), indices 0.
TEST(Bc6hBlock, Mode10TwoRegionsFollowThePartitionAndTheScatteredBits) {
  BlockBits b;
  b.put(30, 5);
  b.put_at(5, 63, 6).put_at(35, 63, 6);                                   // RW, RX
  b.put_at(61, 15, 4).put_at(14, 1, 1).put_at(22, 1, 1);                  // BY 0-3, 4, 5
  b.put_at(12, 1, 1).put_at(13, 1, 1).put_at(23, 1, 1).put_at(32, 1, 1);  // BZ 0-3
  b.put_at(34, 1, 1).put_at(33, 1, 1);                                    // BZ 4, 5
  b.put_at(77, 13, 5);                                                    // partition
  const std::array<Half3, 16> got = bc6h(b.bytes(), false);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(got[i], i < 8 ? (Half3{0x7BFF, 0, 0}) : (Half3{0, 0, 0x7BFF})) << i;
  }
}

// SF16: 10-bit R 0x3FF is -1 -> magnitude (1 << 15 + 0x4000) >> 9 = 96, interpolated to -96 ->
// -(96 * 31 >> 5) = -93: the half 0x805D; B 511, the largest positive -> 0x7FFF -> 0x7BFF.
TEST(Bc6hBlock, SignedEndpointsGiveNegativeHalves) {
  BlockBits b;
  b.put(3, 5).put(0x3FF, 10).put(0, 10).put(511, 10).put(0x3FF, 10).put(0, 10).put(511, 10);
  for (const Half3& p : bc6h(b.bytes(), true)) EXPECT_EQ(p, (Half3{0x805D, 0, 0x7BFF}));
}

TEST(Bc6hBlock, ReservedModesAreBlack) {
  for (int key : {19, 23, 27, 31}) {
    std::array<uint8_t, 16> block;
    block.fill(0xA5);
    block[0] = static_cast<uint8_t>((0xA5 & ~31) | key);
    for (const Half3& p : bc6h(block, false)) EXPECT_EQ(p, (Half3{0, 0, 0})) << key;
  }
}

TEST(Hdr, HalvesAndTheSrgbEncoding) {
  EXPECT_EQ(half_to_float(0x3C00), 1.0f);
  EXPECT_EQ(half_to_float(0xC000), -2.0f);
  EXPECT_EQ(half_to_float(0x7BFF), 65504.0f);
  EXPECT_EQ(half_to_float(0x0001), 1.0f / (1 << 24));  // the smallest subnormal
  EXPECT_TRUE(std::isinf(half_to_float(0x7C00)));
  EXPECT_TRUE(std::isnan(half_to_float(0x7E00)));
  bool clamped = false;
  EXPECT_EQ(linear_to_srgb8(0.0f, clamped), 0);
  EXPECT_EQ(linear_to_srgb8(1.0f, clamped), 255);
  EXPECT_EQ(linear_to_srgb8(0.5f, clamped), 188);  // 0.7354 * 255 = 187.5
  EXPECT_EQ(linear_to_srgb8(0.002f, clamped), 7);  // the linear segment: 12.92 * 0.002 * 255
  EXPECT_EQ(unit_to_8(0.5f, clamped), 128);
  EXPECT_FALSE(clamped);
  EXPECT_EQ(linear_to_srgb8(3.0f, clamped), 255);
  EXPECT_TRUE(clamped);
  clamped = false;
  EXPECT_EQ(linear_to_srgb8(std::nanf(""), clamped), 0);
  EXPECT_TRUE(clamped);
}

// Pseudo-random blocks (xorshift64 from a fixed seed), their mode bits forced so that every mode
// has as many; the FNV-1a digest of the decoded bytes.
uint64_t next(uint64_t& s) {
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return s;
}

std::vector<std::array<uint8_t, 16>> random_blocks(int count, bool bc7_modes) {
  constexpr int kBc6hKeys[14] = {0, 1, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15};
  uint64_t s = 0x9E3779B97F4A7C15ull;
  std::vector<std::array<uint8_t, 16>> out(count);
  for (int i = 0; i < count; ++i) {
    const uint64_t lo = next(s), hi = next(s);
    for (int k = 0; k < 8; ++k) {
      out[i][k] = static_cast<uint8_t>(lo >> (8 * k));
      out[i][8 + k] = static_cast<uint8_t>(hi >> (8 * k));
    }
    if (bc7_modes) {
      const int mode = i % 8;
      out[i][0] = static_cast<uint8_t>((out[i][0] << (mode + 1)) | (1 << mode));
    } else {
      const int key = kBc6hKeys[i % 14];
      out[i][0] = static_cast<uint8_t>(key < 2 ? (out[i][0] & ~3) | key : (out[i][0] & ~31) | key);
    }
  }
  return out;
}

uint64_t fnv1a(uint64_t h, const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001B3ull;
  return h;
}

constexpr uint64_t kFnvBasis = 0xCBF29CE484222325ull;

TEST(Bc7Block, RandomBlocksOfEveryModeDecodeAsRecorded) {
  uint64_t h = kFnvBasis;
  for (const auto& block : random_blocks(4096, true)) {
    uint8_t rgba[64];
    decode_bc7_block(block.data(), rgba);
    h = fnv1a(h, rgba, 64);
  }
  // Pillow 9.4 (python3-pil) decoded these 4096 blocks as a 256 x 256 BC7 DDS to the same bytes
  EXPECT_EQ(h, 15347963673374127545ull);
}

TEST(Bc6hBlock, RandomBlocksOfEveryModeDecodeAsRecorded) {
  for (bool is_signed : {false, true}) {
    uint64_t h = kFnvBasis;
    for (const auto& block : random_blocks(4096, false)) {
      uint16_t rgb[48];
      decode_bc6h_block(block.data(), is_signed, rgb);
      uint8_t bytes[96];
      for (int i = 0; i < 48; ++i) {
        bytes[2 * i] = static_cast<uint8_t>(rgb[i]);
        bytes[2 * i + 1] = static_cast<uint8_t>(rgb[i] >> 8);
      }
      h = fnv1a(h, bytes, 96);
    }
    // UF16: Pillow 9.4 decoded these blocks (as linear bytes, value * 255 truncated) to the same
    // pixels within its truncation; SF16 follows the specification's signed path, where Pillow
    // agrees on the blocks without negative endpoints (it reads the others as large positives)
    EXPECT_EQ(h, is_signed ? 16296285687260596548ull : 3351638255847445440ull) << is_signed;
  }
}

}  // namespace
}  // namespace px::image::testing
