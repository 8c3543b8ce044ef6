// One UTF-8 decoder for whatever checks or repairs text: XML names and character data the
// COLLADA writer spells, and strings a JSON report or summary holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace px {

inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

// The code point of the well-formed sequence starting at s[i] (no overlong form, no surrogate,
// nothing past U+10FFFF), its length in *length; *length is 0 when there is none there.
uint32_t decode_utf8(std::string_view s, size_t i, size_t* length);

// s with each byte that begins no well-formed sequence replaced by U+FFFD.
std::string valid_utf8(std::string_view s);

}  // namespace px
