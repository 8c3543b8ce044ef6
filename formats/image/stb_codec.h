// stb_image's decoders (TGA, BMP) and stb_image_write's PNG encoder, compiled once in
// stb_codec.cc from Debian's libstb-dev headers, with static linkage so no symbol clashes with a
// libstb another library links.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/image/pixels.h"

namespace px::image {

// TGA or BMP bytes (stb_image also takes PNG and JPEG) to RGBA pixels. The dimensions are read
// first (stbi_info_from_memory) and checked against limits before the pixels are allocated; an
// uncompressed TGA or BMP whose pixels end before its header says is refused (stb_image would
// read zeros in their place).
absl::StatusOr<Pixels> decode_with_stb(std::span<const uint8_t> bytes, const DecodeLimits& limits);

// RGBA pixels as a PNG file (zlib's deflate, level 9 is not worth the time: level 6).
absl::StatusOr<std::vector<uint8_t>> encode_png(const Pixels& pixels);

}  // namespace px::image
