// Concave polygons and holes against the shared corpus (issue 15, point 6):
//   - the CTS concave files and assimp's ConcavePolygon.dae (a ring bridged around a hole, as
//     exporters write one), written as GLB and read back: the triangles' area is the polygons'
//     (where the fan of the first corner covered more), with no fallback to the fan;
//   - every .dae of the corpus read, each quad and polygon triangulated: wherever ear clipping
//     ran, the triangles cover exactly the polygon's area; the counts of files and polygons the
//     fan got wrong before and the triangulation now gets right are printed.
// Skipped when the corpus is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/source.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/ops/triangulate.h"
#include "tests/support/required.h"
#include "tests/support/through_collada.h"

namespace px {
namespace {

namespace fs = std::filesystem;

fs::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS"); env != nullptr && *env != '\0') return env;
  return PX_CORPUS_DIR;
}

Point3 point(const Mesh& mesh, uint32_t v) {
  return {mesh.points.get(v, 0), mesh.points.get(v, 1), mesh.points.get(v, 2)};
}

double triangle_area(const Point3& a, const Point3& b, const Point3& c) {
  const Point3 u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, w{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
  const Point3 n{u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
  return std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) / 2;
}

std::vector<Point3> corners_of(const Mesh& mesh, size_t cell) {
  std::vector<Point3> out;
  for (uint32_t v : mesh.cell(cell)) out.push_back(point(mesh, v));
  return out;
}

double covered(std::span<const Point3> corners, const std::vector<uint32_t>& triangles) {
  double sum = 0;
  for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
    sum +=
        triangle_area(corners[triangles[t]], corners[triangles[t + 1]], corners[triangles[t + 2]]);
  }
  return sum;
}

// The area the triangles cover on the polygon's plane (normal to `n`), overlaps counted twice:
// the polygon's own area (|n| / 2) when they tile it, however far from flat it is.
double covered_on_plane(std::span<const Point3> corners, const std::vector<uint32_t>& triangles,
                        const Point3& n) {
  const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  double sum = 0;
  for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
    const Point3 &a = corners[triangles[t]], &b = corners[triangles[t + 1]],
                 &c = corners[triangles[t + 2]];
    const Point3 u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, w{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    const Point3 m{u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
    sum += std::abs(m[0] * n[0] + m[1] * n[1] + m[2] * n[2]) / length / 2;
  }
  return sum;
}

bool is_surface(CellType type) {
  return type == CellType::kTriangle || type == CellType::kQuad || type == CellType::kPolygon;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-6 * std::max({1e-12, a, b}); }

// The area of a scene's surface cells: each polygon's own (its Newell normal), or the fan's.
double surface_area(const Scene& scene, bool fan) {
  double sum = 0;
  for (const Mesh& mesh : scene.meshes) {
    for (size_t c = 0; c < mesh.num_cells(); ++c) {
      if (!is_surface(mesh.cell_types[c]) || mesh.cell(c).size() < 3) continue;
      const std::vector<Point3> corners = corners_of(mesh, c);
      if (fan) {
        std::vector<uint32_t> triangles;
        fan_triangles(corners.size(), &triangles);
        sum += covered(corners, triangles);
      } else {
        const Point3 n = newell_normal(corners);
        sum += std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) / 2;
      }
    }
  }
  return sum;
}

TEST(PolygonAreaCorpus, ConcaveFilesKeepTheirAreaThroughAGlbWrite) {
  const fs::path root = corpus_dir() / "collada";
  const char* files[] = {
      "assimp/ConcavePolygon.dae",
      "cts/collada/library_geometries/geometry/mesh/polygons/concave_polygons/concave_polygons.dae",
      "cts/1_5/collada/library_geometries/geometry/mesh/polygons/concave_polygons/"
      "concave_polygons.dae",
      "cts/1_5/collada/library_geometries/geometry/mesh/polylist/concave_polylist/"
      "concave_polylist.dae",
  };
  if (!fs::is_directory(root)) PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << root;
  for (const char* rel : files) {
    SCOPED_TRACE(rel);
    Diagnostics diagnostics;
    absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(root / rel);
    ASSERT_TRUE(source.ok()) << source.status();
    absl::StatusOr<Scene> scene = collada::read(**source, ReadOptions{}, diagnostics);
    ASSERT_TRUE(scene.ok()) << scene.status();
    absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(*scene, true, "", diagnostics);
    ASSERT_TRUE(glb.ok()) << glb.status();
    EXPECT_EQ(diagnostics.count("gltf.write.polygon-fan-fallback"), 0);
    absl::StatusOr<Scene> back = gltf::read_memory(glb->json, {}, ReadOptions{}, diagnostics);
    ASSERT_TRUE(back.ok()) << back.status();
    const double area = surface_area(*scene, false);
    EXPECT_GT(surface_area(*scene, true), area * 1.01) << "the fan covered no more: not concave";
    EXPECT_TRUE(near(surface_area(*back, false), area))
        << surface_area(*back, false) << " written for " << area;
    std::printf("%s: polygon area %.6g, fan %.6g, written %.6g\n", rel, area,
                surface_area(*scene, true), surface_area(*back, false));
  }
}

TEST(PolygonAreaCorpus, EveryClippedPolygonOfTheCorpusKeepsItsArea) {
  const fs::path root = corpus_dir() / "collada";
  if (!fs::is_directory(root)) PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << root;
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(root)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (e.is_regular_file() && ext == ".dae") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  size_t read = 0, with_polygons = 0, fan_wrong_files = 0, clipped_files = 0, polygons = 0,
         fan_wrong = 0, clipped = 0, fallbacks = 0, still_wrong = 0;
  std::vector<uint32_t> triangles;
  for (const fs::path& file : files) {
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = test_support::read_dae_file(file, diagnostics);
    if (!scene.ok()) continue;
    ++read;
    bool has_polygons = false, fan_wrong_here = false, clipped_here = false;
    for (const Mesh& mesh : scene->meshes) {
      size_t corners_total = 0;
      for (size_t c = 0; c < mesh.num_cells(); ++c) corners_total += mesh.cell(c).size();
      Triangulator triangulator(corners_total);
      for (size_t c = 0; c < mesh.num_cells(); ++c) {
        if (!is_surface(mesh.cell_types[c]) || mesh.cell(c).size() <= 3) continue;
        has_polygons = true;
        ++polygons;
        const std::vector<Point3> corners = corners_of(mesh, c);
        const Point3 n = newell_normal(corners);
        const double area = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) / 2;
        fan_triangles(corners.size(), &triangles);
        const bool wrong = !near(covered_on_plane(corners, triangles, n), area);
        const Triangulation outcome = triangulator.triangulate(corners, &triangles);
        ASSERT_EQ(triangles.size(), 3 * (corners.size() - 2));
        if (outcome == Triangulation::kEars) {
          EXPECT_TRUE(near(covered_on_plane(corners, triangles, n), area))
              << file << ": cell " << c << " covers " << covered_on_plane(corners, triangles, n)
              << " of " << area;
          ++clipped;
          clipped_here = true;
        }
        fallbacks += is_fallback(outcome);
        still_wrong += !near(covered_on_plane(corners, triangles, n), area);
        fan_wrong += wrong;
        fan_wrong_here |= wrong;
      }
    }
    with_polygons += has_polygons;
    fan_wrong_files += fan_wrong_here;
    clipped_files += clipped_here;
  }
  std::printf(
      "%zu of %zu files read; %zu with quads or polygons (%zu cells); the fan misses the area of "
      "%zu cells in %zu files; ear clipping ran on %zu cells in %zu files; %zu fell back to the "
      "fan; the triangulation misses the area of %zu cells\n",
      read, files.size(), with_polygons, polygons, fan_wrong, fan_wrong_files, clipped,
      clipped_files, fallbacks, still_wrong);
  EXPECT_GT(clipped_files, 0u);
}

}  // namespace
}  // namespace px
