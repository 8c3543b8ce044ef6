// The image decoders' entry point: bytes of a format glTF cannot hold (TGA, BMP, TIFF, DDS,
// recognised by their first bytes) decoded and encoded again as PNG, for the glTF writer's
// --transcode-images. Never crashes on any bytes: a corrupt, truncated, oversized or unsupported
// image is an error status naming the format and why.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/image/image_kind.h"
#include "formats/image/pixels.h"

namespace px::image {

// The pixels of TGA, BMP, TIFF or DDS bytes; an error for bytes of another kind (kOther).
absl::StatusOr<Pixels> decode_image(std::span<const uint8_t> bytes, ImageKind kind,
                                    const DecodeLimits& limits = {});

// decode_image, then PNG.
absl::StatusOr<std::vector<uint8_t>> transcode_to_png(std::span<const uint8_t> bytes,
                                                      ImageKind kind,
                                                      const DecodeLimits& limits = {});

}  // namespace px::image
