// The digits std::to_chars writes for a float or double: the fewest decimal digits that read back
// as the value, the nearest such to it (ties to even), found with exact integer arithmetic where
// 64 or 128 bits suffice, which covers float32 and float64 data of everyday magnitudes.
#pragma once

#include <cstdint>

namespace px::collada {

// digits * 10^exponent; digits may end in zeros.
struct Decimal {
  uint64_t digits;
  int exponent;
};

namespace shortest_internal {

using u128 = unsigned __int128;

// 5^k for k = 0..27, the powers that fit in 64 bits.
inline constexpr int kMaxPow5 = 27;
inline constexpr auto kPow5 = [] {
  struct {
    uint64_t v[kMaxPow5 + 1];
  } t{};
  t.v[0] = 1;
  for (int k = 1; k <= kMaxPow5; ++k) t.v[k] = t.v[k - 1] * 5;
  return t;
}();

// floor(log10(2^e)) and floor(log10(3/4 * 2^e)), exact for |e| < 2^20 (as in Schubfach).
inline int floor_log10_pow2(int e) { return static_cast<int>((int64_t{e} * 661971961083) >> 41); }
inline int floor_log10_three_quarters_pow2(int e) {
  return static_cast<int>((int64_t{e} * 661971961083 - 274743187321) >> 41);
}

// Every value between the two neighbours' midpoints reads back as this one: that interval
// [lo, hi], its bounds included when m is even, is scaled by 10^-k, 10^k being at most its
// width, so that exactly the integers in it are the decimals of 10^k's place that read back.
// The width is checked to be under 10: at most one multiple of 10 lies in it, and when one does
// it is the answer (the fewest digits); otherwise the answer is the integer nearest the value.
// Scaled, the bounds and the value are exact fixed-point numbers of f fraction bits,
// (4m - 1 or 2, 4m, 4m + 2) * 5^-k * 2^(e - 2 - k), held in U (64 or 128 bits).
template <class U>
[[gnu::always_inline]] inline bool shortest_scaled(uint64_t m, int e, int k, uint64_t pow5,
                                                   bool lower_closer, Decimal* out) {
  U v = (U{m} * pow5) << 2;
  U hi = v + 2 * U{pow5};
  U lo = v - (lower_closer ? U{pow5} : 2 * U{pow5});
  const int shift = e - 2 - k;
  int f = 0;
  if (shift > 0) {
    v <<= shift;
    hi <<= shift;
    lo <<= shift;
  } else {
    f = -shift;
  }
  if (f > static_cast<int>(sizeof(U)) * 8 - 5 || hi - lo >= (U{10} << f)) return false;
  // The bounds as inclusive ones, without a branch on m's parity (which data does not predict).
  const U exclusive = m & 1;
  lo += exclusive;
  hi -= exclusive;
  auto in_range = [&](uint64_t candidate) {
    const U x = U{candidate} << f;
    return lo <= x && x <= hi;
  };
  // The multiple of 10 not above hi.
  const uint64_t ten = static_cast<uint64_t>(hi >> f) / 10 * 10;
  if (ten != 0 && in_range(ten)) {
    *out = {ten / 10, k + 1};
    return true;
  }
  // The nearest integer to the value, ties to even; its neighbour when it falls outside.
  uint64_t r = static_cast<uint64_t>(v >> f);
  if (f > 0) {
    const U fraction = v & ((U{1} << f) - 1);
    const U half = U{1} << (f - 1);
    if (fraction > half || (fraction == half && (r & 1) != 0)) ++r;
  }
  if (!in_range(r)) {
    r = (U{r} << f) < v ? r + 1 : r - 1;
    if (!in_range(r)) return false;
  }
  *out = {r, k};
  return true;
}

}  // namespace shortest_internal

// The shortest decimal of m * 2^e, a positive finite F (m its significand, the hidden bit
// included), when 10^-k scales its rounding interval to fixed point in 128 bits (0 <= -k <= 27,
// so values from about 1e-12 to 2^53 for a double, 1e-19 to 2^27 for a float). lower_closer:
// the value is a power of two above the smallest normal, whose lower neighbour is half as far as
// its upper one. False outside that range; the caller then asks std::to_chars. Inlined, since
// the float path is the COLLADA writer's hottest code.
template <class F>
[[gnu::always_inline]] inline bool shortest_decimal(uint64_t m, int e, bool lower_closer,
                                                    Decimal* out) {
  using namespace shortest_internal;
  const int k = lower_closer ? floor_log10_three_quarters_pow2(e) : floor_log10_pow2(e);
  const int shift = e - 2 - k;
  if (k > 0 || -k > kMaxPow5 || shift > 8) return false;
  const uint64_t pow5 = kPow5.v[-k];
  // float32 data of everyday magnitudes fits 64 bits: (4m + 2) * 5^15 < 2^26 * 2^35.
  if (sizeof(F) == 4 && -k <= 15) {
    return shortest_scaled<uint64_t>(m, e, k, pow5, lower_closer, out);
  }
  return shortest_scaled<u128>(m, e, k, pow5, lower_closer, out);
}

}  // namespace px::collada
