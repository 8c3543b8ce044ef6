#include "formats/collada/read/xml/numbers.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <type_traits>

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

// Exporters spell short decimals ("-0.123456", "1.5e-05"): a mantissa and a power of ten that
// are both exact in T give the correctly rounded value in one multiplication or division
// (Clinger's fast path). Anything else goes to std::from_chars.
template <class T>
bool parse_short_decimal(std::string_view token, T* out) {
  constexpr uint64_t kMaxMantissa =
      std::is_same_v<T, float> ? (uint64_t{1} << 24) : (uint64_t{1} << 53);
  constexpr int kMaxExponent = std::is_same_v<T, float> ? 10 : 22;
  static constexpr T kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const char* p = token.data();
  const char* end = p + token.size();
  if (p == end) return false;
  bool negative = *p == '-';
  if (*p == '-' || *p == '+') ++p;
  uint64_t mantissa = 0;
  int exponent = 0;
  bool digits = false;
  auto digit = [](char c) { return static_cast<unsigned>(c - '0') < 10; };
  for (; p < end && digit(*p); ++p, digits = true) {
    if (mantissa >= kMaxMantissa) return false;
    mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
  }
  if (p < end && *p == '.') {
    for (++p; p < end && digit(*p); ++p, digits = true, --exponent) {
      if (mantissa >= kMaxMantissa) return false;
      mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    }
  }
  if (!digits) return false;
  if (p < end && (*p == 'e' || *p == 'E')) {
    ++p;
    bool negative_exponent = p < end && *p == '-';
    if (p < end && (*p == '-' || *p == '+')) ++p;
    int value = 0;
    bool exponent_digits = false;
    for (; p < end && digit(*p); ++p, exponent_digits = true) {
      if (value > 10000) return false;
      value = value * 10 + (*p - '0');
    }
    if (!exponent_digits) return false;
    exponent += negative_exponent ? -value : value;
  }
  if (p != end || mantissa > kMaxMantissa || exponent < -kMaxExponent || exponent > kMaxExponent) {
    return false;
  }
  T value = static_cast<T>(mantissa);
  value = exponent < 0 ? value / kPowers[-exponent] : value * kPowers[exponent];
  *out = negative ? -value : value;
  return true;
}

template <class T>
bool parse_real(std::string_view token, T* out) {
  if (parse_short_decimal(token, out)) return true;
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
bool parse_int32(std::string_view token, int32_t* out) {
  // Indices are short non-negative numbers: read them in one pass, range-checked.
  if (!token.empty() && token.size() <= 9) {
    uint32_t value = 0;
    bool digits = true;
    for (char c : token) {
      unsigned d = static_cast<unsigned>(c - '0');
      digits &= d < 10;
      value = value * 10 + d;
    }
    if (digits) {
      *out = static_cast<int32_t>(value);
      return true;
    }
  }
  return parse_integer(token, out);
}
bool parse_int64(std::string_view token, int64_t* out) { return parse_integer(token, out); }

}  // namespace px
