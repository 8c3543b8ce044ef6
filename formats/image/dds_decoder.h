// DirectDraw Surface (DDS) textures: a small reader of polyxios's own, since no Debian library
// decodes them (stb_image does not; apt-cache search finds no DDS image library). The top mip
// level of the first surface (first face of a cube map, first slice or array element):
// - FourCC DXT1, DXT2, DXT3, DXT4, DXT5 (BC1, BC2, BC3 blocks; DXT2 and DXT4's premultiplied
//   alpha is kept as stored);
// - uncompressed 8, 16, 24 or 32 bits a pixel with RGB, luminance or alpha bit masks (RGBA, BGRA,
//   RGB, BGR, 565, L8, A8 ...);
// - FourCC ATI1 / BC4U (BC4: one channel, read as grey) and ATI2 / BC5U (BC5: two channels, a
//   normal map's x and y in red and green, its z rebuilt in blue as a glTF normal texture holds
//   it);
// - a DX10 header naming BC1, BC2, BC3 (UNORM, SRGB, TYPELESS), BC4, BC5 (UNORM, TYPELESS),
//   R8G8B8A8 or B8G8R8A8 / B8G8R8X8.
// Every other format (signed BC4 / BC5, BC6H, BC7, floats, palettes) is refused as one polyxios
// cannot decode.
// Every size is checked against the bytes there before a byte is read.
#pragma once

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "formats/image/pixels.h"

namespace px::image {

absl::StatusOr<Pixels> decode_dds(std::span<const uint8_t> bytes, const DecodeLimits& limits);

}  // namespace px::image
