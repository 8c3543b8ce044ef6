#include "formats/collada/read/xml/number_runs.h"

#include <algorithm>
#include <array>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace px::xml {
namespace {

constexpr std::array<bool, 256> number_characters() {
  std::array<bool, 256> table{};
  for (char c = '0'; c <= '9'; ++c) table[static_cast<unsigned char>(c)] = true;
  for (char c : {'+', '-', '.', 'e', 'E', ' ', '\t', '\r', '\n'}) {
    table[static_cast<unsigned char>(c)] = true;
  }
  return table;
}
constexpr std::array<bool, 256> kNumberCharacter = number_characters();

}  // namespace

size_t StartTagScanner::next(const char* data, size_t from, size_t size) {
  size_t i = from;
  while (i < size) {
    switch (state_) {
      case State::kText: {
        const void* open = std::memchr(data + i, '<', size - i);
        if (open == nullptr) return kNone;
        i = static_cast<size_t>(static_cast<const char*>(open) - data) + 1;
        state_ = State::kOpen;
        break;
      }
      case State::kOpen: {
        const char c = data[i];
        if (c == '/' || c == '!' || c == '?') {
          state_ = State::kOtherMarkup;
          ++i;
        } else {
          state_ = State::kStartTag;
          quote_ = 0;
          slash_ = false;
        }
        break;
      }
      case State::kOtherMarkup: {
        const void* close = std::memchr(data + i, '>', size - i);
        if (close == nullptr) return kNone;
        i = static_cast<size_t>(static_cast<const char*>(close) - data) + 1;
        state_ = State::kText;
        break;
      }
      case State::kStartTag:
        for (; i < size; ++i) {
          const char c = data[i];
          if (quote_ != 0) {
            if (c == quote_) quote_ = 0;
          } else if (c == '"' || c == '\'') {
            quote_ = c;
            slash_ = false;
          } else if (c == '>') {
            state_ = State::kText;
            if (!slash_) return i + 1;
            ++i;
            break;
          } else {
            slash_ = c == '/';
          }
        }
        break;
    }
  }
  return kNone;
}

NumberRun measure_number_run(const char* data, size_t size) {
  NumberRun run;
  size_t i = 0;
#if defined(__SSE2__)
  // Sixteen bytes at a time: a digit is a byte whose distance from '0' is at most 9 (unsigned);
  // 'e' and 'E' are one comparison with the case bit set.
  const auto eq = [](__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  __m128i carriage_returns = _mm_setzero_si128();
  // Line feeds are counted per byte lane (a match is -1, subtracted) and summed into the total
  // before a lane can pass 255: x86-64's baseline has no popcnt instruction, and the library call
  // that stood in for it was a tenth of this function's time.
  __m128i lane_feeds = _mm_setzero_si128();
  unsigned lane_rounds = 0;
  const auto add_lane_feeds = [&] {
    const __m128i sums = _mm_sad_epu8(lane_feeds, _mm_setzero_si128());
    run.line_feeds += static_cast<size_t>(_mm_cvtsi128_si32(sums)) +
                      static_cast<size_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
    lane_feeds = _mm_setzero_si128();
    lane_rounds = 0;
  };
  for (; i + 16 <= size; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
    const __m128i from_zero = _mm_sub_epi8(v, _mm_set1_epi8('0'));
    const __m128i lf = eq(v, '\n'), cr = eq(v, '\r');
    __m128i ok = _mm_cmpeq_epi8(_mm_min_epu8(from_zero, _mm_set1_epi8(9)), from_zero);
    ok = _mm_or_si128(ok, _mm_or_si128(eq(v, ' '), lf));
    ok = _mm_or_si128(ok, _mm_or_si128(eq(v, '.'), eq(v, '-')));
    ok = _mm_or_si128(ok, _mm_or_si128(eq(v, '\t'), cr));
    ok = _mm_or_si128(ok, _mm_or_si128(eq(v, '+'), eq(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'e')));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(ok));
    if (mask != 0xFFFF) break;  // the bytes from here on, one at a time below
    lane_feeds = _mm_sub_epi8(lane_feeds, lf);
    if (++lane_rounds == 255) add_lane_feeds();
    carriage_returns = _mm_or_si128(carriage_returns, cr);
  }
  add_lane_feeds();
  run.carriage_return = _mm_movemask_epi8(carriage_returns) != 0;
#endif
  for (; i < size && kNumberCharacter[static_cast<unsigned char>(data[i])]; ++i) {
    run.line_feeds += data[i] == '\n';
    run.carriage_return |= data[i] == '\r';
  }
  run.length = i;
  return run;
}

std::string_view expat_line_ends(std::string_view run, bool* cr_before, std::string* scratch) {
  if (run.empty()) return run;
  const bool after_cr = *cr_before;
  *cr_before = run.back() == '\r';
  if (run.find('\r') == std::string_view::npos) {
    return after_cr && run.front() == '\n' ? run.substr(1) : run;
  }
  scratch->clear();
  bool previous_cr = after_cr;
  for (char c : run) {
    if (c == '\r') {
      scratch->push_back('\n');
    } else if (c != '\n' || !previous_cr) {
      scratch->push_back(c);
    }
    previous_cr = c == '\r';
  }
  return *scratch;
}

}  // namespace px::xml
