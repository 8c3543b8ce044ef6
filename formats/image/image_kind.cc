#include "formats/image/image_kind.h"

#include <cstring>

namespace px::image {

namespace {

bool starts_with(std::span<const uint8_t> bytes, std::string_view magic) {
  return bytes.size() >= magic.size() && std::memcmp(bytes.data(), magic.data(), magic.size()) == 0;
}

bool looks_like_tga(std::span<const uint8_t> b) {
  if (b.size() < 18) return false;
  const uint8_t colour_map = b[1], type = b[2];
  if (colour_map > 1) return false;
  const bool mapped = type == 1 || type == 9;
  const bool known = mapped || type == 2 || type == 3 || type == 10 || type == 11;
  if (!known || mapped != (colour_map == 1)) return false;
  if (colour_map == 1) {
    const uint8_t entry_bits = b[7];
    if (entry_bits != 15 && entry_bits != 16 && entry_bits != 24 && entry_bits != 32) return false;
  }
  const int width = b[12] | (b[13] << 8), height = b[14] | (b[15] << 8);
  if (width == 0 || height == 0) return false;
  const uint8_t depth = b[16];
  if (depth != 8 && depth != 15 && depth != 16 && depth != 24 && depth != 32) return false;
  if ((b[17] & 0xC0) != 0) return false;  // interleaving, which TGA 2 retired
  return true;
}

}  // namespace

ImageKind sniff_image_kind(std::span<const uint8_t> bytes) {
  if (starts_with(bytes, "DDS ")) return ImageKind::kDds;
  if (starts_with(bytes, std::string_view("II*\0", 4)) ||
      starts_with(bytes, std::string_view("MM\0*", 4))) {
    return ImageKind::kTiff;
  }
  if (starts_with(bytes, "BM") && bytes.size() >= 26) return ImageKind::kBmp;
  // Formats with a magic number of their own are never TGA.
  if (starts_with(bytes, "\x89PNG") || starts_with(bytes, "\xFF\xD8\xFF") ||
      starts_with(bytes, "GIF8") || starts_with(bytes, "RIFF") ||
      starts_with(bytes, std::string_view("\xABKTX", 4))) {
    return ImageKind::kOther;
  }
  if (looks_like_tga(bytes)) return ImageKind::kTga;
  return ImageKind::kOther;
}

std::string_view image_kind_name(ImageKind kind) {
  switch (kind) {
    case ImageKind::kTga: return "TGA";
    case ImageKind::kBmp: return "BMP";
    case ImageKind::kTiff: return "TIFF";
    case ImageKind::kDds: return "DDS";
    case ImageKind::kOther: break;
  }
  return "";
}

}  // namespace px::image
