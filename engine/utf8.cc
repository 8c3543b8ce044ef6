#include "engine/utf8.h"

namespace px {

uint32_t decode_utf8(std::string_view s, size_t i, size_t* length) {
  *length = 0;
  const unsigned char lead = static_cast<unsigned char>(s[i]);
  if (lead < 0x80) {
    *length = 1;
    return lead;
  }
  const size_t n = (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || s.size() - i < n) return 0;
  uint32_t code = lead & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    const unsigned char next = static_cast<unsigned char>(s[i + k]);
    if ((next & 0xC0) != 0x80) return 0;
    code = (code << 6) | (next & 0x3F);
  }
  constexpr uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};  // below is overlong
  if (code < kSmallest[n] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  *length = n;
  return code;
}

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    size_t length = 0;
    decode_utf8(s, i, &length);
    if (length == 0) {
      out += kReplacementCharacter;
      ++i;
    } else {
      out.append(s.substr(i, length));
      i += length;
    }
  }
  return out;
}

}  // namespace px
