// BC6H (DXGI_FORMAT_BC6H_UF16 / SF16) blocks, decoded as the Khronos Data Format Specification
// ("BC6H") and Direct3D 11's functional specification describe them: the 14 modes (2 or 5 mode
// bits; the four reserved 5-bit values decode to black, as the specification has it), one region
// with 4-bit indices or two regions of the first 32 BPTC two-subset partitions with 3-bit
// indices, endpoints as a base and deltas (sign-extended, added, wrapped to the base's precision)
// or whole, unquantized to 16 bits, interpolated with the BPTC weights and finished into IEEE
// half floats. Any 16 bytes decode to some pixels; nothing is read past them.
//
// The halves are linear light of any range (HDR). formats/image/hdr.h turns them into the 8 bits
// a PNG holds (clamped to [0, 1], then sRGB-encoded: see there).
#pragma once

#include <cstdint>

namespace px::image {

// The 16 bytes of one block into 16 RGB pixels of half-float bit patterns (48 values), rows top
// first; `is_signed` for SF16 (signed endpoints and halves), else UF16 (typeless read as UF16).
void decode_bc6h_block(const uint8_t block[16], bool is_signed, uint16_t rgb[48]);

}  // namespace px::image
