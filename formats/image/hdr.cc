#include "formats/image/hdr.h"

#include <cmath>
#include <cstring>

namespace px::image {

float half_to_float(uint16_t half) {
  const int sign = (half >> 15) & 1, exponent = (half >> 10) & 31, mantissa = half & 1023;
  float magnitude;
  if (exponent == 0) {
    magnitude = std::ldexp(static_cast<float>(mantissa), -24);
  } else if (exponent == 31) {
    magnitude = mantissa == 0 ? INFINITY : NAN;
  } else {
    magnitude = std::ldexp(static_cast<float>(mantissa + 1024), exponent - 25);
  }
  return sign ? -magnitude : magnitude;
}

float unsigned_float_to_float(uint32_t bits, int mantissa_bits) {
  const uint32_t exponent = (bits >> mantissa_bits) & 31,
                 mantissa = bits & ((1u << mantissa_bits) - 1);
  if (exponent == 31) return mantissa == 0 ? INFINITY : NAN;
  // As a half's: an implicit leading 1 above the mantissa but where the exponent is 0.
  const float scaled = std::ldexp(static_cast<float>(mantissa), -mantissa_bits);
  return exponent == 0 ? std::ldexp(scaled, -14)
                       : std::ldexp(1 + scaled, static_cast<int>(exponent) - 15);
}

float shared_exponent_to_float(uint32_t mantissa, uint32_t exponent) {
  return std::ldexp(static_cast<float>(mantissa), static_cast<int>(exponent) - 15 - 9);
}

namespace {

// value clamped to [0, 1]; NaN to 0.
float clamp_unit(float value, bool& clamped) {
  if (!(value >= 0.0f)) {  // negative or NaN
    if (value != 0.0f) clamped = true;
    return 0.0f;
  }
  if (value > 1.0f) {
    clamped = true;
    return 1.0f;
  }
  return value;
}

}  // namespace

uint8_t linear_to_srgb8(float value, bool& clamped) {
  const double v = clamp_unit(value, clamped);
  const double encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1 / 2.4) - 0.055;
  return static_cast<uint8_t>(std::lround(encoded * 255));
}

uint8_t unit_to_8(float value, bool& clamped) {
  return static_cast<uint8_t>(std::lround(clamp_unit(value, clamped) * 255.0));
}

}  // namespace px::image
