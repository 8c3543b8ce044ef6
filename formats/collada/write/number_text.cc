#include "formats/collada/write/number_text.h"

#include <bit>
#include <charconv>
#include <cstring>
#include <type_traits>

#include "formats/collada/write/shortest_decimal.h"

// Digits are made eight at a time in a register (SWAR) at a fixed width, leading zeros
// included, and moved out with fixed-size copies, so that no loop and few branches depend on
// how long a number is: on this data a mispredicted branch costs more than a short number's
// digits. The text of a float32 of up to eight digits and of a uint32 is assembled in registers
// and stored eight bytes at a time, since reading back digits just stored a few bytes at a time
// stalls the CPU; longer numbers go through a small buffer.

namespace px::collada {
namespace {

constexpr uint64_t kZeros = 0x3030303030303030;  // "00000000"

constexpr uint64_t kPow10[20] = {1ULL,
                                 10ULL,
                                 100ULL,
                                 1000ULL,
                                 10000ULL,
                                 100000ULL,
                                 1000000ULL,
                                 10000000ULL,
                                 100000000ULL,
                                 1000000000ULL,
                                 10000000000ULL,
                                 100000000000ULL,
                                 1000000000000ULL,
                                 10000000000000ULL,
                                 100000000000000ULL,
                                 1000000000000000ULL,
                                 10000000000000000ULL,
                                 100000000000000000ULL,
                                 1000000000000000000ULL,
                                 10000000000000000000ULL};

// Decimal digits of v (1 for 0).
int digit_count(uint64_t v) {
  v |= 1;                                          // the same digit count, and 0 has one
  const int t = (std::bit_width(v) * 1233) >> 12;  // floor(log10(2^bits)), one short at most
  return t + (v >= kPow10[t]);
}

// v < 10^8 as eight ASCII digits, the first in the lowest byte: its halves of four digits side
// by side in 32-bit lanes, split into pairs in 16-bit lanes, then into digits in bytes.
uint64_t ascii8(uint32_t v) {
  const uint64_t halves = v / 10000 | uint64_t{v % 10000} << 32;
  const uint64_t hundreds = (halves * 10486 >> 20) & 0x0000007F0000007F;  // lane / 100
  const uint64_t pairs = hundreds | (halves - 100 * hundreds) << 16;
  const uint64_t tens = (pairs * 103 >> 10) & 0x000F000F000F000F;  // lane / 10
  return (tens | (pairs - 10 * tens) << 8) | kZeros;
}

// The trailing '0' characters of the text a word holds, its last character in the highest byte.
int trailing_zeros(uint64_t text) { return std::countl_zero(text ^ kZeros) / 8; }

// "e+05", "e-300": to_chars' exponent, two digits at least.
char* put_exponent(char* out, int exponent) {
  *out++ = 'e';
  *out++ = exponent < 0 ? '-' : '+';
  const unsigned magnitude = exponent < 0 ? -exponent : exponent;
  if (magnitude >= 100) *out++ = static_cast<char>('0' + magnitude / 100);
  const uint64_t pair = ascii8(magnitude % 100) >> 48;  // its last two digits
  std::memcpy(out, &pair, 2);
  return out + 2;
}

// How to_chars lays out n significant digits times 10^exponent: fixed notation unless
// scientific is shorter; fixed spells a whole number exactly, ddd.ddd, or 0.ddd with at most
// three zeros after the point (more is always longer than scientific).
enum class Form { kWhole, kFraction, kPoint, kScientific };
struct Layout {
  Form form;
  int point;  // digits before the decimal point, exponent + n (<= 0 for 0.ddd)
};
Layout layout(int n, int exponent) {
  const int point = exponent + n;
  const int magnitude = point - 1 < 0 ? 1 - point : point - 1;
  const int scientific = n + (n > 1) + 4 + (magnitude >= 100);
  const int fixed = exponent >= 0 ? point : point <= 0 ? n + 2 - point : n + 1;
  if (fixed > scientific) return {Form::kScientific, point};
  return {exponent >= 0 ? Form::kWhole : point <= 0 ? Form::kFraction : Form::kPoint, point};
}

// Where the digits of an eight-digit text word start and end: x is the word less "00000000", so
// that leading and trailing '0' characters are zero bytes (the first character is lowest).
int leading_zero_chars(uint64_t x) { return std::countr_zero(x | uint64_t{1} << 56) / 8; }

void store8(char* out, uint64_t text) { std::memcpy(out, &text, 8); }

char* put_uint32(char* out, uint32_t v) {
  if (v < 100000000) {
    const uint64_t text = ascii8(v);
    const int leading = leading_zero_chars(text ^ kZeros);
    store8(out, text >> (8 * leading));
    return out + 8 - leading;
  }
  const int high = v >= 1000000000 ? 2 : 1;  // digits above the last eight
  store8(out, ascii8(v / 100000000) >> (8 * (8 - high)));
  store8(out + high, ascii8(v % 100000000));
  return out + high + 8;
}

// 24 digits of v in memory, leading zeros included, for float64 and 64-bit integers.
struct Digits24 {
  explicit Digits24(uint64_t v) {
    const uint64_t words[3] = {ascii8(static_cast<uint32_t>(v / kPow10[16])),
                               ascii8(static_cast<uint32_t>(v / kPow10[8] % kPow10[8])),
                               ascii8(static_cast<uint32_t>(v % kPow10[8]))};
    std::memcpy(text, words, 24);
    zeros = trailing_zeros(words[2]);
    if (zeros == 8) zeros += trailing_zeros(words[1]);
    if (zeros == 16) zeros += trailing_zeros(words[0]);
  }
  char text[48];  // the digits, then room for a 24-byte move from any of them
  int zeros;      // trailing '0's, when v is not 0
};

char* put_uint64(char* out, uint64_t v) {
  const int n = digit_count(v);
  const Digits24 digits(v);
  std::memcpy(out, digits.text + 24 - n, 24);
  return out + n;
}

// m * 2^e when its shortest decimal has no fraction: then it is a whole number, below
// 2^(significand bits + 4) on the fast path, so the shift is exact. to_chars spells such a
// number in fixed notation exactly (99999992, not 99999990).
uint64_t whole_value(uint64_t m, int e) { return e >= 0 ? m << e : m >> -e; }

// d (< 2^64, 17 digits at most), the shortest decimal of m * 2^e, as to_chars spells it.
char* put_decimal(char* out, Decimal d, uint64_t m, int e) {
  const Digits24 window(d.digits);
  const int n = digit_count(d.digits) - window.zeros;
  const char* digits = window.text + 24 - window.zeros - n;
  const Layout l = layout(n, d.exponent + window.zeros);
  switch (l.form) {
    case Form::kWhole:
      return put_uint64(out, whole_value(m, e));
    case Form::kFraction:
      std::memcpy(out, "0.000", 5);
      std::memcpy(out + 2 - l.point, digits, 24);
      return out + 2 - l.point + n;
    case Form::kPoint:
      std::memcpy(out, digits, 16);
      out[l.point] = '.';
      std::memcpy(out + l.point + 1, digits + l.point, 16);
      return out + n + 1;
    case Form::kScientific:
      break;
  }
  out[0] = digits[0];
  out[1] = '.';
  std::memcpy(out + 2, digits + 1, 16);
  return put_exponent(out + (n > 1 ? n + 1 : 1), l.point - 1);
}

// The same for d.digits < 10^8 (most float32 decimals), assembled in one register and stored
// eight bytes at a time.
char* put_decimal8(char* out, Decimal d, uint64_t m, int e) {
  const uint64_t digits = ascii8(static_cast<uint32_t>(d.digits));
  const uint64_t x = digits ^ kZeros;
  const int leading = leading_zero_chars(x);
  const int zeros = std::countl_zero(x) / 8;
  const int n = 8 - leading - zeros;
  const uint64_t text = digits >> (8 * leading);  // the zeros after the digits stay, past the end
  const Layout l = layout(n, d.exponent + zeros);
  switch (l.form) {
    case Form::kWhole:
      return put_uint32(out, static_cast<uint32_t>(whole_value(m, e)));
    case Form::kFraction: {  // "0.000" up to the digits, then the digits
      const int skip = 2 - l.point;
      store8(out, (0x3030302E30 & ((uint64_t{1} << (8 * skip)) - 1)) | text << (8 * skip));
      store8(out + 8, text >> (8 * (8 - skip)));
      return out + skip + n;
    }
    case Form::kPoint:
      store8(out, (text & ((uint64_t{1} << (8 * l.point)) - 1)) | uint64_t{'.'} << (8 * l.point));
      store8(out + l.point + 1, text >> (8 * l.point));
      return out + n + 1;
    case Form::kScientific:
      break;
  }
  store8(out, (text & 0xFF) | uint64_t{'.'} << 8);
  store8(out + 2, text >> 8);
  return put_exponent(out + (n > 1 ? n + 1 : 1), l.point - 1);
}

template <class F>
[[gnu::always_inline]] inline char* put_float(char* out, F value) {
  using Bits = std::conditional_t<sizeof(F) == 4, uint32_t, uint64_t>;
  constexpr int kFractionBits = sizeof(F) == 4 ? 23 : 52;
  constexpr int kExponentMask = sizeof(F) == 4 ? 0xFF : 0x7FF;
  constexpr int kBias = sizeof(F) == 4 ? 127 : 1023;
  const Bits bits = std::bit_cast<Bits>(value);
  const bool negative = (bits >> (sizeof(F) * 8 - 1)) != 0;
  const int biased = static_cast<int>(bits >> kFractionBits) & kExponentMask;
  const uint64_t fraction = bits & ((Bits{1} << kFractionBits) - 1);
  if (biased == kExponentMask) {
    if (fraction != 0) return static_cast<char*>(std::memcpy(out, "NaN", 3)) + 3;
    return negative ? static_cast<char*>(std::memcpy(out, "-INF", 4)) + 4
                    : static_cast<char*>(std::memcpy(out, "INF", 3)) + 3;
  }
  const uint64_t m = biased == 0 ? fraction : fraction | (uint64_t{1} << kFractionBits);
  const int e = (biased == 0 ? 1 : biased) - kBias - kFractionBits;
  Decimal d;
  if (m != 0 && !shortest_decimal<F>(m, e, fraction == 0 && biased > 1, &d)) {
    return std::to_chars(out, out + kMaxNumberChars, value).ptr;
  }
  *out = '-';
  out += negative;
  if (m == 0) {
    *out = '0';
    return out + 1;
  }
  if (sizeof(F) == 4 && d.digits < 100000000) return put_decimal8(out, d, m, e);
  return put_decimal(out, d, m, e);
}

}  // namespace

char* write_number(char* out, float value) { return put_float(out, value); }
char* write_number(char* out, double value) { return put_float(out, value); }
char* write_number(char* out, uint32_t value) { return put_uint32(out, value); }
char* write_number(char* out, uint64_t value) { return put_uint64(out, value); }

char* write_number(char* out, int32_t value) {
  *out = '-';
  out += value < 0;
  return put_uint32(out,
                    value < 0 ? 0U - static_cast<uint32_t>(value) : static_cast<uint32_t>(value));
}

char* write_number(char* out, int64_t value) {
  *out = '-';
  out += value < 0;
  return put_uint64(out,
                    value < 0 ? 0ULL - static_cast<uint64_t>(value) : static_cast<uint64_t>(value));
}

namespace {

// The texts of the floats a thread wrote last, by their bits. Exporter data repeats its values
// (a vertex split for its normals or texcoords repeats its position, a flat face its normal, a
// seam its texcoords): 32% to 97% of the float_array values of the corpus's largest files, and
// 89% of the benchmark's, are found in a table of 1024, and copying a text costs a fraction of
// finding the shortest decimal again. A text is only ever its own value's, so what the table
// holds changes no byte written.
class FloatTexts {
 public:
  FloatTexts() {
    for (Entry& e : entries_) e = Entry{0, 1, {'0'}};  // +0.0f
  }
  char* put(char* out, float value) {
    const uint32_t bits = std::bit_cast<uint32_t>(value);
    Entry& e = entries_[(bits * 0x9E3779B1u) >> (32 - kBits)];
    if (e.bits == bits) {
      std::memcpy(out, e.text, sizeof e.text);  // out has room for kMaxNumberChars
      return out + e.length;
    }
    char* end = put_float(out, value);
    const size_t length = static_cast<size_t>(end - out);
    if (length <= sizeof e.text) {
      e.bits = bits;
      e.length = static_cast<uint32_t>(length);
      std::memcpy(e.text, out, length);
    }
    return end;
  }

 private:
  static constexpr int kBits = 10;
  struct Entry {
    uint32_t bits;
    uint32_t length;
    char text[16];
  };
  Entry entries_[1 << kBits];
};

}  // namespace

template <class T>
char* write_numbers(char* out, std::span<const T> values, bool leading_space) {
  if constexpr (std::is_same_v<T, float>) {
    static thread_local FloatTexts texts;
    for (float v : values) {
      *out = ' ';
      out = texts.put(out + leading_space, v);
      leading_space = true;
    }
  } else {
    for (T v : values) {
      *out = ' ';
      out = write_number(out + leading_space, v);
      leading_space = true;
    }
  }
  return out;
}

template char* write_numbers(char*, std::span<const float>, bool);
template char* write_numbers(char*, std::span<const double>, bool);
template char* write_numbers(char*, std::span<const uint16_t>, bool);
template char* write_numbers(char*, std::span<const int32_t>, bool);
template char* write_numbers(char*, std::span<const uint32_t>, bool);
template char* write_numbers(char*, std::span<const int64_t>, bool);

}  // namespace px::collada
