// How bytes and names are spelled inside a glTF uri: base64 data URIs for embedded images in a
// .gltf, percent-encoding for the .bin file name.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace px::gltf {

// Standard base64 (RFC 4648, with '=' padding).
std::string base64_encode(std::span<const uint8_t> bytes);
// "data:<mime>;base64,<bytes>"
std::string data_uri(std::string_view mime_type, std::span<const uint8_t> bytes);
// Every byte outside RFC 3986's unreserved set as %XX, so a file name is a valid relative URI.
std::string percent_encode(std::string_view name);

}  // namespace px::gltf
