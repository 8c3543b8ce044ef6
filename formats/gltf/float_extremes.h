// Passes over rows of float32 values that the reader's checks and the writer's bounds share, in
// loops the compiler vectorises: the per-component extremes (NaN skipped, the first of equal
// values kept, so -0 and 0 come out as one pass over the rows in order gives them) and whether
// every value is finite.
#pragma once

#include <cstddef>

namespace px::gltf {

// Merges the extremes of `rows` rows of `cols` values into lo[0, cols) and hi[0, cols) (which
// hold those of earlier rows, or +/-infinity), by the strict comparisons a pass in order makes.
void float_extremes(const float* values, size_t rows, size_t cols, double* lo, double* hi);

// The index of the first of values[0, n) that is NaN or infinite; n when none is.
size_t first_non_finite(const float* values, size_t n);

}  // namespace px::gltf
