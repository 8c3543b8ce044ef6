#include "polyxios/ops/triangulate.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace px {
namespace {

// Turns whose sine is within this of zero are straight: float32 corners of one line are only
// known to about 1e-7.
constexpr double kStraight = 1e-6;

bool same(const Point2& a, const Point2& b) { return a.x == b.x && a.y == b.y; }

double length(const Point2& a, const Point2& b) { return std::hypot(b.x - a.x, b.y - a.y); }

// p inside the counter-clockwise triangle (a, b, c) or on its boundary.
bool in_triangle(const Point2& a, const Point2& b, const Point2& c, const Point2& p) {
  return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

// Segments (a, b) and (c, d) cross at one point inside both (not at an end, not overlapping).
bool cross_properly(const Point2& a, const Point2& b, const Point2& c, const Point2& d) {
  if (std::max(a.x, b.x) < std::min(c.x, d.x) || std::max(c.x, d.x) < std::min(a.x, b.x) ||
      std::max(a.y, b.y) < std::min(c.y, d.y) || std::max(c.y, d.y) < std::min(a.y, b.y)) {
    return false;
  }
  const double o1 = cross(a, b, c), o2 = cross(a, b, d);
  const double o3 = cross(c, d, a), o4 = cross(c, d, b);
  return ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0));
}

}  // namespace

void fan_triangles(size_t n, std::vector<uint32_t>* triangles) {
  triangles->clear();
  for (size_t k = 1; k + 1 < n; ++k) {
    triangles->insert(triangles->end(),
                      {0u, static_cast<uint32_t>(k), static_cast<uint32_t>(k + 1)});
  }
}

// Every turn to the left (or straight on), never back, and once around: the fan covers it.
bool Triangulator::is_convex() const {
  const size_t n = flat_.size();
  double turning = 0;
  bool have_first = false;
  Point2 first{}, previous{};
  auto turn = [&](const Point2& e) {
    const double c = previous.x * e.y - previous.y * e.x;
    const double d = previous.x * e.x + previous.y * e.y;
    const double scale = std::hypot(previous.x, previous.y) * std::hypot(e.x, e.y);
    if (c < -kStraight * scale || (c <= kStraight * scale && d < 0)) return false;
    turning += std::atan2(c, d);
    previous = e;
    return true;
  };
  for (size_t i = 0; i < n; ++i) {
    const Point2& a = flat_[i];
    const Point2& b = flat_[i + 1 == n ? 0 : i + 1];
    const Point2 e{b.x - a.x, b.y - a.y};
    if (e.x == 0 && e.y == 0) continue;
    if (!have_first) {
      first = previous = e;
      have_first = true;
    } else if (!turn(e)) {
      return false;
    }
  }
  if (!have_first || !turn(first)) return false;
  // Left turns of a ring add up to 2 pi times the times it winds; a star winds more than once.
  return std::abs(turning - 2 * std::numbers::pi) < 1;
}

bool Triangulator::edges_cross() const {
  const size_t n = flat_.size();
  for (size_t i = 0; i < n; ++i) {
    const Point2& a = flat_[i];
    const Point2& b = flat_[(i + 1) % n];
    // Edges i and j for j past i's neighbours; the last edge neighbours the first.
    for (size_t j = i + 2; j < n && !(i == 0 && j == n - 1); ++j) {
      if (cross_properly(a, b, flat_[j], flat_[(j + 1) % n])) return true;
    }
  }
  return false;
}

int Triangulator::is_ear(uint32_t a, uint32_t b, uint32_t c) {
  const Point2 &pa = flat_[a], &pb = flat_[b], &pc = flat_[c];
  for (uint32_t p = next_[c]; p != a; p = next_[p]) {
    if (--budget_ < 0) return -1;
    const Point2& pp = flat_[p];
    // A corner where the ring comes back to a corner of the triangle (a hole's bridge) does not
    // block it; nor does a convex corner, since a reflex one would be inside before it.
    if (same(pp, pa) || same(pp, pb) || same(pp, pc)) continue;
    if (cross(flat_[prev_[p]], pp, flat_[next_[p]]) > 0) continue;
    if (in_triangle(pa, pb, pc, pp)) return 0;
  }
  return 1;
}

Triangulation Triangulator::clip_ears(std::vector<uint32_t>* triangles) {
  const uint32_t n = static_cast<uint32_t>(flat_.size());
  prev_.resize(n);
  next_.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    prev_[i] = i == 0 ? n - 1 : i - 1;
    next_[i] = i + 1 == n ? 0 : i + 1;
  }
  triangles->clear();
  auto clip = [&](uint32_t b) {
    const uint32_t a = prev_[b], c = next_[b];
    triangles->insert(triangles->end(), {a, b, c});
    next_[a] = c;
    prev_[c] = a;
    return c;
  };
  uint32_t remaining = n;
  uint32_t ear = 0, stop = 0;
  // The first straight corner (a turn within rounding of none, or back on itself) seen since the
  // last clip: clipped as a triangle of no area when no proper ear is left.
  int64_t straight = -1;
  while (remaining > 3) {
    const uint32_t a = prev_[ear], c = next_[ear];
    const double turn = cross(flat_[a], flat_[ear], flat_[c]);
    if (turn > 0) {
      const int found = is_ear(a, ear, c);
      if (found < 0) return Triangulation::kOverBudget;
      if (found == 1) {
        ear = stop = clip(ear);
        --remaining;
        straight = -1;
        continue;
      }
    }
    if (straight < 0 &&
        std::abs(turn) <= kStraight * length(flat_[a], flat_[ear]) * length(flat_[ear], flat_[c])) {
      straight = ear;
    }
    ear = c;
    if (ear != stop) continue;
    if (straight < 0) return Triangulation::kSelfIntersecting;
    ear = stop = clip(static_cast<uint32_t>(straight));
    --remaining;
    straight = -1;
  }
  clip(ear);
  return Triangulation::kEars;
}

Triangulation Triangulator::triangulate(std::span<const Point3> corners,
                                        std::vector<uint32_t>* triangles) {
  const size_t n = corners.size();
  fan_triangles(n, triangles);
  if (n <= 3) return Triangulation::kFan;
  const Point3 normal = newell_normal(corners);
  if (!has_area(corners, normal)) return Triangulation::kNoArea;
  project_to_plane(corners, normal, &flat_);
  if (is_convex()) return Triangulation::kFan;
  // Every edge against every other: n (n - 3) / 2 tests, paid before they are made.
  const int64_t pairs = static_cast<int64_t>(n) * static_cast<int64_t>(n - 3) / 2;
  if (pairs > budget_) {
    budget_ = 0;
    return Triangulation::kOverBudget;
  }
  budget_ -= pairs;
  if (edges_cross()) return Triangulation::kSelfIntersecting;
  const Triangulation result = clip_ears(triangles);
  if (result != Triangulation::kEars) fan_triangles(n, triangles);
  return result;
}

}  // namespace px
