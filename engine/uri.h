// URI pieces every codec needs: data: URIs, percent-decoding, and the media type of bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace px {

struct DataUri {
  std::string media_type;
  std::vector<uint8_t> bytes;
};

bool is_data_uri(std::string_view uri);
// A data: URI decoded: base64 when its ";base64" marker is there (in any case), else
// percent-decoded. nullopt when it is malformed.
std::optional<DataUri> decode_data_uri(std::string_view uri);

// "data:<media type>;base64,<bytes>"
std::string data_uri(std::string_view media_type, std::span<const uint8_t> bytes);

// Every byte outside RFC 3986's unreserved set as %XX, so a file name is a valid relative URI.
std::string percent_encode(std::string_view name);

// The uri as an RFC 3986 URI reference: unchanged when it is one; else each character a reference
// cannot hold where it stands (a space, a byte beyond ASCII, a '%' starting no escape, a second
// '#', a ':' in the first segment of a reference with no valid scheme, ...) as %XX, so that
// percent-decoding it gives the name it spelled.
std::string as_uri_reference(std::string_view uri);

// "%20" -> " "; a '%' not followed by two hex digits is kept as it is.
std::string percent_decode(std::string_view text);

// Whether `type` is a type/subtype of RFC 2045 token characters, which a data: URI can carry as it
// is ("image/png"; not "png", "image/", "image/png; q=1").
bool is_media_type(std::string_view type);

// "image/png", "image/jpeg", ... from the first bytes; empty when unknown.
std::string_view sniff_media_type(std::span<const uint8_t> bytes);

}  // namespace px
