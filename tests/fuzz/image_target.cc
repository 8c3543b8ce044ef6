// image_fuzz: any bytes through the image decoders' entry point (formats/image/transcode.h), as
// the kind they sniff as and as each of TGA, BMP, TIFF and DDS: a decode succeeds or returns an
// error, never crashes or reads past the bytes; what decodes has the pixels its dimensions say,
// and its PNG decodes back to the same pixels.
#include <string_view>

#include "formats/image/image_kind.h"
#include "formats/image/stb_codec.h"
#include "formats/image/transcode.h"
#include "tests/fuzz/fuzz_targets.h"

namespace px::fuzz {

void image_input(std::string_view bytes) {
  const std::span<const uint8_t> data(reinterpret_cast<const uint8_t*>(bytes.data()),
                                      bytes.size());
  // Small limits: a fuzzed header claims huge sides, and the budget is what refuses them.
  image::DecodeLimits limits;
  limits.max_dimension = 4096;
  limits.max_bytes = uint64_t{16} << 20;
  const image::ImageKind sniffed = image::sniff_image_kind(data);
  for (image::ImageKind kind : {sniffed, image::ImageKind::kTga, image::ImageKind::kBmp,
                                image::ImageKind::kTiff, image::ImageKind::kDds}) {
    absl::StatusOr<image::Pixels> pixels = image::decode_image(data, kind, limits);
    if (!pixels.ok()) continue;
    if (pixels->width <= 0 || pixels->height <= 0 ||
        pixels->rgba.size() != static_cast<size_t>(pixels->width) * pixels->height * 4) {
      fail("a decode returned pixels its dimensions do not describe", image::image_kind_name(kind));
    }
    if (kind != sniffed) continue;  // PNG round trip once per input: it is the slow part
    absl::StatusOr<std::vector<uint8_t>> png = image::encode_png(*pixels);
    if (!png.ok()) fail("decoded pixels do not encode as PNG");
    absl::StatusOr<image::Pixels> back = image::decode_with_stb(*png, limits);
    if (!back.ok() || back->width != pixels->width || back->height != pixels->height ||
        back->rgba != pixels->rgba) {
      fail("the PNG does not decode back to the pixels", image::image_kind_name(kind));
    }
  }
}

}  // namespace px::fuzz
