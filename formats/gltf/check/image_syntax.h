// What the Khronos validator rejects in an image, judged on its bytes and URI alone: PNG chunks
// or JPEG marker segments that do not parse, or that the data ends inside of, and a URI that does
// not parse. The reader warns with them (resource_check.h); the writer leaves out what they find
// (image_writer.h), so that no output carries an image the validator rejects.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace px::gltf {

struct ImageDataProblem {
  bool unexpected_end = false;  // the data ends early (else it is invalid where it is)
  std::string message;
};

// The first problem of PNG or JPEG bytes (by their signature); nullopt for bytes of any other type,
// which the validator does not walk. PNG: IHDR first, chunks whose length PNG fixes of that length,
// every chunk inside the data up to IEND, and an IDAT among them (CRCs are not checked). JPEG:
// marker segments from SOI to the first SOS, each length at least 2 and inside the data, a frame
// header (SOF) of 1 or 3 components before the scan.
std::optional<ImageDataProblem> image_data_problem(std::span<const uint8_t> bytes);

// Why `uri` does not parse ("" when it does): a data: URI not of RFC 2397's form, as the validator
// reads it, or a scheme (what precedes a ':' that no '/', '?' or '#' comes before) that is empty,
// does not start with a letter or holds characters other than letters, digits, '+', '-' and '.'.
std::string uri_syntax_error(std::string_view uri);

}  // namespace px::gltf
