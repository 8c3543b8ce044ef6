#include "polyxios/ops/polygon_holes.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace px {
namespace {

// p inside the triangle (a, b, c) of either turn, or on its boundary.
bool in_triangle(const Point2& a, const Point2& b, const Point2& c, const Point2& p) {
  const double d1 = cross(a, b, p), d2 = cross(b, c, p), d3 = cross(c, a, p);
  const bool negative = d1 < 0 || d2 < 0 || d3 < 0;
  const bool positive = d1 > 0 || d2 > 0 || d3 > 0;
  return !(negative && positive);
}

// p strictly inside the ring (even-odd rule); a point on its boundary may go either way.
bool inside(std::span<const Point2> ring, const Point2& p) {
  bool in = false;
  for (size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
    const Point2 &a = ring[i], &b = ring[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) {
      in = !in;
    }
  }
  return in;
}

// The ring as a linked list of nodes, each a corner, so that a hole is spliced in place.
class Ring {
 public:
  Ring(std::span<const Point2> flat, size_t outer) : flat_(flat) {
    for (size_t i = 0; i < outer; ++i) {
      corner_.push_back(static_cast<uint32_t>(i));
      next_.push_back(static_cast<uint32_t>(i + 1 == outer ? 0 : i + 1));
      prev_.push_back(static_cast<uint32_t>(i == 0 ? outer - 1 : i - 1));
    }
  }

  size_t size() const { return corner_.size(); }
  const Point2& at(uint32_t node) const { return flat_[corner_[node]]; }

  // The node a hole whose leftmost corner is h sees, or -1: the nearer end of the first edge a
  // ray from h to the left meets, or the ring corner in the triangle (h, where the ray meets
  // the edge, that end) at the smallest angle to the ray, so that the bridge crosses no edge.
  int64_t bridge_node(const Point2& h) const {
    int64_t m = -1;
    double hit = -std::numeric_limits<double>::infinity();
    for (uint32_t p = 0; p < size(); ++p) {
      const Point2 &a = at(p), &b = at(next_[p]);
      // The interior is left of every edge: a ray from inside meets edges running down.
      if (!(h.y <= a.y && h.y >= b.y && a.y != b.y)) continue;
      const double x = a.x + (h.y - a.y) * (b.x - a.x) / (b.y - a.y);
      if (x <= h.x && x > hit) {
        hit = x;
        m = a.x < b.x ? p : next_[p];
        if (x == h.x) return m;  // the hole touches the edge
      }
    }
    if (m < 0) return -1;
    const Point2 end = at(static_cast<uint32_t>(m));
    const Point2 meet{hit, h.y};
    double best = std::numeric_limits<double>::infinity();
    int64_t chosen = m;
    for (uint32_t p = 0; p < size(); ++p) {
      const Point2& q = at(p);
      if (!(h.x >= q.x && q.x >= end.x && h.x != q.x && in_triangle(h, meet, end, q))) continue;
      const double tangent = std::abs(h.y - q.y) / (h.x - q.x);
      if (!sees(p, h)) continue;
      if (tangent < best || (tangent == best && q.x > at(static_cast<uint32_t>(chosen)).x)) {
        best = tangent;
        chosen = p;
      }
    }
    return chosen;
  }

  // Splices the hole (its corners, from its leftmost on) after `node`, and back to it.
  void splice(uint32_t node, std::span<const uint32_t> hole) {
    uint32_t last = node;
    const uint32_t after = next_[node];
    auto append = [&](uint32_t corner) {
      const uint32_t n = static_cast<uint32_t>(corner_.size());
      corner_.push_back(corner);
      prev_.push_back(last);
      next_.push_back(after);
      next_[last] = n;
      last = n;
    };
    for (uint32_t corner : hole) append(corner);
    append(hole[0]);
    append(corner_[node]);
    prev_[after] = last;
  }

  std::vector<uint32_t> corners() const {
    std::vector<uint32_t> out;
    out.reserve(size());
    uint32_t node = 0;
    do {
      out.push_back(corner_[node]);
      node = next_[node];
    } while (node != 0);
    return out;
  }

