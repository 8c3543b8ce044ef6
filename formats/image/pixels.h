// Decoded pixels and the limits a decode is held to, shared by the image decoders.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace px::image {

// 8-bit RGBA, rows top to bottom, no padding.
struct Pixels {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4
  // Floating-point colour (DDS BC6H, float formats) held values outside [0, 1], clamped on the
  // way to 8 bits (formats/image/hdr.h).
  bool hdr_clamped = false;
};

// What one decode may build; checked from the header's dimensions before a pixel is allocated.
struct DecodeLimits {
  // Either side, in pixels: 16384, the largest texture a GPU takes.
  int max_dimension = 16384;
  // The decoded RGBA bytes: 512 MiB (a 16384 x 8192 texture).
  uint64_t max_bytes = uint64_t{512} << 20;
};

// OK when width x height RGBA pixels fit the limits (and are not empty).
inline absl::Status check_dimensions(int64_t width, int64_t height, const DecodeLimits& limits,
                                     const char* what) {
  if (width <= 0 || height <= 0) {
    return absl::InvalidArgumentError(std::string(what) + ": the image is empty");
  }
  if (width > limits.max_dimension || height > limits.max_dimension) {
    return absl::ResourceExhaustedError(std::string(what) + ": " + std::to_string(width) + " x " +
                                        std::to_string(height) + " pixels is past the limit of " +
                                        std::to_string(limits.max_dimension) + " a side");
  }
  const uint64_t bytes = static_cast<uint64_t>(width) * static_cast<uint64_t>(height) * 4;
  if (bytes > limits.max_bytes) {
    return absl::ResourceExhaustedError(std::string(what) + ": " + std::to_string(bytes) +
                                        " bytes of pixels are past the budget of " +
                                        std::to_string(limits.max_bytes));
  }
  return absl::OkStatus();
}

}  // namespace px::image
