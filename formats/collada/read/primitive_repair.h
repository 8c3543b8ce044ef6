// The --repair of a primitive block whose <p> names an index past (or before) its source: each
// primitive naming one - a triangle, a line, a polylist polygon, a <p> of <polygons> with its
// holes, a strip or a fan - is dropped, so that the corner loop never sees it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "formats/collada/read/primitive_block.h"

namespace px::collada {

struct DroppedPrimitives {
  size_t count = 0;        // primitives dropped
  int32_t first_bad = 0;   // the first index that was past its source
};

// Leaves `block` naming only primitives whose every index is inside its input's source. When one
// is dropped, the kept lists (and, for a polylist, the kept <vcount>) are copied into *storage,
// which the block's spans then point into; never more than the block held. The block's lengths
// must have been checked (whole corners and primitives).
DroppedPrimitives drop_primitives_past_source(Block& block,
                                              std::deque<std::vector<int32_t>>* storage);

}  // namespace px::collada
