// Tiny images made in code for the image decoders' tests: 2 x 2 pixels of known colours in each
// format polyxios transcodes (TGA, BMP, TIFF, DDS), so that decoded pixels can be compared one
// by one.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <utility>
#include <vector>

namespace px::image::testing {

struct Rgba8 {
  uint8_t r, g, b, a;
  bool operator==(const Rgba8&) const = default;
};

// Top-left, top-right, bottom-left, bottom-right.
inline constexpr std::array<Rgba8, 4> kColours = {Rgba8{255, 0, 0, 255}, Rgba8{0, 255, 0, 255},
                                                  Rgba8{0, 0, 255, 128}, Rgba8{255, 255, 0, 64}};

inline void put16(std::vector<uint8_t>& out, uint32_t v) {
  out.push_back(v & 0xFF);
  out.push_back((v >> 8) & 0xFF);
}
inline void put32(std::vector<uint8_t>& out, uint32_t v) {
  put16(out, v & 0xFFFF);
  put16(out, v >> 16);
}

// Uncompressed true-colour TGA, 32 bits (BGRA), rows stored top first (descriptor bit 5).
inline std::vector<uint8_t> make_tga() {
  std::vector<uint8_t> out = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  put16(out, 2);
  put16(out, 2);
  out.push_back(32);
  out.push_back(0x28);  // top-left origin, 8 alpha bits
  for (const Rgba8& c : kColours) {
    out.insert(out.end(), {c.b, c.g, c.r, c.a});
  }
  return out;
}

// 32-bit BI_BITFIELDS BMP (BITMAPV4-less: a 40-byte header and three masks, alpha by V3 layout
// is not read by every decoder, so this one is 24-bit: alpha comes back 255).
inline std::vector<uint8_t> make_bmp() {
  std::vector<uint8_t> out = {'B', 'M'};
  const uint32_t row = 8;  // 2 pixels x 3 bytes, padded to 4
  const uint32_t data = 14 + 40;
  put32(out, data + row * 2);
  put32(out, 0);
  put32(out, data);
  put32(out, 40);
  put32(out, 2);  // width
  put32(out, 2);  // height: positive, rows bottom first
  put16(out, 1);
  put16(out, 24);
  put32(out, 0);  // BI_RGB
  put32(out, row * 2);
  put32(out, 2835);
  put32(out, 2835);
  put32(out, 0);
  put32(out, 0);
  for (int y : {1, 0}) {
    for (int x = 0; x < 2; ++x) {
      const Rgba8& c = kColours[y * 2 + x];
      out.insert(out.end(), {c.b, c.g, c.r});
    }
    out.insert(out.end(), {0, 0});
  }
  return out;
}

// Baseline little-endian TIFF: RGBA 8 bits a sample (unassociated alpha), uncompressed, one strip.
inline std::vector<uint8_t> make_tiff() {
  std::vector<uint8_t> out = {'I', 'I', 42, 0};
  put32(out, 8);
  const uint16_t entries = 11;
  const uint32_t after_ifd = 8 + 2 + entries * 12 + 4;
  const uint32_t bits_at = after_ifd, pixels_at = after_ifd + 8;
  put16(out, entries);
  auto entry = [&](uint16_t tag, uint16_t type, uint32_t count, uint32_t value) {
    put16(out, tag);
    put16(out, type);
    put32(out, count);
    if (type == 3 && count == 1) {
      put16(out, value);
      put16(out, 0);
    } else {
      put32(out, value);
    }
  };
  entry(256, 3, 1, 2);          // ImageWidth
  entry(257, 3, 1, 2);          // ImageLength
  entry(258, 3, 4, bits_at);    // BitsPerSample 8,8,8,8
  entry(259, 3, 1, 1);          // Compression: none
  entry(262, 3, 1, 2);          // Photometric: RGB
  entry(273, 4, 1, pixels_at);  // StripOffsets
  entry(277, 3, 1, 4);          // SamplesPerPixel
  entry(278, 3, 1, 2);          // RowsPerStrip
  entry(279, 4, 1, 16);         // StripByteCounts
  entry(284, 3, 1, 1);          // PlanarConfiguration: contiguous
  entry(338, 3, 1, 2);          // ExtraSamples: unassociated alpha
  put32(out, 0);                // no next IFD
  for (int i = 0; i < 4; ++i) put16(out, 8);
  for (const Rgba8& c : kColours) out.insert(out.end(), {c.r, c.g, c.b, c.a});
  return out;
}

// A DDS header: 2 x 2, with the pixel format's flags, FourCC, bit count and masks.
inline std::vector<uint8_t> dds_header(uint32_t pf_flags, uint32_t fourcc, uint32_t bits,
                                       std::array<uint32_t, 4> masks, uint32_t width = 2,
                                       uint32_t height = 2) {
  std::vector<uint8_t> out = {'D', 'D', 'S', ' '};
  put32(out, 124);
  put32(out, 0x1 | 0x2 | 0x4 | 0x1000);
  put32(out, height);
  put32(out, width);
  put32(out, 0);
  put32(out, 0);
  put32(out, 1);
  for (int i = 0; i < 11; ++i) put32(out, 0);
  put32(out, 32);
  put32(out, pf_flags);
  put32(out, fourcc);
  put32(out, bits);
  for (uint32_t m : masks) put32(out, m);
  put32(out, 0x1000);
  for (int i = 0; i < 4; ++i) put32(out, 0);
  return out;
}

inline constexpr uint32_t fourcc(char a, char b, char c, char d) {
  return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 |
         uint32_t(uint8_t(d)) << 24;
}

// Uncompressed 32-bit BGRA DDS of kColours.
inline std::vector<uint8_t> make_dds_bgra() {
  std::vector<uint8_t> out =
      dds_header(0x41, 0, 32, {0x00FF0000u, 0x0000FF00u, 0x000000FFu, 0xFF000000u});
  for (const Rgba8& c : kColours) out.insert(out.end(), {c.b, c.g, c.r, c.a});
  return out;
}

// DX10 header, DXGI_FORMAT_R8G8B8A8_UNORM (28), of kColours.
inline std::vector<uint8_t> make_dds_dx10_rgba() {
  std::vector<uint8_t> out = dds_header(0x4, fourcc('D', 'X', '1', '0'), 0, {0, 0, 0, 0});
  put32(out, 28);
  put32(out, 3);  // TEXTURE2D
  put32(out, 0);
  put32(out, 1);
  put32(out, 0);
  for (const Rgba8& c : kColours) out.insert(out.end(), {c.r, c.g, c.b, c.a});
  return out;
}

// DXT1 (BC1), one block: colour 0 pure red (565 0xF800), colour 1 pure blue (0x001F), four-colour
// mode; the 2 x 2 pixels take indices 0, 1 (row 0) and 2, 3 (row 1).
inline std::vector<uint8_t> make_dds_dxt1() {
  std::vector<uint8_t> out = dds_header(0x4, fourcc('D', 'X', 'T', '1'), 0, {0, 0, 0, 0});
  put16(out, 0xF800);
  put16(out, 0x001F);
  put32(out, (1u << 2) | (2u << 8) | (3u << 10));
  return out;
}
// Its pixels: red, blue, 2/3 red + 1/3 blue, 1/3 red + 2/3 blue.
inline constexpr std::array<Rgba8, 4> kDxt1Colours = {
    Rgba8{255, 0, 0, 255}, Rgba8{0, 0, 255, 255}, Rgba8{170, 0, 85, 255}, Rgba8{85, 0, 170, 255}};

// DXT5 (BC3): the DXT1 colours, alpha 255 / 0 interpolated (eight-value mode): indices 0, 1, 2, 7.
inline std::vector<uint8_t> make_dds_dxt5() {
  std::vector<uint8_t> out = dds_header(0x4, fourcc('D', 'X', 'T', '5'), 0, {0, 0, 0, 0});
  out.push_back(255);
  out.push_back(0);
  // 3-bit indices: pixel 0 -> 0, 1 -> 1, 4 -> 2, 5 -> 7.
  const uint64_t bits =
      (uint64_t{0} << 0) | (uint64_t{1} << 3) | (uint64_t{2} << 12) | (uint64_t{7} << 15);
  for (int i = 0; i < 6; ++i) out.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  put16(out, 0xF800);
  put16(out, 0x001F);
  put32(out, (1u << 2) | (2u << 8) | (3u << 10));
  return out;
}
// Alpha of index 2 in eight-value mode: (6 * 255 + 1 * 0) / 7 = 218.6 -> 219; index 7: a1 + 6/7...
// index 7 is (1 * 255 + 6 * 0) / 7 = 36.4 -> 36.
inline constexpr std::array<uint8_t, 4> kDxt5Alpha = {255, 0, 219, 36};

// An interpolated 8-byte block (BC3 alpha, BC4 / BC5 channel) of endpoints a0 > a1, its 2 x 2
// pixels taking indices 0, 1, 2 and 7.
inline void put_interpolated_block(std::vector<uint8_t>& out, uint8_t a0, uint8_t a1) {
  out.push_back(a0);
  out.push_back(a1);
  const uint64_t bits =
      (uint64_t{0} << 0) | (uint64_t{1} << 3) | (uint64_t{2} << 12) | (uint64_t{7} << 15);
  for (int i = 0; i < 6; ++i) out.push_back(static_cast<uint8_t>(bits >> (8 * i)));
}

// BC4 (FourCC ATI1): one channel, endpoints 255 and 0: the values of kDxt5Alpha.
inline std::vector<uint8_t> make_dds_bc4() {
  std::vector<uint8_t> out = dds_header(0x4, fourcc('A', 'T', 'I', '1'), 0, {0, 0, 0, 0});
  put_interpolated_block(out, 255, 0);
  return out;
}

// BC5 in a DX10 header (DXGI_FORMAT_BC5_UNORM, 83): red endpoints 255 / 0 (255, 0, 219, 36),
// green 129 / 128 (129, 128, 129, 128).
inline std::vector<uint8_t> make_dds_dx10_bc5() {
  std::vector<uint8_t> out = dds_header(0x4, fourcc('D', 'X', '1', '0'), 0, {0, 0, 0, 0});
  for (uint32_t v : {83u, 3u, 0u, 1u, 0u}) put32(out, v);
  put_interpolated_block(out, 255, 0);
  put_interpolated_block(out, 129, 128);
  return out;
}

// A 128-bit block written least significant bit first, as BC6H and BC7 read it.
class BlockBits {
 public:
  // The low `count` bits of value, next in the stream.
  BlockBits& put(uint64_t value, int count) {
    for (int i = 0; i < count; ++i, ++at_) {
      if (((value >> i) & 1) != 0 && at_ < 128) bytes_[at_ / 8] |= uint8_t(1u << (at_ % 8));
    }
    return *this;
  }
  // `value` at bit `at` (the stream position), whatever was written before.
  BlockBits& put_at(int at, uint64_t value, int count) {
    const int saved = at_;
    at_ = at;
    put(value, count);
    at_ = saved > at + count ? saved : at + count;
    return *this;
  }
  int size() const { return at_; }
  const std::array<uint8_t, 16>& bytes() const { return bytes_; }

