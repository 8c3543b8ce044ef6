#include "tools/scene_stats.h"

namespace px {

MeshCounts mesh_counts(const Mesh& mesh) {
  MeshCounts counts;
  counts.vertices = static_cast<int64_t>(mesh.num_points());
  if (mesh.offsets.size() != mesh.num_cells() + 1) return counts;
  counts.cells = static_cast<int64_t>(mesh.num_cells());
  for (size_t c = 0; c < mesh.num_cells(); ++c) {
    int64_t n = static_cast<int64_t>(mesh.offsets[c + 1]) - static_cast<int64_t>(mesh.offsets[c]);
    switch (mesh.cell_types[c]) {
      case CellType::kTriangle:
      case CellType::kQuad:
      case CellType::kPolygon:
      case CellType::kTriangleStrip:
        counts.triangles += n >= 3 ? n - 2 : 0;
        break;
      case CellType::kLine:
      case CellType::kPolyLine:
        counts.lines += n >= 2 ? n - 1 : 0;
        break;
      case CellType::kVertex:
        break;
    }
  }
  return counts;
}

SceneStats scene_stats(const Scene& scene) {
  SceneStats s;
  s.meshes = static_cast<int64_t>(scene.meshes.size());
  for (const Mesh& mesh : scene.meshes) {
    MeshCounts counts = mesh_counts(mesh);
    s.vertices += counts.vertices;
    s.triangles += counts.triangles;
    s.lines += counts.lines;
  }
  s.materials = static_cast<int64_t>(scene.materials.size());
  s.textures = static_cast<int64_t>(scene.textures.size());
  s.images = static_cast<int64_t>(scene.images.size());
  s.nodes = static_cast<int64_t>(scene.nodes.size());
  for (const Node& node : scene.nodes) s.instances += static_cast<int64_t>(node.instances.count);
  s.scenes = static_cast<int64_t>(scene.scenes.size());
  return s;
}

}  // namespace px
