// The meshes tools/gen_collada.cc writes: height-field grids, their faces in document order
// (triangles, then quads and split quads for a <polylist>) and their normals.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace px::gen {

struct Vec3 {
  double x, y, z;
};

inline Vec3 normalized(Vec3 v) {
  double len = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  if (len == 0) return {0, 0, 1};
  return {v.x / len, v.y / len, v.z / len};
}

inline Vec3 cross(Vec3 a, Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

inline Vec3 sub(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }

// One mesh: a w×h grid of positions over a height field with flat plateaus.
struct Mesh {
  int index = 0;
  int w = 2, h = 2;
  int split_row = 1;  // quad rows [0, split_row) go to <triangles>, the rest to <polylist>
  bool flat = false;  // Blender-like: normals per face, texcoords per corner
  bool lines = false;
  int precision = 7;
  double sx = 1, sy = 1, amp = 1, fx = 1, fy = 1, ph1 = 0, ph2 = 0;
  int material_tri = 0, material_poly = 1;
  // Derived by count().
  int64_t tri_faces = 0, poly_faces = 0, poly_corners = 0, triangles = 0;

  int64_t vertices() const { return int64_t{w} * h; }
  bool has_polylist() const { return split_row < h - 1; }
  int64_t faces() const { return tri_faces + poly_faces; }
  int64_t corners() const { return 3 * tri_faces + poly_corners; }

  double u(int i) const { return static_cast<double>(i) / (w - 1); }
  double v(int j) const { return static_cast<double>(j) / (h - 1); }
  Vec3 position(int i, int j) const {
    double s = std::sin(2 * std::numbers::pi * fx * u(i) + ph1) *
               std::cos(2 * std::numbers::pi * fy * v(j) + ph2);
    return {(u(i) - 0.5) * sx, (v(j) - 0.5) * sy, amp * std::max(0.0, s - 0.2)};
  }
  Vec3 position(int id) const { return position(id % w, id / w); }
  Vec3 smooth_normal(int i, int j) const {
    int i0 = std::max(i - 1, 0), i1 = std::min(i + 1, w - 1);
    int j0 = std::max(j - 1, 0), j1 = std::min(j + 1, h - 1);
    Vec3 dx = sub(position(i1, j), position(i0, j));
    Vec3 dy = sub(position(i, j1), position(i, j0));
    return normalized(cross(dx, dy));
  }
  // Some quads of the polylist region are written as two triangles, as exporters do with
  // non-planar quads.
  static bool split_quad(int i, int j) { return (i * 31 + j * 17) % 7 == 0; }

  // Visits faces in document order: f(in_polylist, corner_count, vertex_ids).
  template <class F>
  void for_each_face(F&& f) const {
    for (int j = 0; j < h - 1; ++j) {
      bool poly = j >= split_row;
      for (int i = 0; i < w - 1; ++i) {
        int a = j * w + i, b = a + 1, c = a + w + 1, d = a + w;
        if (poly && !split_quad(i, j)) {
          const int quad[4] = {a, b, c, d};
          f(true, 4, quad);
        } else {
          const int t1[3] = {a, b, c};
          const int t2[3] = {a, c, d};
          f(poly, 3, t1);
          f(poly, 3, t2);
        }
      }
    }
  }

  void count() {
    tri_faces = poly_faces = poly_corners = triangles = 0;
    for_each_face([&](bool poly, int n, const int*) {
      if (poly) {
        ++poly_faces;
        poly_corners += n;
      } else {
        ++tri_faces;
      }
      triangles += n - 2;
    });
  }

  Vec3 face_normal(int n, const int* ids) const {
    Vec3 a = position(ids[0]);
    if (n == 3) return normalized(cross(sub(position(ids[1]), a), sub(position(ids[2]), a)));
    return normalized(cross(sub(position(ids[2]), a), sub(position(ids[3]), position(ids[1]))));
  }
};

}  // namespace px::gen
