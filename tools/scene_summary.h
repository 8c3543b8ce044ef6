// What `polyxios info` reports of a scene: its asset, counts, bounds in world space, and a line
// per camera, light, mesh, material, skin and animation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "polyxios/scene/bounds.h"
#include "polyxios/scene/scene.h"
#include "tools/scene_stats.h"

namespace px {

struct MeshSummary {
  std::optional<std::string> name;  // global_attrs["mesh_name"]
  MeshCounts counts;
  std::vector<std::string> attributes;  // its point data columns, in order
  std::vector<int> materials;           // the material indices its cells use, rising
  int64_t instances = 0;                // nodes of the shown scene showing it
  Bounds bounds;                        // of its points, in its own space
};

struct MaterialSummary {
  std::string name;
  std::optional<std::string> shading;  // Material::shading's name, when set
  AlphaMode alpha_mode = AlphaMode::kOpaque;
  double alpha_cutoff = 0.5;
  bool double_sided = false;
  // The textures it uses: glTF's property name ("baseColorTexture") and the texture index.
  std::vector<std::pair<std::string_view, int>> textures;
};

struct SkinSummary {
  std::optional<std::string> name;
  int64_t joints = 0;
};

struct AnimationSummary {
  std::string name;
  int64_t channels = 0;
  int64_t samplers = 0;  // well-formed ones
  int64_t keys = 0;      // summed over its samplers
  // The first and last key time over all its samplers, in seconds; none without a finite key;
  // a COLLADA clip's window instead. Its duration is end - start.
  std::optional<double> start;
  std::optional<double> end;
};

// What the asset records of the file: the glTF generator (COLLADA's authoring tool when it has
// none), version, up axis and unit.
struct AssetSummary {
  std::optional<std::string> generator;
  std::optional<std::string> version;
  std::optional<std::string> up_axis;  // "X_UP", "Y_UP", "Z_UP"
  std::optional<std::string> unit_name;
  std::optional<double> unit_meters;
};

// A camera or light the scene holds, by name (empty when it has none) and type.
struct ObjectSummary {
  std::string name;
  std::string_view type;  // "perspective", "orthographic"; "directional", "point", "spot", ...
};

struct SceneSummary {
  SceneStats stats;
  AssetSummary asset;
  // The scene's cameras (Scene::cameras) and lights (Scene::lights), each by name and type.
  std::vector<ObjectSummary> camera_list;
  std::vector<ObjectSummary> light_list;
  int64_t cameras = 0;               // nodes showing a camera (or naming one the scene lacks)
  int64_t lights = 0;                // nodes showing a light (or naming one the scene lacks)
  std::optional<int> default_scene;  // Scene::default_scene when it names a scene
  // The points of every mesh instance of the shown scene (the default one, or every scene when
  // default_scene is -1, as to_polydata shows them) under its node's world matrix. Not exact (a
  // box holding the exact one: the instance's local box transformed) once the budget is spent.
  Bounds bounds;
  bool bounds_exact = true;
  std::vector<MeshSummary> meshes;
  std::vector<MaterialSummary> materials;
  std::vector<SkinSummary> skins;
  std::vector<AnimationSummary> animations;
};

// How many points the world bounds transform one by one; past it, an instance under a rotation
// or shear adds its transformed local box instead, so a scene of many large instances is quick.
inline constexpr size_t kExactBoundsPointBudget = size_t{1} << 26;

// Walks the node hierarchy without recursion, each node once: cycles and deep trees are safe.
SceneSummary summarize_scene(const Scene& scene,
                             size_t exact_point_budget = kExactBoundsPointBudget);

}  // namespace px
