#include "formats/collada/read/xml/number_scan.h"

#include <cstring>
#include <type_traits>

#include "formats/collada/read/xml/numbers.h"

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

// Eight characters at once (SWAR, as simdjson reads digits): how many of them, from the first,
// are decimal digits, and the value of the first k of them.
inline uint64_t load8(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline int leading_digits(uint64_t v) {
  uint64_t x = v ^ 0x3030303030303030;  // a digit's byte becomes 0..9, any other byte does not
  uint64_t non_digit = (((x & 0x7F7F7F7F7F7F7F7F) + 0x7676767676767676) | x) & 0x8080808080808080;
  return non_digit == 0 ? 8 : __builtin_ctzll(non_digit) >> 3;
}
inline uint32_t digits_value(uint64_t v, int k) {  // 1 <= k <= 8
  // The first k bytes moved to the top, the rest zero: eight digits with leading zeros. A borrow
  // from a byte past the digits only reaches bytes further on, which the shift drops.
  uint64_t x = (v - 0x3030303030303030) << (8 * (8 - k));
  x = x * 10 + (x >> 8);
  x = (((x & 0x000000FF000000FF) * 0x000F424000000064) +
       (((x >> 16) & 0x000000FF000000FF) * 0x0000271000000001)) >>
      32;
  return static_cast<uint32_t>(x);
}
constexpr uint32_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

// In character data expat has checked, the only bytes at or below 0x20 are XML's four white
// space characters (XML 1.0 allows no other control character there).
inline bool text_space(char c) { return static_cast<unsigned char>(c) <= 0x20; }

// Appends the run of up to 16 digits at *q to *mantissa (counting them in *digits), eight bytes
// at a time; false when the run is longer or the mantissa would pass 19 digits. The caller makes
// sure 16 bytes can be loaded at *q.
inline bool read_digit_run(const char** q, uint64_t* mantissa, int* digits) {
  for (int half = 0; half < 2; ++half) {
    uint64_t v = load8(*q);
    int k = leading_digits(v);
    if (k == 0) return true;
    if (*digits + k > 19) return false;
    *mantissa = *mantissa * kPow10[k] + digits_value(v, k);
    *digits += k;
    *q += k;
    if (k < 8) return true;
  }
  return leading_digits(load8(*q)) == 0;
}

// The commonest spellings with eight-byte steps where the text has room to load them: an index
// of up to seven digits, a decimal of up to sixteen digits on each side of its point, without
// exponent. False leaves the token to read_common.
template <class T>
inline bool read_fast(const char** p, const char* readable_end, T* value) {
  const char* q = *p;
  if constexpr (std::is_integral_v<T>) {
    if (readable_end - q < 8) return false;
    uint64_t v = load8(q);
    int k = leading_digits(v);
    if (k == 0 || k == 8 || !text_space(q[k])) return false;
    *value = static_cast<T>(digits_value(v, k));
    *p = q + k;
    return true;
  } else {
    bool negative = *q == '-';
    if (*q == '-' || *q == '+') ++q;
    // Two digit runs of up to 24 loaded bytes each, and the point between them.
    if (readable_end - q < 42) return false;
    uint64_t mantissa = 0;
    int digits = 0;
    if (!read_digit_run(&q, &mantissa, &digits)) return false;
    int integer_digits = digits;
    if (*q == '.') {
      ++q;
      if (!read_digit_run(&q, &mantissa, &digits)) return false;
    }
    int exponent = integer_digits - digits;
    if (digits == 0 || !text_space(*q) || mantissa > FastPath<T>::kMaxMantissa ||
        -exponent > FastPath<T>::kMaxExponent) {
      return false;
    }
    T r = static_cast<T>(mantissa) / FastPath<T>::kPowers[-exponent];
    *value = negative ? -r : r;
    *p = q;
    return true;
  }
}

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
bool scan_numbers(std::string_view text, const char* readable_end, NumberBuffer<T>& out,
                  size_t* newlines, BadToken* bad) {
  const char* p = text.data();
  const char* const end = p + text.size();
  if (readable_end < end) readable_end = end;
  size_t lines = 0;
  while (true) {
    while (p < end && text_space(*p)) lines += *p++ == '\n';
    if (p == end) {
      *newlines += lines;
      return true;
    }
    T* slot = out.end_for_one();
    if (!read_fast(&p, readable_end, slot) && !read_common(&p, end, slot)) {
      const char* start = p;
      while (p < end && !text_space(*p)) ++p;
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

template bool scan_numbers(std::string_view, const char*, NumberBuffer<float>&, size_t*, BadToken*);
template bool scan_numbers(std::string_view, const char*, NumberBuffer<double>&, size_t*,
                           BadToken*);
template bool scan_numbers(std::string_view, const char*, NumberBuffer<int32_t>&, size_t*,
                           BadToken*);

}  // namespace px
