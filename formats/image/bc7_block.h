// BC7 (BPTC, DXGI_FORMAT_BC7_*) blocks, decoded as the Khronos Data Format Specification
// ("BC7") and Direct3D 11's functional specification describe them: the mode in the first set
// bit of the first byte (eight modes; a block with none decodes to transparent black, as the
// specification has it), one, two or three subsets with the 64 partitions of each count and
// their anchor indices, endpoints with per-endpoint or shared p-bits expanded to 8 bits by
// repeating their high bits, 2-, 3- or 4-bit index weights, modes 4 and 5's separate alpha
// indices, mode 4's index selection bit and the rotation of alpha with a colour channel.
// Any 16 bytes decode to some pixels: there is nothing to refuse and nothing is read past them.
#pragma once

#include <cstdint>

namespace px::image {

// The 16 bytes of one block into 16 RGBA8 pixels (64 bytes), rows top first. The colour is
// decoded as stored: BC7_UNORM_SRGB's values are already sRGB, as a PNG holds them.
void decode_bc7_block(const uint8_t block[16], uint8_t rgba[64]);

// The subset (0, 1 or 2) of `pixel` (0..15) in `partition` (0..63) of a block of `subsets` (1,
// 2 or 3) subsets, and the anchor pixel of subset `subset`; shared with BC6H, whose two-region
// modes take the first 32 two-subset partitions.
int bptc_subset(int subsets, int partition, int pixel);
int bptc_anchor(int subsets, int partition, int subset);

}  // namespace px::image
