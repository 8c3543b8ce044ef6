#include "formats/gltf/draco/traversal.h"

#include <array>

#include "engine/strings.h"
#include "formats/gltf/draco/draco_error.h"

namespace px::gltf::draco {
namespace {

class Traverser {
 public:
  Traverser(const AttributeTable& view, const std::vector<uint32_t>& faces, EncodingData& encoding,
            std::vector<uint32_t>& point_ids)
      : view_(view),
        faces_(faces),
        encoding_(encoding),
        point_ids_(point_ids),
        face_visited_(view.num_faces(), 0),
        vertex_visited_(view.num_vertices(), 0),
        degree_(view.num_vertices(), 0) {}

  void depth_first(int32_t corner) {
    if (face_visited(corner)) return;
    stack_.clear();
    stack_.push_back(corner);
    visit(view_.vertex(next_corner(corner)), next_corner(corner));
    visit(view_.vertex(prev_corner(corner)), prev_corner(corner));
    while (!stack_.empty()) {
      corner = stack_.back();
      if (corner == kNone || face_visited(corner)) {
        stack_.pop_back();
        continue;
      }
      while (true) {
        face_visited_[corner / 3] = 1;
        const int32_t v = view_.vertex(corner);
        if (!vertex_visited(v)) {
          const bool boundary = view_.on_boundary(v);
          visit(v, corner);
          if (!boundary) {
            corner = view_.right_corner(corner);
            if (corner == kNone || face_visited(corner)) break;  // only on a malformed table
            continue;
          }
        }
        const int32_t right = view_.right_corner(corner);
        const int32_t left = view_.left_corner(corner);
        if (face_visited(right)) {
          if (face_visited(left)) {
            stack_.pop_back();
            break;
          }
          corner = left;
        } else if (face_visited(left)) {
          corner = right;
        } else {
          stack_.back() = left;
          stack_.push_back(right);
          break;
        }
      }
    }
  }

  void prediction_degree(int32_t corner) {
    if (degree_.empty()) return;
    buckets_[0].push_back(corner);
    best_ = 0;
    visit(view_.vertex(next_corner(corner)), next_corner(corner));
    visit(view_.vertex(prev_corner(corner)), prev_corner(corner));
    visit(view_.vertex(corner), corner);
    while ((corner = pop()) != kNone) {
      if (face_visited(corner)) continue;
      while (true) {
        face_visited_[corner / 3] = 1;
        visit(view_.vertex(corner), corner);
        const int32_t right = view_.right_corner(corner);
        const int32_t left = view_.left_corner(corner);
        const bool right_visited = face_visited(right);
        if (!face_visited(left)) {
          const int priority = priority_of(left);
          if (right_visited && priority <= best_) {
            corner = left;
            continue;
          }
          push(left, priority);
        }
        if (!right_visited) {
          const int priority = priority_of(right);
          if (priority <= best_) {
            corner = right;
            continue;
          }
          push(right, priority);
        }
        break;
      }
    }
  }

 private:
  bool face_visited(int32_t corner) const {
    return corner < 0 || corner / 3 >= static_cast<int32_t>(face_visited_.size()) ||
           face_visited_[corner / 3];
  }
  // Vertices the table never assigned count as visited: nothing is recorded for them.
  bool vertex_visited(int32_t v) const {
    return v < 0 || v >= static_cast<int32_t>(vertex_visited_.size()) || vertex_visited_[v];
  }
  void visit(int32_t v, int32_t corner) {
    if (vertex_visited(v)) return;
    vertex_visited_[v] = 1;
    point_ids_.push_back(faces_[corner]);
    encoding_.value_to_corner.push_back(corner);
    if (v < static_cast<int32_t>(encoding_.vertex_to_value.size())) {
      encoding_.vertex_to_value[v] = static_cast<int32_t>(encoding_.value_to_corner.size() - 1);
    }
  }
  int priority_of(int32_t corner) {
    const int32_t v = view_.vertex(corner);
    if (vertex_visited(v)) return 0;
    return ++degree_[v] > 1 ? 1 : 2;
  }
  void push(int32_t corner, int priority) {
    buckets_[priority].push_back(corner);
    if (priority < best_) best_ = priority;
  }
  int32_t pop() {
    for (int i = best_; i < 3; ++i) {
      if (!buckets_[i].empty()) {
        const int32_t c = buckets_[i].back();
        buckets_[i].pop_back();
        best_ = i;
        return c;
      }
    }
    return kNone;
  }

  const AttributeTable& view_;
  const std::vector<uint32_t>& faces_;
  EncodingData& encoding_;
  std::vector<uint32_t>& point_ids_;
  std::vector<uint8_t> face_visited_;
  std::vector<uint8_t> vertex_visited_;
  std::vector<int> degree_;
  std::vector<int32_t> stack_;
  std::array<std::vector<int32_t>, 3> buckets_;
  int best_ = 0;
};

}  // namespace

absl::Status traverse(const AttributeTable& view, const std::vector<uint32_t>& faces, int method,
                      EncodingData& encoding, std::vector<uint32_t>& point_ids) {
  if (method != kTraversalDepthFirst && method != kTraversalPredictionDegree) {
    return malformed(cat("mesh traversal method ", method));
  }
  if (faces.size() != static_cast<size_t>(view.num_corners())) {
    return malformed("the faces do not match the corner table");
  }
  Traverser t(view, faces, encoding, point_ids);
  for (int32_t f = 0; f < view.num_faces(); ++f) {
    if (method == kTraversalDepthFirst) {
      t.depth_first(3 * f);
    } else {
      t.prediction_degree(3 * f);
    }
  }
  return absl::OkStatus();
}

absl::Status map_points(const AttributeTable& view, const std::vector<uint32_t>& faces,
                        uint32_t num_points, uint32_t num_values, const EncodingData& encoding,
                        std::vector<uint32_t>& point_to_value) {
  point_to_value.assign(num_points, 0);
  for (int32_t c = 0; c < view.num_corners(); ++c) {
    const int32_t v = view.vertex(c);
    if (v < 0 || v >= static_cast<int32_t>(encoding.vertex_to_value.size())) {
      return malformed(cat("corner ", c, " has no attribute vertex"));
    }
    const int32_t value = encoding.vertex_to_value[v];
    if (value < 0 || static_cast<uint32_t>(value) >= num_values || faces[c] >= num_points) {
      return malformed(cat("corner ", c, " maps to value ", value, " of ", num_values));
    }
    point_to_value[faces[c]] = static_cast<uint32_t>(value);
  }
  return absl::OkStatus();
}

}  // namespace px::gltf::draco
