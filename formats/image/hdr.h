// Floating-point colour (BC6H halves, DDS float formats) to the 8 bits a PNG holds. The one tone
// mapping polyxios applies: a float is linear light, clamped to [0, 1] (NaN read as 0), then
// encoded with the sRGB transfer function (IEC 61966-2-1) and rounded to 8 bits, since the PNG
// glTF embeds holds sRGB colour; alpha is clamped and scaled linearly. Values past 1 (HDR) are
// lost; the decoder says so (Pixels::hdr_clamped).
#pragma once

#include <cstdint>

namespace px::image {

// An IEEE 754 half's bits as a float (subnormals, infinities and NaN included).
float half_to_float(uint16_t half);

// An unsigned float of a 5-bit exponent (bias 15) over `mantissa_bits` bits of mantissa, as
// R11G11B10_FLOAT packs its channels (6 bits for red and green, 5 for blue), as a float.
float unsigned_float_to_float(uint32_t bits, int mantissa_bits);

// One channel of R9G9B9E5_SHAREDEXP: a 9-bit mantissa (no implicit 1) times 2^(exponent - 24).
float shared_exponent_to_float(uint32_t mantissa, uint32_t exponent);

// A linear colour value to sRGB 8 bits; `clamped` set when it lay outside [0, 1] or was NaN.
uint8_t linear_to_srgb8(float value, bool& clamped);

// An alpha (or other linear) value to 8 bits, clamped as above.
uint8_t unit_to_8(float value, bool& clamped);

}  // namespace px::image
