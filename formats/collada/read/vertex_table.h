// Corner splitting: a corner is one index per attribute slot; corners naming the same position
// with the same other indices share a vertex. Every position is a vertex (vertex i is position
// i, taking the attributes of the first corner that names it); a corner that disagrees with
// its position's first corner becomes a new vertex, appended in first-occurrence order.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "engine/scratch_pool.h"
#include "formats/collada/read/split_positions.h"

namespace px::collada {

class VertexTable {
 public:
  // A slot's word for an attribute the corner does not have.
  static constexpr uint32_t kAbsent = ~uint32_t{0};

  // slots: words per corner key (slot 0 is the position, its word the position index; another
  // slot's word is its source's index offset by the sources before it, MeshBuilder's Slot::bases);
  // corners: how many the mesh has, the most vertices a split can add (room is reserved, and
  // only touched as vertices are added).
  // keys_unique: no two corners of the mesh have the same key (one attribute's index differs at
  // every corner, as a texture coordinate per corner does): a corner after its position's first
  // is a new vertex, with no table to look it up in, and its key is not kept (the builder reads
  // it again from its corner: at 1 GB of such meshes, 12 bytes a vertex off the read's peak).
  // Its tables come from pool (a read's scratch memory).
  VertexTable(size_t positions, size_t slots, size_t corners, bool keys_unique, ScratchPool* pool)
      : positions_(positions),
        slots_(slots),
        corners_(corners),
        keys_unique_(keys_unique),
        claimed_(positions, 0, ScratchAllocator<uint8_t>(pool)),
        keys_(ScratchAllocator<uint32_t>(pool)),
        table_(ScratchAllocator<uint32_t>(pool)) {
    keys_.reserve((positions + (keys_unique ? 0 : corners)) * slots);
    keys_.resize(positions * slots);
  }

  // The vertex of a corner; key holds `slots` words. Keys are a few words: compared and copied
  // in a plain loop rather than through memcmp / memcpy calls.
  uint32_t vertex_for(const uint32_t* key) {
    uint32_t position = key[0];
    uint32_t* claimed_key = &keys_[static_cast<size_t>(position) * slots_];
    if (!claimed_[position]) {
      claimed_[position] = 1;
      for (size_t i = 0; i < slots_; ++i) claimed_key[i] = key[i];
      return position;
    }
    if (keys_unique_) {
      split_positions_.add(position);
      return static_cast<uint32_t>(positions_ + appended_++);
    }
    if (same_key(claimed_key, key)) return position;
    return split_vertex(key);
  }

  size_t vertex_count() const { return positions_ + appended_; }
  size_t positions() const { return positions_; }
  bool keys_unique() const { return keys_unique_; }
  bool claimed(size_t position) const { return claimed_[position] != 0; }
  // The key of a vertex: a position's (zero words for one no corner named), or, where keys are
  // not unique, an appended vertex's.
  const uint32_t* key(size_t vertex) const { return &keys_[vertex * slots_]; }
  // The position of each appended vertex, in order; taken once the corners are done.
  SplitPositions take_split_positions() {
    split_positions_.shrink_to_fit();
    return std::move(split_positions_);
  }

 private:
  static uint64_t mix(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
  }
  uint32_t append_vertex(const uint32_t* key) {
    keys_.insert(keys_.end(), key, key + slots_);
    split_positions_.add(key[0]);
    return static_cast<uint32_t>(positions_ + appended_++);
  }
  bool same_key(const uint32_t* a, const uint32_t* b) const {
    uint32_t diff = 0;
    for (size_t i = 0; i < slots_; ++i) diff |= a[i] ^ b[i];
    return diff == 0;
  }
  uint64_t hash(const uint32_t* key) const {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < slots_; ++i) h = mix(h ^ key[i]) + i;
    return h;
  }

  uint32_t split_vertex(const uint32_t* key) {
    // Sized once for every corner splitting (at most half full): a table that grew would rehash
    // its keys, a read scattered over all of them.
    if (table_.empty()) table_.assign(std::bit_ceil(std::max<size_t>(corners_, 512) * 2), kEmpty);
    size_t mask = table_.size() - 1;
    for (size_t i = hash(key) & mask;; i = (i + 1) & mask) {
      uint32_t v = table_[i];
      if (v == kEmpty) return table_[i] = append_vertex(key);
      if (same_key(&keys_[static_cast<size_t>(v) * slots_], key)) return v;
    }
  }

  static constexpr uint32_t kEmpty = ~uint32_t{0};
  size_t positions_;
  size_t slots_;
  size_t corners_;
  bool keys_unique_;
  size_t appended_ = 0;
  std::vector<uint8_t, ScratchAllocator<uint8_t>> claimed_;
  std::vector<uint32_t, ScratchAllocator<uint32_t>> keys_;   // vertex-major, `slots_` words each
  std::vector<uint32_t, ScratchAllocator<uint32_t>> table_;  // split vertices by key
  SplitPositions split_positions_;
};

}  // namespace px::collada
