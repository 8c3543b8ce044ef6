#include "formats/collada/read/primitive_repair.h"

#include <span>

namespace px::collada {
namespace {

// The first index of the corners that lies outside its input's source, if any.
bool past_source(const Block& block, std::span<const int32_t> corners, int32_t* bad) {
  for (size_t at = 0; at + block.tuple <= corners.size(); at += block.tuple) {
    for (const BlockInput& in : block.inputs) {
      int32_t index = corners[at + in.offset];
      if (index < 0 || static_cast<size_t>(index) >= in.accessor->count) {
        *bad = index;
        return true;
      }
    }
  }
  return false;
}

// <triangles>, <lines> and <polylist>: one index list (the <p>s end to end) cut into primitives
// of `sizes` corners each, or of fixed_corners when there are no sizes.
DroppedPrimitives drop_from_one_list(Block& block, std::span<const int32_t> sizes,
                                     size_t fixed_corners,
                                     std::deque<std::vector<int32_t>>* storage) {
  std::vector<int32_t> joined;
  if (block.lists.size() > 1) {
    for (auto list : block.lists) joined.insert(joined.end(), list.begin(), list.end());
  }
  std::span<const int32_t> all = block.lists.size() == 1 ? block.lists[0] : joined;
  // Calls visit(indices, bad) for each primitive, bad telling whether it names an index past its
  // source (and *first_bad the first such index).
  auto each_primitive = [&](auto&& visit) {
    size_t at = 0;
    for (size_t primitive = 0; primitive < block.count; ++primitive) {
      size_t corners = sizes.empty() ? fixed_corners : static_cast<size_t>(sizes[primitive]);
      std::span<const int32_t> indices = all.subspan(at, corners * block.tuple);
      at += indices.size();
      int32_t index = 0;
      bool bad = past_source(block, indices, &index);
      visit(indices, bad, index);
    }
  };
  DroppedPrimitives dropped;
  each_primitive([&](std::span<const int32_t>, bool bad, int32_t index) {
    if (bad && dropped.count++ == 0) dropped.first_bad = index;
  });
  if (dropped.count == 0) return dropped;
  std::vector<int32_t> kept;
  std::vector<int32_t> kept_sizes;
  each_primitive([&](std::span<const int32_t> indices, bool bad, int32_t) {
    if (bad) return;
    kept.insert(kept.end(), indices.begin(), indices.end());
    if (!sizes.empty()) kept_sizes.push_back(static_cast<int32_t>(indices.size() / block.tuple));
  });
  block.count -= dropped.count;
  block.lists = {storage->emplace_back(std::move(kept))};
  if (!sizes.empty()) block.vcount = storage->emplace_back(std::move(kept_sizes));
  return dropped;
}

// <polygons>, <linestrips>, <tristrips>, <trifans>: each <p> (with its holes) one primitive.
DroppedPrimitives drop_lists(Block& block) {
  DroppedPrimitives dropped;
  std::vector<bool> drop(block.lists.size());
  auto note = [&](size_t list, int32_t bad) {
    if (drop[list]) return;
    drop[list] = true;
    if (dropped.count++ == 0) dropped.first_bad = bad;
  };
  for (size_t i = 0; i < block.lists.size(); ++i) {
    int32_t bad = 0;
    if (past_source(block, block.lists[i], &bad)) note(i, bad);
  }
  for (const Hole& hole : block.holes) {
    int32_t bad = 0;
    if (past_source(block, hole.ring, &bad)) note(hole.list, bad);
  }
  if (dropped.count == 0) return dropped;
  std::vector<size_t> renumbered(block.lists.size());
  std::vector<std::span<const int32_t>> lists;
  for (size_t i = 0; i < block.lists.size(); ++i) {
    renumbered[i] = lists.size();
    if (!drop[i]) lists.push_back(block.lists[i]);
  }
  std::vector<Hole> holes;
  for (const Hole& hole : block.holes) {
    if (!drop[hole.list]) holes.push_back(Hole{renumbered[hole.list], hole.ring});
  }
  block.lists = std::move(lists);
  block.holes = std::move(holes);
  block.count = block.lists.size();
  return dropped;
}

}  // namespace

DroppedPrimitives drop_primitives_past_source(Block& block,
                                              std::deque<std::vector<int32_t>>* storage) {
  switch (block.kind) {
    case BlockKind::kTriangles:
      return drop_from_one_list(block, {}, 3, storage);
    case BlockKind::kLines:
      return drop_from_one_list(block, {}, 2, storage);
    case BlockKind::kPolylist:
      return drop_from_one_list(block, block.vcount, 0, storage);
    default:
      return drop_lists(block);
  }
}

}  // namespace px::collada
