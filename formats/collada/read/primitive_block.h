// A primitive block of a <mesh> (<triangles>, <polylist>, <polygons>, <lines>, <linestrips>,
// <tristrips>, <trifans>) as the geometry reader holds it: its inputs and index lists, read in
// place from the document's arrays.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "formats/collada/read/sources.h"

namespace px::collada {

enum class BlockKind {
  kTriangles,
  kPolylist,
  kPolygons,
  kLines,
  kLineStrips,
  kTriStrips,
  kTriFans
};

struct BlockInput {
  uint32_t slot;
  uint32_t stream;
  uint32_t base;  // where the stream's indices start in the slot's key words
  uint32_t offset;
  const Accessor* accessor;
};

// A <ph>'s <h>: a hole in the polygon of block.lists[list].
struct Hole {
  size_t list;
  std::span<const int32_t> ring;
};

struct Block {
  const Element* element = nullptr;
  BlockKind kind = BlockKind::kTriangles;
  size_t count = 0;
  uint32_t tuple = 1;
  std::vector<BlockInput> inputs;
  std::vector<std::span<const int32_t>> lists;  // the <p> index lists, in order
  std::vector<Hole> holes;                      // by list, in order
  std::span<const int32_t> vcount;
  std::string_view symbol;
};

}  // namespace px::collada
