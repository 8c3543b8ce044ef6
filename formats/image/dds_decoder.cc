#include "formats/image/dds_decoder.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "formats/image/bc6h_block.h"
#include "formats/image/bc7_block.h"
#include "formats/image/hdr.h"

namespace px::image {

namespace {

constexpr uint32_t kPixelFormatAlphaPixels = 0x1;
constexpr uint32_t kPixelFormatAlpha = 0x2;
constexpr uint32_t kPixelFormatFourCC = 0x4;
constexpr uint32_t kPixelFormatRgb = 0x40;
constexpr uint32_t kPixelFormatYuv = 0x200;
constexpr uint32_t kPixelFormatLuminance = 0x20000;
constexpr size_t kHeaderEnd = 128;  // "DDS " and the 124-byte header
constexpr size_t kDx10HeaderSize = 20;

uint32_t le32(std::span<const uint8_t> b, size_t at) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (uint32_t{b[at + 3]} << 24);
}

constexpr uint32_t fourcc(const char (&s)[5]) {
  return uint32_t(uint8_t(s[0])) | (uint32_t(uint8_t(s[1])) << 8) |
         (uint32_t(uint8_t(s[2])) << 16) | (uint32_t(uint8_t(s[3])) << 24);
}

absl::Status refuse(std::string what) {
  return absl::InvalidArgumentError("DDS: " + std::move(what));
}

// BC4 holds one channel (grey), BC5 two (a normal map's x and y, z rebuilt), each unsigned or
// signed; BC6H half floats (unsigned or signed); BC7 RGBA.
enum class Block { kBc1, kBc2, kBc3, kBc4, kBc5, kBc4Signed, kBc5Signed, kBc6h, kBc6hSigned, kBc7 };

struct Rgba {
  uint8_t r, g, b, a;
};

Rgba from_565(uint16_t c) {
  const int r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
  return {static_cast<uint8_t>((r * 255 + 15) / 31), static_cast<uint8_t>((g * 255 + 31) / 63),
          static_cast<uint8_t>((b * 255 + 15) / 31), 255};
}

uint8_t mix(int a, int b, int wa, int wb, int d) {
  return static_cast<uint8_t>((a * wa + b * wb + d / 2) / d);
}

// The 8-byte colour block at p into a 4x4 RGBA tile; three-colour mode (with transparent black)
// only for BC1.
void decode_colour_block(const uint8_t* p, bool bc1, Rgba tile[16]) {
  const uint16_t c0 = p[0] | (p[1] << 8), c1 = p[2] | (p[3] << 8);
  Rgba palette[4];
  palette[0] = from_565(c0);
  palette[1] = from_565(c1);
  const Rgba& a = palette[0];
  const Rgba& b = palette[1];
  if (c0 > c1 || !bc1) {
    palette[2] = {mix(a.r, b.r, 2, 1, 3), mix(a.g, b.g, 2, 1, 3), mix(a.b, b.b, 2, 1, 3), 255};
    palette[3] = {mix(a.r, b.r, 1, 2, 3), mix(a.g, b.g, 1, 2, 3), mix(a.b, b.b, 1, 2, 3), 255};
  } else {
    palette[2] = {mix(a.r, b.r, 1, 1, 2), mix(a.g, b.g, 1, 1, 2), mix(a.b, b.b, 1, 1, 2), 255};
    palette[3] = {0, 0, 0, 0};
  }
  const uint32_t indices = le32(std::span<const uint8_t>(p + 4, 4), 0);
  for (int i = 0; i < 16; ++i) tile[i] = palette[(indices >> (2 * i)) & 3];
}

void decode_explicit_alpha(const uint8_t* p, Rgba tile[16]) {
  for (int i = 0; i < 16; ++i) {
    const int nibble = (p[i / 2] >> (4 * (i & 1))) & 15;
    tile[i].a = static_cast<uint8_t>(nibble * 17);
  }
}

// An 8-byte block of 8-bit values interpolated between two endpoints (BC3's alpha, BC4 and
// BC5's channels) into 16 values.
void decode_interpolated(const uint8_t* p, uint8_t out[16]) {
  const int a0 = p[0], a1 = p[1];
  uint8_t palette[8] = {static_cast<uint8_t>(a0), static_cast<uint8_t>(a1)};
  if (a0 > a1) {
    for (int i = 1; i < 7; ++i) palette[i + 1] = mix(a0, a1, 7 - i, i, 7);
  } else {
    for (int i = 1; i < 5; ++i) palette[i + 1] = mix(a0, a1, 5 - i, i, 5);
    palette[6] = 0;
    palette[7] = 255;
  }
  uint64_t bits = 0;
  for (int i = 0; i < 6; ++i) bits |= uint64_t{p[2 + i]} << (8 * i);
  for (int i = 0; i < 16; ++i) out[i] = palette[(bits >> (3 * i)) & 7];
}

// The signed 8-byte block of BC4_SNORM / BC5_SNORM: endpoints -127..127 (-128 read as -127),
// six or four interpolated values (with -1 and 1), mapped from -1..1 to 0..255.
void decode_signed_interpolated(const uint8_t* p, uint8_t out[16]) {
  const int a0 = std::max(-127, static_cast<int>(static_cast<int8_t>(p[0])));
  const int a1 = std::max(-127, static_cast<int>(static_cast<int8_t>(p[1])));
  double palette[8] = {static_cast<double>(a0), static_cast<double>(a1)};
  if (a0 > a1) {
    for (int i = 1; i < 7; ++i) palette[i + 1] = ((7 - i) * a0 + i * a1) / 7.0;
  } else {
    for (int i = 1; i < 5; ++i) palette[i + 1] = ((5 - i) * a0 + i * a1) / 5.0;
    palette[6] = -127;
    palette[7] = 127;
  }
  uint64_t bits = 0;
  for (int i = 0; i < 6; ++i) bits |= uint64_t{p[2 + i]} << (8 * i);
  for (int i = 0; i < 16; ++i) {
    out[i] = static_cast<uint8_t>(std::lround((palette[(bits >> (3 * i)) & 7] / 127 + 1) * 127.5));
  }
}

// A unit normal's z from its x and y stored as unsigned bytes (0..255 for -1..1).
uint8_t normal_z(uint8_t x, uint8_t y) {
  const double nx = x / 127.5 - 1, ny = y / 127.5 - 1;
  const double z = std::sqrt(std::max(0.0, 1 - nx * nx - ny * ny));
  return static_cast<uint8_t>(std::lround((z + 1) * 127.5));
}

// `clamped[i]` is set when pixel i held floats outside [0, 1].
void decode_tile(const uint8_t* p, Block kind, Rgba tile[16], bool clamped[16]) {
  uint8_t values[16], second[16];
  uint8_t rgba[64];
  uint16_t halves[48];
  switch (kind) {
    case Block::kBc1:
      decode_colour_block(p, true, tile);
      return;
    case Block::kBc2:
      decode_colour_block(p + 8, false, tile);
      decode_explicit_alpha(p, tile);
      return;
    case Block::kBc3:
      decode_colour_block(p + 8, false, tile);
      decode_interpolated(p, values);
      for (int i = 0; i < 16; ++i) tile[i].a = values[i];
      return;
    case Block::kBc4:
      decode_interpolated(p, values);
      for (int i = 0; i < 16; ++i) tile[i] = {values[i], values[i], values[i], 255};
      return;
    case Block::kBc5:
      decode_interpolated(p, values);
      decode_interpolated(p + 8, second);
      for (int i = 0; i < 16; ++i) {
        tile[i] = {values[i], second[i], normal_z(values[i], second[i]), 255};
      }
      return;
    case Block::kBc4Signed:
      decode_signed_interpolated(p, values);
      for (int i = 0; i < 16; ++i) tile[i] = {values[i], values[i], values[i], 255};
      return;
    case Block::kBc5Signed:
      decode_signed_interpolated(p, values);
      decode_signed_interpolated(p + 8, second);
      for (int i = 0; i < 16; ++i) {
        tile[i] = {values[i], second[i], normal_z(values[i], second[i]), 255};
      }
      return;
    case Block::kBc6h:
    case Block::kBc6hSigned:
      decode_bc6h_block(p, kind == Block::kBc6hSigned, halves);
      for (int i = 0; i < 16; ++i) {
        tile[i] = {linear_to_srgb8(half_to_float(halves[3 * i]), clamped[i]),
                   linear_to_srgb8(half_to_float(halves[3 * i + 1]), clamped[i]),
                   linear_to_srgb8(half_to_float(halves[3 * i + 2]), clamped[i]), 255};
      }
      return;
    case Block::kBc7:
      decode_bc7_block(p, rgba);
      for (int i = 0; i < 16; ++i) {
        tile[i] = {rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3]};
      }
      return;
  }
}

