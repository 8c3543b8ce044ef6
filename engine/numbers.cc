#include "engine/numbers.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace px {
namespace {

// XML Schema spells infinity INF and not-a-number NaN; exporters also write inf, nan, -nan.
template <class T>
bool parse_special(std::string_view token, T* out) {
  bool negative = false;
  std::string_view body = token;
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  auto equals_lower = [](std::string_view s, std::string_view lower) {
    if (s.size() != lower.size()) return false;
    for (size_t i = 0; i < s.size(); ++i) {
      char c = s[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != lower[i]) return false;
    }
    return true;
  };
  if (equals_lower(body, "inf") || equals_lower(body, "infinity")) {
    *out = negative ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    return true;
  }
  if (equals_lower(body, "nan")) {
    *out = std::numeric_limits<T>::quiet_NaN();
    return true;
  }
  return false;
}

template <class T>
bool parse_real(std::string_view token, T* out) {
  const char* first = token.data();
  const char* last = first + token.size();
  if (first != last && *first == '+') ++first;  // from_chars refuses a leading plus
  auto [end, ec] = std::from_chars(first, last, *out, std::chars_format::general);
  if (ec == std::errc() && end == last) return true;
  if (ec == std::errc::result_out_of_range && end == last) {
    // Beyond the type's range: infinity or zero, as strtod would give.
    *out = T{0};
    for (const char* p = first; p != last; ++p) {
      if (*p == 'e' || *p == 'E') {
        bool negative_exponent = p + 1 != last && p[1] == '-';
        if (!negative_exponent) {
          *out = (*token.data() == '-') ? -std::numeric_limits<T>::infinity()
                                        : std::numeric_limits<T>::infinity();
        }
        break;
      }
    }
    return true;
  }
  return parse_special(token, out);
}

template <class T>
bool parse_integer(std::string_view token, T* out) {
  const char* first = token.data();
  const char* last = first + token.size();
  if (first != last && *first == '+') ++first;
  auto [end, ec] = std::from_chars(first, last, *out, 10);
  return ec == std::errc() && end == last && first != last;
}

}  // namespace

bool parse_double(std::string_view token, double* out) { return parse_real(token, out); }
bool parse_float(std::string_view token, float* out) { return parse_real(token, out); }
bool parse_int32(std::string_view token, int32_t* out) { return parse_integer(token, out); }
bool parse_int64(std::string_view token, int64_t* out) { return parse_integer(token, out); }

}  // namespace px
