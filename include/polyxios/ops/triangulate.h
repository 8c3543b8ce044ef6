// Polygon triangulation: a convex polygon as the fan (0, k, k + 1) a glTF write has always made,
// a concave one by ear clipping on its best-fit plane, and a ring with no area, crossing edges or
// no ear left, or over the work budget, as the fan again (the caller warns). An n-gon always
// gives n - 2 triangles, so a writer can size its indices before triangulating.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "polyxios/ops/polygon_plane.h"

namespace px {

enum class Triangulation : uint8_t {
  kFan,               // convex (or a triangle): the fan
  kEars,              // concave: ear clipping
  kNoArea,            // fan: every corner on one line or point
  kSelfIntersecting,  // fan: two edges cross, or no ear is left to clip
  kOverBudget,        // fan: the work budget is spent
};

// True for the outcomes that fall back to a fan on a polygon that is not convex.
inline bool is_fallback(Triangulation t) {
  return t == Triangulation::kNoArea || t == Triangulation::kSelfIntersecting ||
         t == Triangulation::kOverBudget;
}

// Triangulates polygons one after another with one work budget (point and edge tests): enough
// for any ordinary polygon, and linear in the corners it was made for, so that hostile input
// (a polygon of a million corners, or many large ones) cannot make a write quadratic.
class Triangulator {
 public:
  static constexpr int64_t kBaseWork = int64_t{1} << 24;
  static constexpr int64_t kWorkPerCorner = 256;

  // `corners`: the corners of every polygon it will triangulate.
  explicit Triangulator(size_t corners)
      : budget_(kBaseWork + kWorkPerCorner * static_cast<int64_t>(corners)) {}

  // Writes the n - 2 triangles of the polygon (n >= 3 corners in ring order; none for fewer) to
  // `triangles` as 3 (n - 2) indices into `corners`, each triangle turning as the polygon does.
  Triangulation triangulate(std::span<const Point3> corners, std::vector<uint32_t>* triangles);

  int64_t budget() const { return budget_; }

 private:
  bool is_convex() const;
  bool edges_cross() const;
  Triangulation clip_ears(std::vector<uint32_t>* triangles);
  // 1: (a, b, c) is an ear; 0: it is not; -1: the budget ran out.
  int is_ear(uint32_t a, uint32_t b, uint32_t c);

  int64_t budget_;
  std::vector<Point2> flat_;
  std::vector<uint32_t> prev_, next_;
};

// The fan (0, k, k + 1) of an n-gon.
void fan_triangles(size_t n, std::vector<uint32_t>* triangles);

}  // namespace px
