#include "formats/gltf/check/image_syntax.h"

#include <algorithm>
#include <array>
#include <utility>

#include "absl/strings/ascii.h"
#include "engine/strings.h"
#include "engine/uri.h"

namespace px::gltf {
namespace {

uint32_t big_endian(std::span<const uint8_t> bytes, uint64_t at, int size) {
  uint32_t out = 0;
  for (int i = 0; i < size; ++i) out = (out << 8) | bytes[at + i];
  return out;
}

ImageDataProblem invalid(std::string message) { return {false, std::move(message)}; }
ImageDataProblem ends_early(std::string message) { return {true, std::move(message)}; }

std::optional<ImageDataProblem> png_problem(std::span<const uint8_t> bytes) {
  static constexpr std::array<std::pair<std::string_view, uint32_t>, 5> kFixedLengths = {
      {{"IHDR", 13}, {"cHRM", 32}, {"gAMA", 4}, {"pHYs", 9}, {"sRGB", 1}}};
  bool image_data = false;
  for (uint64_t at = 8;;) {
    if (bytes.size() - at < 8) {
      return ends_early(cat("the PNG ends at byte ", bytes.size(),
                            ", inside a chunk header or before its IEND chunk"));
    }
    const uint32_t length = big_endian(bytes, at, 4);
    const std::string_view type(reinterpret_cast<const char*>(bytes.data() + at + 4), 4);
    if (at == 8 && type != "IHDR") return invalid("the PNG's first chunk is not IHDR");
    if (length > 0x7FFFFFFF) {
      return invalid(
          cat("the PNG chunk at byte ", at, " gives a length of ", length, ", over 2^31 - 1"));
    }
    for (const auto& [name, fixed] : kFixedLengths) {
      if (type == name && length != fixed) {
        return invalid(
            cat("the PNG's ", name, " chunk at byte ", at, " is ", length, " bytes, not ", fixed));
      }
    }
    const uint64_t end = at + 12 + length;
    if (end > bytes.size()) {
      return ends_early(cat("the PNG chunk at byte ", at, " ends at byte ", end,
                            ", past the data's ", bytes.size()));
    }
    if (type == "IEND") {
      if (image_data) return std::nullopt;
      return ends_early(cat("the PNG reaches its IEND chunk at byte ", at,
                            " without image data (an IDAT chunk)"));
    }
    image_data = image_data || type == "IDAT";
    at = end;
  }
}

// TEM, RSTn and SOI: markers without a length (EOI ends the image).
bool is_standalone_marker(uint8_t marker) {
  return marker == 0x01 || (marker & 0xF8) == 0xD0 || marker == 0xD8;
}
bool is_start_of_frame(uint8_t marker) {
  return (marker & 0xF0) == 0xC0 && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

// The entropy-coded data after SOS is not walked.
std::optional<ImageDataProblem> jpeg_problem(std::span<const uint8_t> bytes) {
  const auto before_scan = [&] {
    return ends_early(
        cat("the JPEG ends at byte ", bytes.size(), " before its start of scan (SOS)"));
  };
  bool frame = false;
  for (uint64_t at = 2;;) {
    if (at >= bytes.size()) return before_scan();
    if (bytes[at] != 0xFF) {
      return invalid(cat("the JPEG has byte ", int{bytes[at]}, " at byte ", at,
                         ", where a marker (255) belongs"));
    }
    while (at < bytes.size() && bytes[at] == 0xFF) ++at;  // fill bytes
    if (at >= bytes.size()) return before_scan();
    const uint8_t marker = bytes[at++];
    if (marker == 0xD9) return before_scan();
    if (is_standalone_marker(marker)) continue;
    if (bytes.size() - at < 2) return before_scan();
    const uint32_t length = big_endian(bytes, at, 2);
    if (length < 2) {
      return invalid(cat("the JPEG marker segment at byte ", at - 2, " gives a length of ", length,
                         ", under 2"));
    }
    if (length > bytes.size() - at) return before_scan();
    if (is_start_of_frame(marker)) {
      const int components = length < 8 ? 0 : bytes[at + 7];
      if (components != 1 && components != 3) {
        return invalid(cat("the JPEG frame header at byte ", at - 2, " gives ", components,
                           " colour components, not 1 or 3"));
      }
      frame = true;
    }
    if (marker == 0xDA) {
      if (frame) return std::nullopt;
      return invalid("the JPEG's start of scan (SOS) comes before any frame header");
    }
    at += length;
  }
}

bool is_scheme_char(char c) { return absl::ascii_isalnum(c) || c == '+' || c == '-' || c == '.'; }

std::string scheme_error(std::string_view uri) {
  const size_t end = uri.find_first_of(":/?#");
  if (end == std::string_view::npos || uri[end] != ':') return {};
  const std::string_view scheme = uri.substr(0, end);
  if (scheme.empty()) return "its scheme, before the ':', is empty";
  if (!absl::ascii_isalpha(scheme[0])) {
    return cat("its scheme \"", scheme, "\" does not start with a letter");
  }
  if (!std::all_of(scheme.begin(), scheme.end(), is_scheme_char)) {
    return cat("its scheme \"", scheme,
               "\" holds characters other than letters, digits, '+', '-' and '.'");
  }
  return {};
}

bool is_base64_marker(std::string_view parameter) {
  return std::ranges::equal(parameter, std::string_view("base64"), [](char x, char y) {
    return absl::ascii_tolower(static_cast<unsigned char>(x)) == y;
  });
}

// RFC 2397, as the glTF validator reads it: "data:" [type "/" subtype] *(";" name "=" value)
// [";base64"] "," data. decode_data_uri is more lenient; its bytes are checked where they decode.
std::string data_uri_error(std::string_view uri) {
  const size_t comma = uri.find(',');
  if (comma == std::string_view::npos) return "the data: URI has no ',' before its data";
  const std::string_view header = uri.substr(5, comma - 5);
  const std::string_view media_type = header.substr(0, header.find(';'));
  if (!media_type.empty() && std::count(media_type.begin(), media_type.end(), '/') != 1) {
    return cat("its media type \"", media_type, "\" is not of the form type/subtype");
  }
  std::string_view parameters = header.substr(media_type.size());
  while (!parameters.empty()) {
    parameters.remove_prefix(1);  // the ';'
    const std::string_view parameter = parameters.substr(0, parameters.find(';'));
    parameters.remove_prefix(parameter.size());
    const bool base64 = parameters.empty() && is_base64_marker(parameter);
    if (!base64 && parameter.find('=') == std::string_view::npos) {
      return cat("its parameter \"", parameter, "\" is neither name=value nor a final base64");
    }
  }
  return {};
}

}  // namespace

std::optional<ImageDataProblem> image_data_problem(std::span<const uint8_t> bytes) {
  const std::string_view type = sniff_media_type(bytes);
  if (type == "image/png") return png_problem(bytes);
  if (type == "image/jpeg") return jpeg_problem(bytes);
  return std::nullopt;
}

std::string uri_syntax_error(std::string_view uri) {
  return is_data_uri(uri) ? data_uri_error(uri) : scheme_error(uri);
}

}  // namespace px::gltf
