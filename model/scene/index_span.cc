#include "polyxios/scene/index_span.h"

#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace px {

std::span<uint16_t> narrow_in_place(std::span<uint32_t> wide) {
  // Forward in place: value i goes to bytes [2i, 2i + 2), at or before where it was read from,
  // and a block of eight is loaded whole before its narrow half is stored.
  char* bytes = reinterpret_cast<char*>(wide.data());
  const size_t n = wide.size();
  size_t i = 0;
#ifdef __SSE2__
  // SSE2 packs with signed saturation: shifted by 32768 first, every value below 65,536 fits.
  const __m128i bias32 = _mm_set1_epi32(32768);
  const __m128i bias16 = _mm_set1_epi16(-32768);
  for (; i + 8 <= n; i += 8) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + 4 * i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + 4 * i + 16));
    const __m128i packed = _mm_packs_epi32(_mm_sub_epi32(a, bias32), _mm_sub_epi32(b, bias32));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + 2 * i), _mm_xor_si128(packed, bias16));
  }
#endif
  for (; i < n; ++i) {
    uint32_t value;
    std::memcpy(&value, bytes + 4 * i, 4);
    const auto narrow = static_cast<uint16_t>(value);
    std::memcpy(bytes + 2 * i, &narrow, 2);
  }
  return {reinterpret_cast<uint16_t*>(bytes), n};
}

}  // namespace px
