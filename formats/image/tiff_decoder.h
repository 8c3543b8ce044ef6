// TIFF through libtiff (Debian's libtiff-dev), read from memory: the first directory (page) as
// RGBA (TIFFReadRGBAImageOriented: every photometric libtiff's RGBA interface takes, any
// compression it was built with), top row first, alpha straight (not premultiplied).
#pragma once

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "formats/image/pixels.h"

namespace px::image {

// libtiff's errors and warnings are caught per handle and never printed; its single allocations
// are capped at limits.max_bytes (16 MiB at least), and the dimensions checked before the raster is allocated.
absl::StatusOr<Pixels> decode_tiff(std::span<const uint8_t> bytes, const DecodeLimits& limits);

}  // namespace px::image
