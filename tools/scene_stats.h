// The counts `polyxios info` prints for a scene, and those of one mesh.
#pragma once

#include <cstdint>

#include "polyxios/scene/mesh.h"
#include "polyxios/scene/scene.h"

namespace px {

struct MeshCounts {
  int64_t vertices = 0;
  int64_t triangles = 0;  // after fan-triangulating quads and polygons and expanding strips
  int64_t lines = 0;      // segments, polylines expanded
  int64_t cells = 0;
};

// A mesh whose offsets do not hold one entry more than it has cells counts its vertices only.
MeshCounts mesh_counts(const Mesh& mesh);

struct SceneStats {
  int64_t meshes = 0;
  int64_t vertices = 0;
  int64_t triangles = 0;
  int64_t lines = 0;
  int64_t materials = 0;
  int64_t textures = 0;
  int64_t images = 0;
  int64_t nodes = 0;
  int64_t instances = 0;  // the copies nodes draw of their mesh (EXT_mesh_gpu_instancing)
  int64_t scenes = 0;
};

SceneStats scene_stats(const Scene& scene);

}  // namespace px