 private:
  std::array<uint8_t, 16> bytes_{};
  int at_ = 0;
};

// A DX10 DDS of `dxgi` format, 2 x 2 unless told, holding `data` after its headers.
inline std::vector<uint8_t> make_dds_dx10(uint32_t dxgi, const std::vector<uint8_t>& data,
                                          uint32_t width = 2, uint32_t height = 2) {
  std::vector<uint8_t> out =
      dds_header(0x4, fourcc('D', 'X', '1', '0'), 0, {0, 0, 0, 0}, width, height);
  for (uint32_t v : {dxgi, 3u, 0u, 1u, 0u}) put32(out, v);
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

// BC7 mode 6, one block: endpoints (1, 3, 5, 7) and (255, 253, 251, 249) (7-bit 0, 1, 2, 3 and
// 127, 126, 125, 124, both p-bits 1), pixel i taking index i: the 16 weights of a 4-bit index.
inline std::array<uint8_t, 16> bc7_mode6_ramp_block() {
  BlockBits b;
  b.put(1u << 6, 7);
  constexpr int kLow[4] = {0, 1, 2, 3}, kHigh[4] = {127, 126, 125, 124};
  for (int c = 0; c < 4; ++c) b.put(kLow[c], 7).put(kHigh[c], 7);
  b.put(1, 1).put(1, 1);
  for (int i = 0; i < 16; ++i) b.put(i, i == 0 ? 3 : 4);
  return b.bytes();
}

// BC7_UNORM (DXGI 98) of that block.
inline std::vector<uint8_t> make_dds_bc7() {
  const std::array<uint8_t, 16> block = bc7_mode6_ramp_block();
  return make_dds_dx10(98, {block.begin(), block.end()});
}

// BC6H mode 11, one block: 10-bit endpoints R 495 and 495 (1.0), G 0 and 1023 (0 to 65504,
// past 1), B 0 and 0; pixel i taking index i.
inline std::array<uint8_t, 16> bc6h_mode11_ramp_block() {
  BlockBits b;
  b.put(3, 5).put(495, 10).put(0, 10).put(0, 10).put(495, 10).put(1023, 10).put(0, 10);
  for (int i = 0; i < 16; ++i) b.put(i, i == 0 ? 3 : 4);
  return b.bytes();
}

// BC6H_UF16 (DXGI 95) of that block, 2 x 2 unless told.
inline std::vector<uint8_t> make_dds_bc6h(uint32_t side = 2) {
  const std::array<uint8_t, 16> block = bc6h_mode11_ramp_block();
  return make_dds_dx10(95, {block.begin(), block.end()}, side, side);
}

// Signed BC4 (FourCC BC4S): endpoints 127 and -127, indices 0, 1, 2 and 7: (as unsigned BC4's
// 255 / 0) 255, 0, 219 and 36.
inline std::vector<uint8_t> make_dds_bc4s() {
  std::vector<uint8_t> out = dds_header(0x4, fourcc('B', 'C', '4', 'S'), 0, {0, 0, 0, 0});
  put_interpolated_block(out, 127, 0x81);
  return out;
}

// Signed BC5 in a DX10 header (BC5_SNORM, 84): red 127 / -127, green 0 / 0.
inline std::vector<uint8_t> make_dds_dx10_bc5s() {
  std::vector<uint8_t> blocks;
  put_interpolated_block(blocks, 127, 0x81);
  put_interpolated_block(blocks, 0, 0);
  return make_dds_dx10(84, blocks);
}

// IEEE halves of the float test pixels: (1, 0, 0, 1), (0, 1, 0, 0.5), (0.5, 0.5, 0.5, 0),
// (2, -1, 0.25, 1).
inline constexpr std::array<std::array<uint16_t, 4>, 4> kHalfPixels = {
    std::array<uint16_t, 4>{0x3C00, 0, 0, 0x3C00},
    {0, 0x3C00, 0, 0x3800},
    {0x3800, 0x3800, 0x3800, 0},
    {0x4000, 0xBC00, 0x3400, 0x3C00}};
inline constexpr std::array<std::array<float, 4>, 4> kFloatPixels = {
    std::array<float, 4>{1, 0, 0, 1}, {0, 1, 0, 0.5f}, {0.5f, 0.5f, 0.5f, 0}, {2, -1, 0.25f, 1}};
// Their sRGB bytes: 0.5 -> 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354 -> 187.5 -> 188; 0.25 -> 0.5371
// -> 137; alpha linear, 0.5 -> 127.5 -> 128; 2 and -1 clamped.
inline constexpr std::array<Rgba8, 4> kFloatColours = {
    Rgba8{255, 0, 0, 255}, Rgba8{0, 255, 0, 128}, Rgba8{188, 188, 188, 0}, Rgba8{255, 0, 137, 255}};

// The float pixels' first `channels` components as halves (2 bytes) or floats (4 bytes).
inline std::vector<uint8_t> float_pixels(int component_bytes, int channels) {
  std::vector<uint8_t> out;
  for (int p = 0; p < 4; ++p) {
    for (int c = 0; c < channels; ++c) {
      if (component_bytes == 2) {
        put16(out, kHalfPixels[p][c]);
      } else {
        uint32_t bits;
        std::memcpy(&bits, &kFloatPixels[p][c], 4);
        put32(out, bits);
      }
    }
  }
  return out;
}

// DX10 R16G16B16A16_FLOAT (10) of the float pixels.
inline std::vector<uint8_t> make_dds_rgba16f() { return make_dds_dx10(10, float_pixels(2, 4)); }

// The D3DFMT number 116 (A32B32G32R32F) in the FourCC field, of the float pixels.
inline std::vector<uint8_t> make_dds_legacy_rgba32f() {
  std::vector<uint8_t> out = dds_header(0x4, 116, 0, {0, 0, 0, 0});
  const std::vector<uint8_t> pixels = float_pixels(4, 4);
  out.insert(out.end(), pixels.begin(), pixels.end());
  return out;
}

}  // namespace px::image::testing