absl::StatusOr<Pixels> decode_blocks(std::span<const uint8_t> data, int width, int height,
                                     Block kind) {
  const uint64_t block_bytes =
      kind == Block::kBc1 || kind == Block::kBc4 || kind == Block::kBc4Signed ? 8 : 16;
  const uint64_t across = (static_cast<uint64_t>(width) + 3) / 4;
  const uint64_t down = (static_cast<uint64_t>(height) + 3) / 4;
  if (data.size() < across * down * block_bytes) {
    return refuse("the top mip level needs " + std::to_string(across * down * block_bytes) +
                  " bytes of blocks, and the file holds " + std::to_string(data.size()));
  }
  Pixels out;
  out.width = width;
  out.height = height;
  out.rgba.resize(static_cast<size_t>(width) * height * 4);
  bool clamped = false;
  for (uint64_t by = 0; by < down; ++by) {
    for (uint64_t bx = 0; bx < across; ++bx) {
      const uint8_t* p = data.data() + (by * across + bx) * block_bytes;
      Rgba tile[16];
      bool tile_clamped[16] = {};
      decode_tile(p, kind, tile, tile_clamped);
      for (int i = 0; i < 16; ++i) {
        const uint64_t x = bx * 4 + (i & 3), y = by * 4 + (i >> 2);
        if (x >= static_cast<uint64_t>(width) || y >= static_cast<uint64_t>(height)) continue;
        uint8_t* q = out.rgba.data() + (y * width + x) * 4;
        q[0] = tile[i].r;
        q[1] = tile[i].g;
        q[2] = tile[i].b;
        q[3] = tile[i].a;
        clamped = clamped || tile_clamped[i];
      }
    }
  }
  out.hdr_clamped = clamped;
  return out;
}

