// One pass over an accessor's decoded values finding what glTF's rules on values need: the
// extremes its declared min / max are checked against, NaN and Inf, unit lengths (NORMAL,
// TANGENT), the tangent sign, colours outside [0, 1] and, of indices, the largest and the
// primitive-restart values. The rules themselves (and their warnings) are their readers'; this
// only counts, so that each accessor's bytes are read once whatever rules apply to them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "polyxios/scene/column.h"

namespace px::gltf {

enum ScanPart : unsigned {
  kScanExtremes = 1,   // per component min and max, NaN skipped
  kScanNonFinite = 2,  // float32 values that are NaN or infinite
  kScanUnit = 4,       // float32 rows of 3 or 4 whose xyz length is off 1 by more than glTF allows
  kScanSign = 8,       // float32 rows of 4 whose w is not 1 or -1
  kScanClamp = 16,     // float32 values outside [0, 1]
  kScanIndices = 32,   // unsigned integers: the largest, and the primitive-restart values
};

// |length - 1| above which the validator calls a vector not of unit length.
inline constexpr double kUnitTolerance = 0.00674;

// How often one rule broke, and where and with what value first.
struct Broken {
  uint64_t count = 0;
  uint64_t first = 0;
  double value = 0;
  void add(uint64_t at, double v) {
    if (count++ == 0) {
      first = at;
      value = v;
    }
  }
};

struct ValueScan {
  unsigned parts = 0;  // what was scanned
  // kScanExtremes: per component; lo > hi for a component of NaNs only.
  std::vector<double> lo, hi;
  Broken non_finite;       // kScanNonFinite: by value index
  Broken length;           // kScanUnit: by row, the length
  Broken sign;             // kScanSign: by row, the w
  Broken clamp;            // kScanClamp: by value index
  uint64_t max_index = 0;  // kScanIndices
  Broken restart;          // kScanIndices: values equal to the restart value, by index
};

// The parts of `wanted` that apply to a column: the float32 ones to float32 columns (kScanUnit
// to 3 or 4 columns, kScanSign to 4), kScanIndices to single unsigned integer columns.
unsigned applicable_parts(const Column& column, unsigned wanted);

// Scans rows [first, end) of `column` for `parts` (applicable ones), adding what it finds to
// `scan`, which holds what rows before `first` gave. restart_value: the index value that counts
// as a primitive restart.
void scan_rows(const Column& column, size_t first, size_t end, unsigned parts,
               uint64_t restart_value, ValueScan& scan);

// The whole column in one pass.
ValueScan scan_column(const Column& column, unsigned parts, uint64_t restart_value);

// Copies into `into` the parts `from` scanned that `into` lacks.
void add_parts(ValueScan& into, const ValueScan& from);

}  // namespace px::gltf
