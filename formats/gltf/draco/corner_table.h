// The corner table Draco's connectivity decoding builds (three corners per face, each with its
// vertex and the corner opposite it across the face's edge), and the view of it one attribute
// sees when seam edges cut it into more vertices. Index -1 is "none"; every accessor takes -1 or
// an out-of-range index and answers -1, so a malformed table can be walked without a bad read.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace px::gltf::draco {

inline constexpr int32_t kNone = -1;

inline int32_t next_corner(int32_t c) { return c < 0 ? kNone : (c % 3 == 2 ? c - 2 : c + 1); }
inline int32_t prev_corner(int32_t c) { return c < 0 ? kNone : (c % 3 == 0 ? c + 2 : c - 1); }

class CornerTable {
 public:
  void reset(int32_t faces);

  int32_t num_corners() const { return static_cast<int32_t>(corner_vertex_.size()); }
  int32_t num_faces() const { return num_corners() / 3; }
  int32_t num_vertices() const { return static_cast<int32_t>(vertex_corner_.size()); }

  int32_t vertex(int32_t c) const { return valid_corner(c) ? corner_vertex_[c] : kNone; }
  int32_t opposite(int32_t c) const { return valid_corner(c) ? opposite_[c] : kNone; }
  int32_t left_most(int32_t v) const { return valid_vertex(v) ? vertex_corner_[v] : kNone; }
  int32_t swing_left(int32_t c) const { return next_corner(opposite(next_corner(c))); }
  int32_t swing_right(int32_t c) const { return prev_corner(opposite(prev_corner(c))); }
  bool on_boundary(int32_t v) const { return swing_left(left_most(v)) == kNone; }

  void set_opposites(int32_t a, int32_t b) {
    if (valid_corner(a)) opposite_[a] = b;
    if (valid_corner(b)) opposite_[b] = a;
  }
  void map(int32_t c, int32_t v) {
    if (valid_corner(c)) corner_vertex_[c] = v;
  }
  void set_left_most(int32_t v, int32_t c) {
    if (valid_vertex(v)) vertex_corner_[v] = c;
  }
  int32_t add_vertex() {
    vertex_corner_.push_back(kNone);
    return num_vertices() - 1;
  }
  void set_num_vertices(int32_t n) { vertex_corner_.resize(n, kNone); }
  bool valid_corner(int32_t c) const { return c >= 0 && c < num_corners(); }
  bool valid_vertex(int32_t v) const { return v >= 0 && v < num_vertices(); }

 private:
  std::vector<int32_t> corner_vertex_;
  std::vector<int32_t> opposite_;
  std::vector<int32_t> vertex_corner_;
};

// A corner table as one attribute sees it: the base table, or the base table cut along the
// attribute's seam edges (no opposite across a seam, one vertex per run of corners between seams).
class AttributeTable {
 public:
  // The base table itself.
  explicit AttributeTable(const CornerTable* base) : base_(base) {}
  // The base table cut along the edges opposite `seam_corners`.
  void cut(std::span<const int32_t> seam_corners);

  const CornerTable& base() const { return *base_; }
  bool has_seams() const { return seams_; }
  int32_t num_corners() const { return base_->num_corners(); }
  int32_t num_faces() const { return base_->num_faces(); }
  int32_t num_vertices() const {
    return seams_ ? static_cast<int32_t>(left_most_.size()) : base_->num_vertices();
  }
  bool seam_edge(int32_t c) const { return seams_ && base_->valid_corner(c) && edge_seam_[c]; }
  int32_t vertex(int32_t c) const {
    if (!seams_) return base_->vertex(c);
    return base_->valid_corner(c) ? corner_vertex_[c] : kNone;
  }
  int32_t opposite(int32_t c) const { return seam_edge(c) ? kNone : base_->opposite(c); }
  int32_t left_most(int32_t v) const {
    if (!seams_) return base_->left_most(v);
    return v >= 0 && v < num_vertices() ? left_most_[v] : kNone;
  }
  int32_t swing_left(int32_t c) const { return next_corner(opposite(next_corner(c))); }
  int32_t swing_right(int32_t c) const { return prev_corner(opposite(prev_corner(c))); }
  int32_t right_corner(int32_t c) const { return opposite(next_corner(c)); }
  int32_t left_corner(int32_t c) const { return opposite(prev_corner(c)); }
  bool on_boundary(int32_t v) const;
  // True when the corner's base vertex touches a seam.
  bool corner_on_seam(int32_t c) const;

 private:
  void recompute_vertices();

  const CornerTable* base_;
  bool seams_ = false;
  std::vector<uint8_t> edge_seam_;    // per corner: the edge opposite it is a seam
  std::vector<uint8_t> vertex_seam_;  // per base vertex: it touches a seam
  std::vector<int32_t> corner_vertex_;
  std::vector<int32_t> left_most_;
};

}  // namespace px::gltf::draco