// One channel of a pixel through its bit mask, scaled to 8 bits; `absent` without a mask.
uint8_t channel(uint32_t pixel, uint32_t mask, uint8_t absent) {
  if (mask == 0) return absent;
  const int shift = std::countr_zero(mask);
  const uint32_t max = mask >> shift;
  const uint32_t value = (pixel & mask) >> shift;
  if (max == 255) return static_cast<uint8_t>(value);
  return static_cast<uint8_t>((uint64_t{value} * 255 + max / 2) / max);
}

struct Masks {
  uint32_t bits, flags, r, g, b, a;
};

absl::StatusOr<Pixels> decode_masked(std::span<const uint8_t> data, int width, int height,
                                     const Masks& m) {
  if (m.bits != 8 && m.bits != 16 && m.bits != 24 && m.bits != 32) {
    return refuse(std::to_string(m.bits) + " bits a pixel is not a depth polyxios decodes");
  }
  const uint64_t pixel_bytes = m.bits / 8;
  const uint64_t row = pixel_bytes * width;
  if (data.size() < row * height) {
    return refuse("the top mip level needs " + std::to_string(row * height) +
                  " bytes of pixels, and the file holds " + std::to_string(data.size()));
  }
  const bool luminance = (m.flags & kPixelFormatLuminance) != 0;
  const bool rgb = (m.flags & kPixelFormatRgb) != 0;
  const bool alpha_only = (m.flags & kPixelFormatAlpha) != 0 && !rgb && !luminance;
  const uint32_t alpha_mask =
      (m.flags & (kPixelFormatAlphaPixels | kPixelFormatAlpha)) != 0 ? m.a : 0;
  Pixels out;
  out.width = width;
  out.height = height;
  out.rgba.resize(static_cast<size_t>(width) * height * 4);
  for (uint64_t y = 0; y < static_cast<uint64_t>(height); ++y) {
    for (uint64_t x = 0; x < static_cast<uint64_t>(width); ++x) {
      const uint8_t* p = data.data() + y * row + x * pixel_bytes;
      uint32_t pixel = 0;
      for (uint64_t i = 0; i < pixel_bytes; ++i) pixel |= uint32_t{p[i]} << (8 * i);
      uint8_t* q = out.rgba.data() + (y * width + x) * 4;
      if (alpha_only) {
        q[0] = q[1] = q[2] = 255;
      } else if (luminance) {
        q[0] = q[1] = q[2] = channel(pixel, m.r, 0);
      } else {
        q[0] = channel(pixel, m.r, 0);
        q[1] = channel(pixel, m.g, 0);
        q[2] = channel(pixel, m.b, 0);
      }
      q[3] = channel(pixel, alpha_mask, 255);
    }
  }
  return out;
}