 private:
  // The segment from `node` to h leaves the node into the ring's interior.
  bool sees(uint32_t node, const Point2& h) const {
    const Point2 &a = at(node), &before = at(prev_[node]), &after = at(next_[node]);
    if (cross(before, a, after) > 0) return cross(a, after, h) >= 0 && cross(before, a, h) >= 0;
    return cross(a, after, h) > 0 || cross(before, a, h) > 0;
  }

  std::span<const Point2> flat_;
  std::vector<uint32_t> corner_, next_, prev_;
};

struct Hole {
  size_t index;  // among the holes
  Point2 leftmost;
  std::vector<uint32_t> corners;  // from its leftmost corner on, turning against the outer ring
};

}  // namespace

BridgedRing bridge_holes(std::span<const Point3> corners, std::span<const size_t> ring_sizes) {
  BridgedRing out;
  const size_t outer = ring_sizes.empty() ? corners.size() : ring_sizes[0];
  for (size_t i = 0; i < outer; ++i) out.ring.push_back(static_cast<uint32_t>(i));
  if (ring_sizes.size() <= 1) return out;
  std::vector<std::pair<size_t, HoleDrop>> dropped;
  const std::span<const Point3> outer_corners = corners.first(outer);
  const Point3 normal = newell_normal(outer_corners);
  const bool plane = outer >= 3 && has_area(outer_corners, normal);
  std::vector<Point2> flat;
  if (plane) project_to_plane(corners, normal, &flat);
  std::vector<Hole> holes;
  size_t first = outer;
  for (size_t h = 0; h + 1 < ring_sizes.size(); first += ring_sizes[h + 1], ++h) {
    const size_t size = ring_sizes[h + 1];
    const std::span<const Point3> ring = corners.subspan(first, size);
    if (size < 3) {
      dropped.emplace_back(h, HoleDrop::kTooFewCorners);
      continue;
    }
    if (!plane || !has_area(ring, newell_normal(ring))) {
      dropped.emplace_back(h, HoleDrop::kNoArea);
      continue;
    }
    const std::span<const Point2> hole_flat(flat.data() + first, size);
    size_t left = 0;
    for (size_t i = 1; i < size; ++i) {
      const Point2 &p = hole_flat[i], &l = hole_flat[left];
      if (p.x < l.x || (p.x == l.x && p.y < l.y)) left = i;
    }
    if (!inside(std::span<const Point2>(flat.data(), outer), hole_flat[left])) {
      dropped.emplace_back(h, HoleDrop::kOutside);
      continue;
    }
    const bool same_turn = signed_area2(hole_flat) > 0;
    Hole hole{h, hole_flat[left], {}};
    for (size_t k = 0; k < size; ++k) {
      const size_t i = same_turn ? (left + size - k) % size : (left + k) % size;
      hole.corners.push_back(static_cast<uint32_t>(first + i));
    }
    holes.push_back(std::move(hole));
  }
  std::sort(holes.begin(), holes.end(), [](const Hole& a, const Hole& b) {
    if (a.leftmost.x != b.leftmost.x) return a.leftmost.x < b.leftmost.x;
    if (a.leftmost.y != b.leftmost.y) return a.leftmost.y < b.leftmost.y;
    return a.index < b.index;
  });
  if (!holes.empty()) {
    Ring ring(flat, outer);
    // Each bridge looks at every node of the ring twice.
    int64_t budget = (int64_t{1} << 24) + 64 * static_cast<int64_t>(corners.size());
    for (const Hole& hole : holes) {
      budget -= 2 * static_cast<int64_t>(ring.size());
      if (budget < 0) {
        dropped.emplace_back(hole.index, HoleDrop::kOverBudget);
        continue;
      }
      const int64_t node = ring.bridge_node(hole.leftmost);
      if (node < 0) {
        dropped.emplace_back(hole.index, HoleDrop::kOutside);
        continue;
      }
      ring.splice(static_cast<uint32_t>(node), hole.corners);
    }
    out.ring = ring.corners();
  }
  std::sort(dropped.begin(), dropped.end());
  for (const auto& [index, reason] : dropped) out.dropped.push_back(reason);
  return out;
}

}  // namespace px
