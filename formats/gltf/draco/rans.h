// Draco's entropy coding: the rANS binary decoder (one probability for zero) and symbol decoding,
// TAGGED (a rANS-coded bit length per value, then raw bits) or RAW (rANS over a probability table
// of 12 to 20 bits of precision).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "formats/gltf/draco/byte_reader.h"

namespace px::gltf::draco {

class RAnsBitDecoder {
 public:
  // Reads the zero probability and the coded bytes, leaving `in` after them.
  absl::Status start(ByteReader& in);
  // Past the end of its bytes the decoder keeps returning bits of its state; they are harmless.
  bool next_bit();

 private:
  std::span<const uint8_t> bytes_;
  size_t offset_ = 0;
  uint32_t state_ = 0;
  uint8_t prob_zero_ = 0;
};

// A rANS symbol decoder over a probability table, as Draco codes symbols.
class RAnsSymbolDecoder {
 public:
  // `precision_bits` in 12..20. Reads the table, then the coded bytes.
  absl::Status start(ByteReader& in, int precision_bits);
  uint32_t num_symbols() const { return static_cast<uint32_t>(probs_.size()); }
  uint32_t next();

 private:
  std::vector<uint32_t> probs_;
  std::vector<uint32_t> cumulative_;
  std::span<const uint8_t> bytes_;
  size_t offset_ = 0;
  uint32_t state_ = 0;
  uint32_t precision_ = 0;
};

// Decodes `out.size()` symbols (groups of `components` share a tag in the TAGGED scheme).
absl::Status decode_symbols(ByteReader& in, int components, std::span<uint32_t> out);

}  // namespace px::gltf::draco
