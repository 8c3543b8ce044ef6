// Base64 (RFC 4648, standard alphabet) for data: URIs and embedded images.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace px {

std::string base64_encode(std::string_view bytes);
// White space is skipped; nullopt for any other character outside the alphabet.
std::optional<std::vector<uint8_t>> base64_decode(std::string_view text);

}  // namespace px
