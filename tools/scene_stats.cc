#include "tools/scene_stats.h"

namespace px {

SceneStats scene_stats(const Scene& scene) {
  SceneStats s;
  s.meshes = static_cast<int64_t>(scene.meshes.size());
  for (const Mesh& mesh : scene.meshes) {
    s.vertices += static_cast<int64_t>(mesh.num_points());
    for (size_t c = 0; c < mesh.num_cells(); ++c) {
      int64_t n = static_cast<int64_t>(mesh.offsets[c + 1] - mesh.offsets[c]);
      switch (mesh.cell_types[c]) {
        case CellType::kTriangle:
        case CellType::kQuad:
        case CellType::kPolygon:
        case CellType::kTriangleStrip:
          s.triangles += n >= 3 ? n - 2 : 0;
          break;
        case CellType::kLine:
        case CellType::kPolyLine:
          s.lines += n >= 2 ? n - 1 : 0;
          break;
        case CellType::kVertex:
          break;
      }
    }
  }
  s.materials = static_cast<int64_t>(scene.materials.size());
  s.textures = static_cast<int64_t>(scene.textures.size());
  s.images = static_cast<int64_t>(scene.images.size());
  s.nodes = static_cast<int64_t>(scene.nodes.size());
  s.scenes = static_cast<int64_t>(scene.scenes.size());
  return s;
}

}  // namespace px