// Pixels of `pixel_bytes` bytes each, `read(at, v)` giving the linear RGBA floats of the pixel
// at byte `at` in v (preset to 0, 0, 0, 1), through hdr.h's tone mapping.
template <class Read>
absl::StatusOr<Pixels> decode_linear(std::span<const uint8_t> data, int width, int height,
                                     uint64_t pixel_bytes, Read read) {
  const uint64_t count = static_cast<uint64_t>(width) * height;
  if (data.size() < pixel_bytes * count) {
    return refuse("the top mip level needs " + std::to_string(pixel_bytes * count) +
                  " bytes of pixels, and the file holds " + std::to_string(data.size()));
  }
  Pixels out;
  out.width = width;
  out.height = height;
  out.rgba.resize(static_cast<size_t>(count) * 4);
  bool clamped = false;
  for (uint64_t i = 0; i < count; ++i) {
    float v[4] = {0, 0, 0, 1};
    read(static_cast<size_t>(i * pixel_bytes), v);
    uint8_t* q = out.rgba.data() + i * 4;
    for (int c = 0; c < 3; ++c) q[c] = linear_to_srgb8(v[c], clamped);
    q[3] = unit_to_8(v[3], clamped);
  }
  out.hdr_clamped = clamped;
  return out;
}

// Uncompressed floats: 1 (grey), 2 (red, green), 3 (RGB) or 4 (RGBA) channels of 2-byte halves
// or 4-byte floats, in that order in memory.
struct FloatLayout {
  int component_bytes, channels;
};

absl::StatusOr<Pixels> decode_float(std::span<const uint8_t> data, int width, int height,
                                    FloatLayout f) {
  const uint64_t pixel_bytes = static_cast<uint64_t>(f.component_bytes) * f.channels;
  return decode_linear(data, width, height, pixel_bytes, [&](size_t at, float* v) {
    for (int c = 0; c < f.channels; ++c, at += f.component_bytes) {
      v[c] = f.component_bytes == 2
                 ? half_to_float(static_cast<uint16_t>(data[at] | (data[at + 1] << 8)))
                 : std::bit_cast<float>(le32(data, at));
    }
    if (f.channels == 1) v[1] = v[2] = v[0];
  });
}

