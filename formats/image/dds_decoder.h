// DirectDraw Surface (DDS) textures: a small reader of polyxios's own, since no Debian library
// decodes them (stb_image does not; apt-cache search finds no DDS image library). The top mip
// level of the first surface (first face of a cube map, first slice or array element):
// - FourCC DXT1, DXT2, DXT3, DXT4, DXT5 (BC1, BC2, BC3 blocks; DXT2 and DXT4's premultiplied
//   alpha is kept as stored);
// - uncompressed 8, 16, 24 or 32 bits a pixel with RGB, luminance or alpha bit masks (RGBA, BGRA,
//   RGB, BGR, 565, L8, A8 ...);
// - FourCC ATI1 / BC4U (BC4: one channel, read as grey) and ATI2 / BC5U (BC5: two channels, a
//   normal map's x and y in red and green, its z rebuilt in blue as a glTF normal texture holds
//   it); BC4S / BC5S the same signed, -1..1 mapped to 0..255;
// - BC7 (bc7_block.h: all eight modes) and BC6H (bc6h_block.h: all fourteen modes, unsigned or
//   signed halves);
// - floats: DXGI R32G32B32A32, R32G32B32, R16G16B16A16, R32G32, R16G16, R32 and R16 FLOAT, the
//   packed R11G11B10_FLOAT and R9G9B9E5_SHAREDEXP, and the D3DFMT numbers 116 (A32B32G32R32F),
//   113 (A16B16G16R16F), 114 (R32F) and 111 (R16F) in the FourCC field; one channel read as grey,
//   two as red and green. Halves and floats are linear light: clamped to [0, 1] and
//   sRGB-encoded (hdr.h); a value past that range sets Pixels::hdr_clamped;
// - a DX10 header naming BC1, BC2, BC3 (UNORM, SRGB, TYPELESS), BC4, BC5 (UNORM, SNORM,
//   TYPELESS), BC6H (UF16, SF16, TYPELESS read as UF16), BC7 (UNORM, SRGB, TYPELESS), the floats
//   above, R8G8B8A8 or B8G8R8A8 / B8G8R8X8.
// sRGB and UNORM variants decode alike: the bytes are kept as stored, a PNG's colour being sRGB.
// Every other format (other DXGI formats, palettes, YUV) is refused as one polyxios cannot
// decode.
// Every size is checked against the bytes there before a byte is read.
#pragma once

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "formats/image/pixels.h"

namespace px::image {

absl::StatusOr<Pixels> decode_dds(std::span<const uint8_t> bytes, const DecodeLimits& limits);

}  // namespace px::image
