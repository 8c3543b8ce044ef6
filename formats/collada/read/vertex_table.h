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

namespace px::collada {

class VertexTable {
 public:
  static constexpr uint64_t kAbsent = ~uint64_t{0};

  // slots: words per corner key (slot 0 is the position, its low 32 bits the position index);
  // corners: how many the mesh has, the most vertices a split can add (room is reserved, and
  // only touched as vertices are added).
  // Its tables come from pool (a read's scratch memory).
  VertexTable(size_t positions, size_t slots, size_t corners, ScratchPool* pool)
      : positions_(positions),
        slots_(slots),
        corners_(corners),
        claimed_(positions, 0, ScratchAllocator<uint8_t>(pool)),
        keys_(ScratchAllocator<uint64_t>(pool)),
        table_(ScratchAllocator<uint32_t>(pool)) {
    keys_.reserve((positions + corners) * slots);
    keys_.resize(positions * slots);
  }

  // Told that no two corners of the mesh have the same key (one attribute's index differs at
  // every corner, as a texture coordinate per corner does): a corner after its position's first
  // is a new vertex, with no table to look it up in.
  void set_keys_unique() { keys_unique_ = true; }

  // The vertex of a corner; key holds `slots` words. Keys are a few words: compared and copied
  // in a plain loop rather than through memcmp / memcpy calls.
  uint32_t vertex_for(const uint64_t* key) {
    uint32_t position = static_cast<uint32_t>(key[0]);
    uint64_t* claimed_key = &keys_[static_cast<size_t>(position) * slots_];
    if (!claimed_[position]) {
      claimed_[position] = 1;
      for (size_t i = 0; i < slots_; ++i) claimed_key[i] = key[i];
      return position;
    }
    if (keys_unique_) return append_vertex(key);
    if (same_key(claimed_key, key)) return position;
    return split_vertex(key);
  }

  size_t vertex_count() const { return keys_.size() / slots_; }
  size_t positions() const { return positions_; }
  bool claimed(size_t position) const { return claimed_[position] != 0; }
  // The key of a vertex; for a position no corner named, its words are zero.
  const uint64_t* key(size_t vertex) const { return &keys_[vertex * slots_]; }

 private:
  static uint64_t mix(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
  }
  uint32_t append_vertex(const uint64_t* key) {
    uint32_t vertex = static_cast<uint32_t>(vertex_count());
    keys_.insert(keys_.end(), key, key + slots_);
    return vertex;
  }
  bool same_key(const uint64_t* a, const uint64_t* b) const {
    uint64_t diff = 0;
    for (size_t i = 0; i < slots_; ++i) diff |= a[i] ^ b[i];
    return diff == 0;
  }
  uint64_t hash(const uint64_t* key) const {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < slots_; ++i) h = mix(h ^ key[i]) + i;
    return h;
  }

  uint32_t split_vertex(const uint64_t* key) {
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
  bool keys_unique_ = false;
  std::vector<uint8_t, ScratchAllocator<uint8_t>> claimed_;
  std::vector<uint64_t, ScratchAllocator<uint64_t>> keys_;   // vertex-major, `slots_` words each
  std::vector<uint32_t, ScratchAllocator<uint32_t>> table_;  // split vertices by key
};

}  // namespace px::collada
