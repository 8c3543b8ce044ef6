// Key times as glTF stores them: float32, strictly increasing, never negative.
#pragma once

#include <vector>

namespace px {

// The float32 one step below t's float32, as a double: the time of a key a reader parsing times
// as float32 still tells apart from t.
double float32_step_before(double t);

// True when t and u round to the same float32.
bool same_float32(double t, double u);

// Rounds the times to float32 and nudges those float32 would collapse onto their next neighbour
// down one float32 step at a time, so they increase strictly; when that would make the first time
// negative, nudges each up from its previous neighbour instead. Returns whether any time moved
// beyond its rounding.
bool nudge_times(std::vector<double>& times);

}  // namespace px
