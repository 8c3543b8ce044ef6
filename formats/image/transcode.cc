#include "formats/image/transcode.h"

#include <string>

#include "formats/image/dds_decoder.h"
#include "formats/image/stb_codec.h"
#include "formats/image/tiff_decoder.h"

namespace px::image {

absl::StatusOr<Pixels> decode_image(std::span<const uint8_t> bytes, ImageKind kind,
                                    const DecodeLimits& limits) {
  switch (kind) {
    case ImageKind::kTga:
    case ImageKind::kBmp:
      return decode_with_stb(bytes, limits);
    case ImageKind::kTiff:
      return decode_tiff(bytes, limits);
    case ImageKind::kDds:
      return decode_dds(bytes, limits);
    case ImageKind::kOther:
      break;
  }
  return absl::InvalidArgumentError("not TGA, BMP, TIFF or DDS bytes");
}

absl::StatusOr<std::vector<uint8_t>> transcode_to_png(std::span<const uint8_t> bytes,
                                                      ImageKind kind,
                                                      const DecodeLimits& limits) {
  absl::StatusOr<Pixels> pixels = decode_image(bytes, kind, limits);
  if (!pixels.ok()) return pixels.status();
  return encode_png(*pixels);
}

}  // namespace px::image
