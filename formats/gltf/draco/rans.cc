#include "formats/gltf/draco/rans.h"

#include <algorithm>

#include "engine/strings.h"
#include "formats/gltf/draco/draco_error.h"

namespace px::gltf::draco {
namespace {

constexpr uint32_t kIoBase = 256;

// The initial state from the last 1..4 bytes of a run (the top two bits of the last byte say
// how many); false when the run is too short or the state out of range.
bool init_state(std::span<const uint8_t> bytes, uint32_t l_base, bool allow_four, size_t& offset,
                uint32_t& state) {
  const size_t n = bytes.size();
  if (n < 1) return false;
  const uint32_t x = bytes[n - 1] >> 6;
  const size_t len = x + 1;
  if (len > n || (x == 3 && !allow_four)) return false;
  uint32_t value = 0;
  for (size_t i = 0; i < len; ++i) value |= static_cast<uint32_t>(bytes[n - len + i]) << (8 * i);
  const uint32_t masks[4] = {0x3f, 0x3fff, 0x3fffff, 0x3fffffff};
  offset = n - len;
  state = (value & masks[x]) + l_base;
  return state < l_base * kIoBase;
}

}  // namespace

absl::Status RAnsBitDecoder::start(ByteReader& in) {
  uint32_t size = 0;
  if (!in.read(prob_zero_) || !in.varint32(size) || !in.take(size, bytes_)) {
    return malformed("a rANS bit run is cut short");
  }
  if (!init_state(bytes_, 4096, false, offset_, state_)) {
    return malformed("a rANS bit run has no valid initial state");
  }
  return absl::OkStatus();
}

bool RAnsBitDecoder::next_bit() {
  const uint32_t p = 256 - prob_zero_;
  if (state_ < 4096 && offset_ > 0) state_ = state_ * kIoBase + bytes_[--offset_];
  const uint32_t x = state_;
  const uint32_t quot = x / 256;
  const uint32_t rem = x % 256;
  const uint32_t xn = quot * p;
  const bool bit = rem < p;
  state_ = bit ? xn + rem : x - xn - p;
  return bit;
}

absl::Status RAnsSymbolDecoder::start(ByteReader& in, int precision_bits) {
  precision_ = uint32_t{1} << precision_bits;
  uint32_t count = 0;
  if (!in.varint32(count)) return malformed("a symbol table is cut short");
  // One byte describes at most 64 symbols (a run of zero probabilities).
  if (count > in.remaining() * uint64_t{64}) {
    return malformed(cat("a symbol table claims ", count, " symbols"));
  }
  probs_.assign(count, 0);
  for (uint32_t i = 0; i < count; ++i) {
    uint8_t data = 0;
    if (!in.read(data)) return malformed("a symbol table is cut short");
    const int token = data & 3;
    if (token == 3) {
      const uint32_t zeros = data >> 2;
      if (zeros >= count - i) return malformed("a symbol table's zero run passes its end");
      i += zeros;  // the entries are already zero
      continue;
    }
    uint32_t prob = data >> 2;
    for (int b = 0; b < token; ++b) {
      uint8_t extra = 0;
      if (!in.read(extra)) return malformed("a symbol table is cut short");
      prob |= static_cast<uint32_t>(extra) << (8 * (b + 1) - 2);
    }
    probs_[i] = prob;
  }
  cumulative_.assign(count, 0);
  uint64_t sum = 0;
  for (uint32_t i = 0; i < count; ++i) {
    cumulative_[i] = static_cast<uint32_t>(sum);
    if (probs_[i] > precision_ - sum) return malformed("symbol probabilities exceed the precision");
    sum += probs_[i];
  }
  if (count > 0 && sum != precision_) return malformed("symbol probabilities do not add up");
  uint64_t size = 0;
  if (!in.varint64(size) || !in.take(size, bytes_)) return malformed("a symbol run is cut short");
  if (!init_state(bytes_, precision_ * 4, true, offset_, state_)) {
    return malformed("a symbol run has no valid initial state");
  }
  return absl::OkStatus();
}

uint32_t RAnsSymbolDecoder::next() {
  const uint32_t l_base = precision_ * 4;
  while (state_ < l_base && offset_ > 0) state_ = state_ * kIoBase + bytes_[--offset_];
  const uint32_t quo = state_ / precision_;
  const uint32_t rem = state_ % precision_;
  // The symbol whose slot range holds rem: the last one starting at or before it (zero
  // probabilities start where the next symbol does, so they are passed over). A search instead
  // of Draco's 2^precision lookup table keeps a hostile run of many small tables cheap.
  const uint32_t symbol = static_cast<uint32_t>(
      std::upper_bound(cumulative_.begin(), cumulative_.end(), rem) - cumulative_.begin() - 1);
  state_ = quo * probs_[symbol] + rem - cumulative_[symbol];
  return symbol;
}

absl::Status decode_symbols(ByteReader& in, int components, std::span<uint32_t> out) {
  if (out.empty()) return absl::OkStatus();
  if (components < 1) return malformed("symbols with no components");
  uint8_t scheme = 0;
  if (!in.read(scheme)) return malformed("the symbol coding scheme is cut short");
  if (scheme == 0) {  // TAGGED
    RAnsSymbolDecoder tags;
    PX_DRACO_TRY(tags.start(in, 12));
    if (tags.num_symbols() == 0) return malformed("tagged symbols with an empty tag table");
    BitReader bits(in.rest());
    for (size_t i = 0; i < out.size(); i += components) {
      const uint32_t length = tags.next();
      for (int j = 0; j < components && i + j < out.size(); ++j) {
        if (!bits.bits(length, out[i + j])) return malformed("tagged symbol bits are cut short");
      }
    }
    in.skip(bits.bytes_used());
    return absl::OkStatus();
  }
  if (scheme == 1) {  // RAW
    uint8_t max_bit_length = 0;
    if (!in.read(max_bit_length)) return malformed("raw symbols are cut short");
    if (max_bit_length < 1 || max_bit_length > 18) {
      return malformed(cat("raw symbols of ", int(max_bit_length), " bits"));
    }
    const int precision = std::clamp((3 * max_bit_length) / 2, 12, 20);
    RAnsSymbolDecoder decoder;
    PX_DRACO_TRY(decoder.start(in, precision));
    if (decoder.num_symbols() == 0) return malformed("raw symbols with an empty table");
    for (uint32_t& v : out) v = decoder.next();
    return absl::OkStatus();
  }
  return malformed(cat("symbol coding scheme ", int(scheme), " is not TAGGED or RAW"));
}

}  // namespace px::gltf::draco
