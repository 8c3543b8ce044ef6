#include "formats/image/stb_codec.h"

#include <climits>
#include <cstdlib>
#include <string>

#include <zlib.h>

namespace {

// stb_image_write's PNG writer with zlib's deflate in place of its own (smaller files).
unsigned char* px_zlib_compress(unsigned char* data, int data_len, int* out_len, int /*quality*/) {
  uLongf size = compressBound(static_cast<uLong>(data_len));
  auto* out = static_cast<unsigned char*>(std::malloc(size));
  if (out == nullptr) return nullptr;
  if (compress2(out, &size, data, static_cast<uLong>(data_len), 6) != Z_OK || size > INT_MAX) {
    std::free(out);
    return nullptr;
  }
  *out_len = static_cast<int>(size);
  return out;
}

}  // namespace

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_ONLY_TGA
#define STBI_ONLY_BMP
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#define STBI_MAX_DIMENSIONS 16384
#define STBI_ASSERT(x) ((void)0)
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#define STBIW_ZLIB_COMPRESS px_zlib_compress
#define STBIW_ASSERT(x) ((void)0)

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
#pragma GCC diagnostic pop

namespace px::image {

namespace {

uint32_t le16(std::span<const uint8_t> b, size_t at) { return b[at] | (b[at + 1] << 8); }
uint32_t le32(std::span<const uint8_t> b, size_t at) {
  return le16(b, at) | (le16(b, at + 2) << 16);
}

// stb_image reads zeros past the end of an uncompressed TGA's or BMP's pixels rather than fail:
// such a cut file is refused here, from the sizes its header gives, so that it is reported as
// corrupt rather than embedded with black rows.
absl::Status check_complete(std::span<const uint8_t> b) {
  uint64_t need = 0;
  const char* what = "";
  if (b.size() >= 2 && b[0] == 'B' && b[1] == 'M') {
    if (b.size() < 34 || le32(b, 14) < 40) return absl::OkStatus();  // OS/2 or cut: stb judges
    const uint32_t compression = le32(b, 30);
    if (compression != 0 && compression != 3 && compression != 6) return absl::OkStatus();
    const int64_t width = static_cast<int32_t>(le32(b, 18));
    const int64_t height = static_cast<int32_t>(le32(b, 22));
    const uint64_t bits = le16(b, 28);
    const uint64_t row = ((static_cast<uint64_t>(width < 0 ? -width : width) * bits + 31) / 32) * 4;
    need = le32(b, 10) + row * static_cast<uint64_t>(height < 0 ? -height : height);
    what = "BMP";
  } else if (b.size() >= 18 && (b[2] == 1 || b[2] == 2 || b[2] == 3)) {
    const uint64_t map_bytes = b[1] == 1 ? le16(b, 5) * ((b[7] + 7u) / 8) : 0;
    need = 18 + b[0] + map_bytes +
           uint64_t{le16(b, 12)} * le16(b, 14) * ((b[16] + 7u) / 8);
    what = "TGA";
  }
  if (b.size() < need) {
    return absl::InvalidArgumentError(std::string(what) + ": the file ends after " +
                                      std::to_string(b.size()) + " bytes, before its " +
                                      std::to_string(need) + " bytes of header and pixels");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Pixels> decode_with_stb(std::span<const uint8_t> bytes, const DecodeLimits& limits) {
  if (bytes.empty() || bytes.size() > INT_MAX) {
    return absl::InvalidArgumentError("the image is empty or past 2 GiB");
  }
  if (absl::Status s = check_complete(bytes); !s.ok()) return s;
  const int len = static_cast<int>(bytes.size());
  int width = 0, height = 0, channels = 0;
  if (stbi_info_from_memory(bytes.data(), len, &width, &height, &channels) == 0) {
    return absl::InvalidArgumentError(std::string("stb_image cannot read its header (") +
                                      stbi_failure_reason() + ")");
  }
  if (absl::Status s = check_dimensions(width, height, limits, "stb_image"); !s.ok()) return s;
  stbi_uc* data = stbi_load_from_memory(bytes.data(), len, &width, &height, &channels, 4);
  if (data == nullptr) {
    return absl::InvalidArgumentError(std::string("stb_image cannot decode it (") +
                                      stbi_failure_reason() + ")");
  }
  Pixels out;
  if (absl::Status s = check_dimensions(width, height, limits, "stb_image"); !s.ok()) {
    stbi_image_free(data);
    return s;
  }
  out.width = width;
  out.height = height;
  out.rgba.assign(data, data + static_cast<size_t>(width) * height * 4);
  stbi_image_free(data);
  return out;
}

absl::StatusOr<std::vector<uint8_t>> encode_png(const Pixels& pixels) {
  if (pixels.width <= 0 || pixels.height <= 0 ||
      pixels.rgba.size() != static_cast<size_t>(pixels.width) * pixels.height * 4 ||
      pixels.width > INT_MAX / 4) {
    return absl::InvalidArgumentError("no pixels to encode as PNG");
  }
  std::vector<uint8_t> png;
  auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<uint8_t>*>(context);
    const auto* bytes = static_cast<const uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
  };
  if (stbi_write_png_to_func(append, &png, pixels.width, pixels.height, 4, pixels.rgba.data(),
                             pixels.width * 4) == 0 ||
      png.empty()) {
    return absl::InternalError("stb_image_write could not encode the PNG");
  }
  return png;
}

}  // namespace px::image
