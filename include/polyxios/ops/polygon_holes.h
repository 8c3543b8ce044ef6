// A polygon with holes (COLLADA's <ph>) as one ring: each hole spliced into the outer ring by a
// bridge, two coincident edges from a corner of the ring to the hole's leftmost corner and back,
// so that it stays one polygon cell, which every writer can hold and a triangulation of the ring
// (triangulate.h) covers the polygon without its holes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "polyxios/ops/polygon_plane.h"

namespace px {

enum class HoleDrop : uint8_t {
  kTooFewCorners,  // fewer than 3
  kNoArea,         // its corners on one line, or the outer ring's
  kOutside,        // its leftmost corner not inside the outer ring
  kOverBudget,     // too much work bridging the polygon's holes
};

struct BridgedRing {
  // Indices into the corners: the outer ring in its own order, with each kept hole, turning the
  // other way about the outer ring's normal, after the corner it is bridged to.
  std::vector<uint32_t> ring;
  std::vector<HoleDrop> dropped;  // one per hole left out, in hole order
};

// `corners` holds the outer ring's corners, then each hole's; `ring_sizes` the outer ring's
// count, then each hole's. The holes are bridged from left to right (on the outer ring's plane),
// each to the ring corner nearest its leftmost corner that it sees. Deterministic; the work is
// bounded by a budget linear in the corners, past which the remaining holes are dropped.
BridgedRing bridge_holes(std::span<const Point3> corners, std::span<const size_t> ring_sizes);

}  // namespace px
