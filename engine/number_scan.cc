#include "engine/number_scan.h"

#include <type_traits>

#include "engine/numbers.h"

namespace px {
namespace {

inline bool digit(char c) { return static_cast<unsigned char>(c - '0') < 10; }

// Powers of ten that are exact in T: a mantissa below 2^24 (float) or 2^53 (double) scaled by one
// of them is correctly rounded in one operation (Clinger's fast path).
template <class T>
struct FastPath;
template <>
struct FastPath<float> {
  static constexpr uint64_t kMaxMantissa = uint64_t{1} << 24;
  static constexpr int kMaxExponent = 10;
  static constexpr float kPowers[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f,
                                      1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
};
template <>
struct FastPath<double> {
  static constexpr uint64_t kMaxMantissa = uint64_t{1} << 53;
  static constexpr int kMaxExponent = 22;
  static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
};

bool parse_token(std::string_view token, float* out) { return parse_float(token, out); }
bool parse_token(std::string_view token, double* out) { return parse_double(token, out); }
bool parse_token(std::string_view token, int32_t* out) { return parse_int32(token, out); }

// Reads the token at p (not white space) in the common spelling; false leaves it to parse_token.
// On success *p is past the token.
template <class T>
inline bool read_common(const char** p, const char* end, T* value) {
  const char* q = *p;
  if constexpr (std::is_integral_v<T>) {
    uint32_t v = 0;
    const char* start = q;
    while (q < end && digit(*q) && q - start < 9) v = v * 10 + static_cast<uint32_t>(*q++ - '0');
    if (q == start || (q < end && !is_xml_space(*q))) return false;
    *value = static_cast<T>(v);
  } else {
    bool negative = *q == '-';
    if (*q == '-' || *q == '+') ++q;
    uint64_t mantissa = 0;
    int digits = 0;
    int exponent = 0;
    for (; q < end && digit(*q); ++q, ++digits) mantissa = mantissa * 10 + (*q - '0');
    if (q < end && *q == '.') {
      for (++q; q < end && digit(*q); ++q, ++digits, --exponent) {
        mantissa = mantissa * 10 + (*q - '0');
      }
    }
    if (digits == 0 || digits > 19) return false;
    if (q < end && (*q == 'e' || *q == 'E')) {
      ++q;
      bool negative_exponent = q < end && *q == '-';
      if (q < end && (*q == '-' || *q == '+')) ++q;
      int e = 0;
      const char* start = q;
      for (; q < end && digit(*q) && q - start < 4; ++q) e = e * 10 + (*q - '0');
      if (q == start) return false;
      exponent += negative_exponent ? -e : e;
    }
    if (q < end && !is_xml_space(*q)) return false;
    if (mantissa > FastPath<T>::kMaxMantissa || exponent < -FastPath<T>::kMaxExponent ||
        exponent > FastPath<T>::kMaxExponent) {
      return false;
    }
    T v = static_cast<T>(mantissa);
    v = exponent < 0 ? v / FastPath<T>::kPowers[-exponent] : v * FastPath<T>::kPowers[exponent];
    *value = negative ? -v : v;
  }
  *p = q;
  return true;
}

}  // namespace

size_t whole_tokens_end(std::string_view text) {
  for (size_t i = text.size(); i > 0; --i) {
    if (is_xml_space(text[i - 1])) return i;
  }
  return 0;
}

template <class T>
bool scan_numbers(std::string_view text, NumberBuffer<T>& out, size_t* newlines, BadToken* bad) {
  const char* p = text.data();
  const char* const end = p + text.size();
  size_t lines = 0;
  while (true) {
    while (p < end && is_xml_space(*p)) lines += *p++ == '\n';
    if (p == end) {
      *newlines += lines;
      return true;
    }
    T* slot = out.end_for_one();
    if (!read_common(&p, end, slot)) {
      const char* start = p;
      while (p < end && !is_xml_space(*p)) ++p;
      std::string_view token(start, static_cast<size_t>(p - start));
      if (!parse_token(token, slot)) {
        *bad = BadToken{static_cast<size_t>(start - text.data()), token.size()};
        *newlines += lines;
        return false;
      }
    }
    out.commit_one();
  }
}

template bool scan_numbers(std::string_view, NumberBuffer<float>&, size_t*, BadToken*);
template bool scan_numbers(std::string_view, NumberBuffer<double>&, size_t*, BadToken*);
template bool scan_numbers(std::string_view, NumberBuffer<int32_t>&, size_t*, BadToken*);

}  // namespace px
