// The "info" block of validate's JSON report: polyxios's counts of what the scene holds (meshes,
// nodes, ...) and the Khronos glTF-Validator's keys, each counted as the validator counts it on
// the scene as read (version and generator from the asset; draw calls, vertices and triangles
// over the meshes, each once however many nodes draw it, one draw call per material a mesh's
// cells use).
#pragma once

#include <cstdint>
#include <string>

#include "polyxios/scene/scene.h"

namespace px::cli {

struct ValidatorInfo {
  int64_t meshes = 0;
  int64_t nodes = 0;
  int64_t materials = 0;
  int64_t skins = 0;
  int64_t animations = 0;
  std::string version;    // the asset's version ("2.0"; a COLLADA document's "1.4.1")
  std::string generator;  // empty when the asset names none
  bool has_skins = false;
  bool has_morph_targets = false;
  bool has_textures = false;
  int64_t draw_calls = 0;
  int64_t vertices = 0;
  int64_t triangles = 0;
  int64_t max_uvs = 0;         // texture coordinate sets of the mesh with most
  int64_t max_influences = 0;  // joints per vertex of the skinned mesh with most
};

ValidatorInfo validator_info(const Scene& scene);

}  // namespace px::cli
