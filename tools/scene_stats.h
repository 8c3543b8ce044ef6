// The counts `polyxios info` prints for a scene.
#pragma once

#include <cstdint>

#include "model/scene.h"

namespace px {

struct SceneStats {
  int64_t meshes = 0;
  int64_t vertices = 0;
  int64_t triangles = 0;  // after fan-triangulating quads and polygons and expanding strips
  int64_t lines = 0;
  int64_t materials = 0;
  int64_t textures = 0;
  int64_t images = 0;
  int64_t nodes = 0;
  int64_t scenes = 0;
};

SceneStats scene_stats(const Scene& scene);

}  // namespace px
