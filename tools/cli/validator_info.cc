#include "tools/cli/validator_info.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "tools/scene_stats.h"

namespace px::cli {
namespace {

// "texcoords", "texcoords_1", ...; "joints", "joints_1", ...: a column of the set `stem`.
bool of_set(std::string_view name, std::string_view stem) {
  return name == stem ||
         (name.starts_with(stem) && name.size() > stem.size() + 1 && name[stem.size()] == '_');
}

// The primitives a mesh is drawn with: one per material its cells use (a cell of none counts as
// one more), none for a mesh without cells.
int64_t draw_calls_of(const Mesh& mesh) {
  if (mesh.num_cells() == 0) return 0;
  std::span<const int32_t> materials = mesh.materials();
  if (materials.size() != mesh.num_cells()) return 1;
  return static_cast<int64_t>(std::set<int32_t>(materials.begin(), materials.end()).size());
}

}  // namespace

ValidatorInfo validator_info(const Scene& scene) {
  // The counts `info` prints: vertices and triangles over the meshes, each once, as the validator
  // counts them.
  const SceneStats stats = scene_stats(scene);
  ValidatorInfo info;
  info.meshes = stats.meshes;
  info.nodes = stats.nodes;
  info.materials = stats.materials;
  info.vertices = stats.vertices;
  info.triangles = stats.triangles;
  info.skins = static_cast<int64_t>(scene.skins.size());
  info.animations = static_cast<int64_t>(scene.animations.size());
  info.version = scene.asset.version.value_or("");
  info.generator = scene.asset.generator.value_or("");
  info.has_skins = !scene.skins.empty();
  info.has_textures = !scene.textures.empty();
  for (const Mesh& mesh : scene.meshes) {
    info.draw_calls += draw_calls_of(mesh);
    info.has_morph_targets = info.has_morph_targets || !mesh.morph_targets.empty();
    int64_t uvs = 0;
    int64_t influences = 0;
    for (const NamedColumn& column : mesh.point_data) {
      if (of_set(column.name, "texcoords")) ++uvs;
      if (of_set(column.name, "joints")) influences += static_cast<int64_t>(column.column.cols);
    }
    info.max_uvs = std::max(info.max_uvs, uvs);
    info.max_influences = std::max(info.max_influences, influences);
  }
  return info;
}

}  // namespace px::cli
