#include "formats/collada/read/xml/decimal_comma.h"

#include "formats/collada/read/xml/numbers.h"

namespace px {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// One token's comma is a decimal one when it is its only comma, between digits, with no point.
bool decimal_comma_token(std::string_view token, bool* has_comma, bool* has_point) {
  size_t commas = 0;
  for (size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '.') *has_point = true;
    if (token[i] != ',') continue;
    ++commas;
    if (i == 0 || i + 1 == token.size() || !is_digit(token[i - 1]) || !is_digit(token[i + 1])) {
      return false;
    }
  }
  *has_comma = commas > 0;
  return commas <= 1 && !(*has_comma && *has_point);
}

}  // namespace

bool point_from_decimal_comma(std::string_view text, std::string* out, DecimalSpelling* seen) {
  out->assign(text);
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_xml_space(text[i])) ++i;
    size_t start = i;
    while (i < text.size() && !is_xml_space(text[i])) ++i;
    if (i == start) break;
    bool comma = false, point = false;
    if (!decimal_comma_token(text.substr(start, i - start), &comma, &point)) return false;
    seen->comma = seen->comma || comma;
    seen->point = seen->point || point;
    if (seen->comma && seen->point) return false;
    if (comma) {
      for (size_t k = start; k < i; ++k) {
        if ((*out)[k] == ',') (*out)[k] = '.';
      }
    }
  }
  return true;
}

}  // namespace px