// Four bytes a pixel of packed floats: R11G11B10_FLOAT (red and green unsigned 11-bit floats,
// blue a 10-bit one, from the low bits up) or R9G9B9E5_SHAREDEXP (three 9-bit mantissas and the
// exponent they share in the top 5 bits).
absl::StatusOr<Pixels> decode_packed_float(std::span<const uint8_t> data, int width, int height,
                                           bool shared_exponent) {
  return decode_linear(data, width, height, 4, [&](size_t at, float* v) {
    const uint32_t bits = le32(data, at);
    if (shared_exponent) {
      for (int c = 0; c < 3; ++c)
        v[c] = shared_exponent_to_float(bits >> (9 * c) & 511, bits >> 27);
    } else {
      v[0] = unsigned_float_to_float(bits & 2047, 6);
      v[1] = unsigned_float_to_float(bits >> 11 & 2047, 6);
      v[2] = unsigned_float_to_float(bits >> 22, 5);
    }
  });
}

// A DX10 header's DXGI format as a block kind or masks; an error for the others.
absl::StatusOr<Pixels> decode_dxgi(std::span<const uint8_t> data, int width, int height,
                                   uint32_t format) {
  switch (format) {
    case 70:
    case 71:
    case 72:  // BC1
      return decode_blocks(data, width, height, Block::kBc1);
    case 73:
    case 74:
    case 75:  // BC2
      return decode_blocks(data, width, height, Block::kBc2);
    case 76:
    case 77:
    case 78:  // BC3
      return decode_blocks(data, width, height, Block::kBc3);
    case 79:
    case 80:  // BC4 TYPELESS, UNORM
      return decode_blocks(data, width, height, Block::kBc4);
    case 82:
    case 83:  // BC5 TYPELESS, UNORM
      return decode_blocks(data, width, height, Block::kBc5);
    case 81:  // BC4 SNORM
      return decode_blocks(data, width, height, Block::kBc4Signed);
    case 84:  // BC5 SNORM
      return decode_blocks(data, width, height, Block::kBc5Signed);
    case 94:
    case 95:  // BC6H TYPELESS (read as UF16), UF16
      return decode_blocks(data, width, height, Block::kBc6h);
    case 96:  // BC6H SF16
      return decode_blocks(data, width, height, Block::kBc6hSigned);
    case 97:
    case 98:
    case 99:  // BC7 TYPELESS, UNORM, UNORM_SRGB
      return decode_blocks(data, width, height, Block::kBc7);
    case 2:  // R32G32B32A32_FLOAT
      return decode_float(data, width, height, {4, 4});
    case 6:  // R32G32B32_FLOAT
      return decode_float(data, width, height, {4, 3});
    case 10:  // R16G16B16A16_FLOAT
      return decode_float(data, width, height, {2, 4});
    case 16:  // R32G32_FLOAT
      return decode_float(data, width, height, {4, 2});
    case 34:  // R16G16_FLOAT
      return decode_float(data, width, height, {2, 2});
    case 26:  // R11G11B10_FLOAT
      return decode_packed_float(data, width, height, false);
    case 67:  // R9G9B9E5_SHAREDEXP
      return decode_packed_float(data, width, height, true);
    case 41:  // R32_FLOAT
      return decode_float(data, width, height, {4, 1});
    case 54:  // R16_FLOAT
      return decode_float(data, width, height, {2, 1});
    case 27:
    case 28:
    case 29:  // R8G8B8A8 TYPELESS, UNORM, UNORM_SRGB
      return decode_masked(
          data, width, height,
          {32, kPixelFormatRgb | kPixelFormatAlphaPixels, 0xFFu, 0xFF00u, 0xFF0000u, 0xFF000000u});
    case 87:
    case 90:
    case 91:  // B8G8R8A8 UNORM, TYPELESS, UNORM_SRGB
      return decode_masked(
          data, width, height,
          {32, kPixelFormatRgb | kPixelFormatAlphaPixels, 0xFF0000u, 0xFF00u, 0xFFu, 0xFF000000u});
    case 88:
    case 92:
    case 93:  // B8G8R8X8 UNORM, TYPELESS, UNORM_SRGB
      return decode_masked(data, width, height,
                           {32, kPixelFormatRgb, 0xFF0000u, 0xFF00u, 0xFFu, 0});
    default:
      return refuse("DXGI format " + std::to_string(format) + " is not one polyxios decodes");
  }
}

}  // namespace

