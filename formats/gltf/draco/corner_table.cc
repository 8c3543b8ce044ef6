#include "formats/gltf/draco/corner_table.h"

namespace px::gltf::draco {

void CornerTable::reset(int32_t faces) {
  corner_vertex_.assign(static_cast<size_t>(faces) * 3, kNone);
  opposite_.assign(static_cast<size_t>(faces) * 3, kNone);
  vertex_corner_.clear();
}

bool AttributeTable::on_boundary(int32_t v) const {
  if (!seams_) return base_->on_boundary(v);
  const int32_t c = left_most(v);
  return c == kNone || corner_on_seam(c);
}

bool AttributeTable::corner_on_seam(int32_t c) const {
  const int32_t v = base_->vertex(c);
  return seams_ && v >= 0 && v < static_cast<int32_t>(vertex_seam_.size()) && vertex_seam_[v];
}

void AttributeTable::cut(std::span<const int32_t> seam_corners) {
  seams_ = true;
  edge_seam_.assign(base_->num_corners(), 0);
  vertex_seam_.assign(base_->num_vertices(), 0);
  auto mark_vertex = [&](int32_t c) {
    const int32_t v = base_->vertex(c);
    if (v >= 0 && v < static_cast<int32_t>(vertex_seam_.size())) vertex_seam_[v] = 1;
  };
  for (int32_t c : seam_corners) {
    if (!base_->valid_corner(c)) continue;
    edge_seam_[c] = 1;
    mark_vertex(next_corner(c));
    mark_vertex(prev_corner(c));
    const int32_t o = base_->opposite(c);
    if (o != kNone) {
      edge_seam_[o] = 1;
      mark_vertex(next_corner(o));
      mark_vertex(prev_corner(o));
    }
  }
  recompute_vertices();
}

void AttributeTable::recompute_vertices() {
  corner_vertex_.assign(base_->num_corners(), kNone);
  left_most_.clear();
  const int32_t limit = base_->num_corners();  // no ring is longer; stops loops on bad tables
  for (int32_t v = 0; v < base_->num_vertices(); ++v) {
    const int32_t c = base_->left_most(v);
    if (c == kNone) continue;
    int32_t vertex_id = static_cast<int32_t>(left_most_.size());
    int32_t first = c;
    if (vertex_seam_[v]) {
      int32_t act = swing_left(first);
      for (int32_t steps = 0; act != kNone && steps < limit; ++steps) {
        first = act;
        act = swing_left(act);
      }
    }
    corner_vertex_[first] = vertex_id;
    left_most_.push_back(first);
    int32_t act = base_->swing_right(first);
    for (int32_t steps = 0; act != kNone && act != first && steps < limit; ++steps) {
      if (seam_edge(next_corner(act))) {
        vertex_id = static_cast<int32_t>(left_most_.size());
        left_most_.push_back(act);
      }
      corner_vertex_[act] = vertex_id;
      act = base_->swing_right(act);
    }
  }
}

}  // namespace px::gltf::draco
