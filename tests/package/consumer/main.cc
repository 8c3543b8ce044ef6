// A consumer of the installed polyxios package: reads a COLLADA file through the public API,
// writes it as GLB, reads the GLB back and checks that it holds the same scene (meshes, their
// points to float precision and the triangles their faces make, the numbers of nodes and
// materials).
//
//   consumer IN.dae OUT.glb      exit 0 when the GLB matches, 1 with what differs on stderr
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <string>

#include <polyxios/polyxios.h>

namespace {

int fail(const std::string& what) {
  std::fprintf(stderr, "consumer: %s\n", what.c_str());
  return 1;
}

// Triangles the mesh's faces make (glTF holds quads and polygons as triangles).
size_t triangles(const px::Mesh& mesh) {
  size_t count = 0;
  for (size_t i = 0; i < mesh.num_cells(); ++i) {
    px::CellType type = mesh.cell_types[i];
    if (type == px::CellType::kTriangle || type == px::CellType::kQuad ||
        type == px::CellType::kPolygon) {
      count += mesh.cell(i).size() - 2;
    }
  }
  return count;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage: consumer IN.dae OUT.glb");
  px::Diagnostics diagnostics;
  px::Format format = px::Format::kUnknown;
  absl::StatusOr<px::Scene> scene = px::read_scene(argv[1], {}, diagnostics, &format);
  if (!scene.ok()) return fail("read " + std::string(argv[1]) + ": " + scene.status().ToString());
  if (format != px::Format::kCollada)
    return fail("read as " + std::string(px::format_name(format)));
  if (scene->meshes.empty()) return fail("no mesh in " + std::string(argv[1]));

  if (absl::Status status = px::write_scene(*scene, argv[2], {}, diagnostics); !status.ok()) {
    return fail("write " + std::string(argv[2]) + ": " + status.ToString());
  }
  char magic[4] = {};
  std::ifstream(argv[2], std::ios::binary).read(magic, sizeof magic);
  if (std::string(magic, sizeof magic) != "glTF") return fail("no GLB magic in the output");

  absl::StatusOr<px::Scene> back = px::read_scene(argv[2], {}, diagnostics, &format);
  if (!back.ok()) return fail("read back: " + back.status().ToString());
  if (format != px::Format::kGlb)
    return fail("read back as " + std::string(px::format_name(format)));
  if (back->meshes.size() != scene->meshes.size() || back->nodes.size() != scene->nodes.size() ||
      back->materials.size() != scene->materials.size()) {
    return fail("the GLB's meshes, nodes or materials differ in number");
  }
  size_t points = 0, faces = 0;
  for (size_t m = 0; m < scene->meshes.size(); ++m) {
    const px::Mesh& a = scene->meshes[m];
    const px::Mesh& b = back->meshes[m];
    if (a.num_points() != b.num_points() || triangles(a) != triangles(b)) {
      return fail("mesh " + std::to_string(m) + ": points or triangles differ in number");
    }
    for (size_t row = 0; row < a.num_points(); ++row) {
      for (size_t col = 0; col < 3; ++col) {
        double x = a.points.get(row, col), y = b.points.get(row, col);
        if (std::abs(x - y) > 1e-6 * std::max(1.0, std::abs(x))) {
          return fail("mesh " + std::to_string(m) + " point " + std::to_string(row) + " moved");
        }
      }
    }
    points += a.num_points();
    faces += triangles(a);
  }
  std::printf(
      "consumer: %zu meshes, %zu points, %zu triangles, %zu nodes, %zu materials through %s\n",
      scene->meshes.size(), points, faces, scene->nodes.size(), scene->materials.size(), argv[2]);
  return 0;
}
