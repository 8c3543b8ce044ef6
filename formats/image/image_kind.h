// Which image format bytes hold, from their first bytes (not a file's extension): the formats glTF
// cannot hold that polyxios transcodes to PNG.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace px::image {

enum class ImageKind { kOther, kTga, kBmp, kTiff, kDds };

// kOther for PNG, JPEG, anything glTF takes as it is, and bytes of no format recognised here.
// TGA has no magic number: its 18-byte header is checked field by field (colour-map type 0 or 1,
// an image type TGA defines, a pixel depth it allows, non-zero sides), so that other bytes are
// seldom taken for TGA; a wrong guess only makes a decode fail, which is reported.
ImageKind sniff_image_kind(std::span<const uint8_t> bytes);

// "TGA", "BMP", "TIFF", "DDS", or "" for kOther.
std::string_view image_kind_name(ImageKind kind);

}  // namespace px::image
