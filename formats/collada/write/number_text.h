// Numbers as the COLLADA writer spells them, fast. A float or double is written exactly as
// std::to_chars(first, last, value) writes it (shortest round-trip digits, fixed or scientific
// notation whichever is shorter, fixed on a tie, a whole number in fixed notation by its exact
// value), so every float32 reads back bit-identical as float32 and every float64 as float64;
// non-finite values are NaN, INF and -INF, as xs:float and xs:double spell them. Integers are
// plain decimal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace px::collada {

// The room one call below needs at out: the longest number is 24 characters
// ("-1.2345678901234567e-308"), but digits are moved with fixed-size copies that may write
// past the number's end.
inline constexpr size_t kMaxNumberChars = 40;

// Each writes value at out, which must have room for kMaxNumberChars, and returns the end.
char* write_number(char* out, float value);
char* write_number(char* out, double value);
char* write_number(char* out, uint32_t value);
char* write_number(char* out, int32_t value);
char* write_number(char* out, uint64_t value);
char* write_number(char* out, int64_t value);

// values separated by single spaces, with one before the first when leading_space; out must
// have room for values.size() * (kMaxNumberChars + 1). One call per list rather than per number,
// so that the formatting is inlined in the loop. T is float, double, int32_t, uint32_t or
// int64_t.
template <class T>
char* write_numbers(char* out, std::span<const T> values, bool leading_space);

}  // namespace px::collada