absl::StatusOr<Pixels> decode_dds(std::span<const uint8_t> bytes, const DecodeLimits& limits) {
  if (bytes.size() < kHeaderEnd || le32(bytes, 0) != fourcc("DDS ")) {
    return refuse("the file is shorter than its 128-byte header or lacks the \"DDS \" magic");
  }
  if (le32(bytes, 4) != 124 || le32(bytes, 76) != 32) {
    return refuse("the header's or pixel format's size field is not 124 or 32");
  }
  const uint32_t height = le32(bytes, 12), width = le32(bytes, 16);
  if (width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) return refuse("the dimensions are too large");
  if (absl::Status s = check_dimensions(width, height, limits, "DDS"); !s.ok()) return s;
  const int w = static_cast<int>(width), h = static_cast<int>(height);
  const uint32_t flags = le32(bytes, 80), code = le32(bytes, 84);
  std::span<const uint8_t> data = bytes.subspan(kHeaderEnd);
  if ((flags & kPixelFormatFourCC) != 0) {
    if (code == fourcc("DX10")) {
      if (data.size() < kDx10HeaderSize) return refuse("the DX10 header is cut short");
      const uint32_t format = le32(bytes, kHeaderEnd);
      return decode_dxgi(data.subspan(kDx10HeaderSize), w, h, format);
    }
    if (code == fourcc("DXT1")) return decode_blocks(data, w, h, Block::kBc1);
    if (code == fourcc("DXT2") || code == fourcc("DXT3")) {
      return decode_blocks(data, w, h, Block::kBc2);
    }
    if (code == fourcc("DXT4") || code == fourcc("DXT5")) {
      return decode_blocks(data, w, h, Block::kBc3);
    }
    if (code == fourcc("ATI1") || code == fourcc("BC4U")) {
      return decode_blocks(data, w, h, Block::kBc4);
    }
    if (code == fourcc("ATI2") || code == fourcc("BC5U")) {
      return decode_blocks(data, w, h, Block::kBc5);
    }
    if (code == fourcc("BC4S")) return decode_blocks(data, w, h, Block::kBc4Signed);
    if (code == fourcc("BC5S")) return decode_blocks(data, w, h, Block::kBc5Signed);
    // D3DFMT numbers in the FourCC field: R16F, A16B16G16R16F, R32F, A32B32G32R32F
    if (code == 111) return decode_float(data, w, h, {2, 1});
    if (code == 113) return decode_float(data, w, h, {2, 4});
    if (code == 114) return decode_float(data, w, h, {4, 1});
    if (code == 116) return decode_float(data, w, h, {4, 4});
    std::string name;
    for (int i = 0; i < 4; ++i) {
      const char c = static_cast<char>((code >> (8 * i)) & 0xFF);
      name += (c >= 32 && c < 127) ? c : '?';
    }
    return refuse("FourCC \"" + name + "\" is not a format polyxios decodes");
  }
  if ((flags & kPixelFormatYuv) != 0) return refuse("YUV pixels are not decoded");
  if ((flags & (kPixelFormatRgb | kPixelFormatLuminance | kPixelFormatAlpha)) == 0) {
    return refuse("the pixel format names neither a FourCC nor RGB, luminance or alpha masks");
  }
  return decode_masked(data, w, h,
                       {le32(bytes, 88), flags, le32(bytes, 92), le32(bytes, 96), le32(bytes, 100),
                        le32(bytes, 104)});
}

}  // namespace px::image
