#include "tools/scene_summary.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>

#include "polyxios/scene/animation.h"

namespace px {

namespace {

std::optional<std::string> string_at(const ValueMap& map, std::string_view key) {
  const Value* v = find_value(map, key);
  if (v == nullptr || !v->is_string()) return std::nullopt;
  return v->as_string();
}

MeshSummary summarize_mesh(const Mesh& mesh) {
  MeshSummary out;
  out.name = string_at(mesh.global_attrs, "mesh_name");
  out.counts = mesh_counts(mesh);
  for (const NamedColumn& column : mesh.point_data) out.attributes.push_back(column.name);
  for (int32_t m : mesh.materials()) {
    if (m >= 0) out.materials.push_back(m);
  }
  std::sort(out.materials.begin(), out.materials.end());
  out.materials.erase(std::unique(out.materials.begin(), out.materials.end()), out.materials.end());
  out.bounds = point_bounds(mesh.points);
  return out;
}

MaterialSummary summarize_material(const Material& material) {
  MaterialSummary out;
  out.name = material.name;
  if (material.shading != Shading::kUnset)
    out.shading = std::string(shading_name(material.shading));
  out.alpha_mode = material.alpha_mode;
  out.alpha_cutoff = material.alpha_cutoff;
  out.double_sided = material.double_sided;
  const std::pair<std::string_view, const TextureRef*> slots[] = {
      {"baseColorTexture", &material.base_color_texture},
      {"metallicRoughnessTexture", &material.metallic_roughness_texture},
      {"normalTexture", &material.normal_texture},
      {"occlusionTexture", &material.occlusion_texture},
      {"emissiveTexture", &material.emissive_texture},
  };
  for (const auto& [slot, ref] : slots) {
    if (ref->present()) out.textures.emplace_back(slot, ref->texture);
  }
  return out;
}

SkinSummary summarize_skin(const Skin& skin) {
  return SkinSummary{skin.name, static_cast<int64_t>(skin.joints.size())};
}

AnimationSummary summarize_animation(const Animation& animation) {
  AnimationSummary out;
  out.name = animation.name_or_empty();
  out.channels = static_cast<int64_t>(animation.channels.size());
  for (const std::optional<AnimationSampler>& sampler : animation.samplers) {
    if (!sampler || sampler->times.cols == 0) continue;
    ++out.samplers;
    out.keys += static_cast<int64_t>(sampler->times.rows);
    for (size_t k = 0; k < sampler->times.rows; ++k) {
      const double t = sampler->times.get(k, 0);
      if (!std::isfinite(t)) continue;
      out.start = out.start ? std::min(*out.start, t) : t;
      out.end = out.end ? std::max(*out.end, t) : t;
    }
  }
  // A COLLADA clip plays its window, whatever keys lie outside it.
  if (animation.clip) {
    out.start = animation.clip->start;
    out.end = animation.clip->end;
  }
  return out;
}

// True when each row of the linear part has at most one non-zero entry (a scale, a mirror, an
// axis permutation): the transformed local box is then the exact box of the transformed points.
bool keeps_axes(const Eigen::Matrix4d& world) {
  for (int r = 0; r < 3; ++r) {
    int nonzero = 0;
    for (int c = 0; c < 3; ++c) nonzero += world(r, c) != 0 ? 1 : 0;
    if (nonzero > 1) return false;
  }
  return true;
}

// The point as to_polydata places it: the world matrix's top three rows applied to (p, 1).
void add_transformed(const Eigen::Matrix4d& world, double x, double y, double z, Bounds& out) {
  Eigen::Vector3d p =
      world.topLeftCorner<3, 3>() * Eigen::Vector3d(x, y, z) + world.topRightCorner<3, 1>();
  out.add(p[0], p[1], p[2]);
}

class WorldBounds {
 public:
  WorldBounds(const Scene& scene, size_t budget, SceneSummary& summary)
      : scene_(scene), budget_(budget), summary_(summary) {}

  void add_instance(int mesh, const Eigen::Matrix4d& world) {
    MeshSummary& shown = summary_.meshes[mesh];
    ++shown.instances;
    if (shown.bounds.empty()) return;
    const size_t points = scene_.meshes[mesh].num_points();
    if (!keeps_axes(world) && points <= budget_) {
      budget_ -= points;
      const Column& p = scene_.meshes[mesh].points;
      for (size_t v = 0; v < points; ++v) {
        add_transformed(world, p.get(v, 0), p.get(v, 1), p.get(v, 2), summary_.bounds);
      }
      return;
    }
    if (!keeps_axes(world)) summary_.bounds_exact = false;
    const Bounds& b = shown.bounds;
    for (int corner = 0; corner < 8; ++corner) {
      add_transformed(world, (corner & 1) ? b.max[0] : b.min[0], (corner & 2) ? b.max[1] : b.min[1],
                      (corner & 4) ? b.max[2] : b.min[2], summary_.bounds);
    }
  }

 private:
  const Scene& scene_;
  size_t budget_;
  SceneSummary& summary_;
};

// The roots of the shown scene: the default one, or every scene when default_scene is -1.
std::vector<int> shown_roots(const Scene& scene) {
  std::vector<int> roots;
  for (size_t s = 0; s < scene.scenes.size(); ++s) {
    if (scene.default_scene >= 0 && static_cast<int>(s) != scene.default_scene) continue;
    roots.insert(roots.end(), scene.scenes[s].begin(), scene.scenes[s].end());
  }
  return roots;
}

void add_world_bounds(const Scene& scene, size_t budget, SceneSummary& summary) {
  WorldBounds bounds(scene, budget, summary);
  std::vector<char> seen(scene.nodes.size(), 0);
  std::vector<std::pair<int, Eigen::Matrix4d>> stack;
  for (int root : shown_roots(scene)) stack.emplace_back(root, Eigen::Matrix4d::Identity());
  while (!stack.empty()) {
    auto [n, parent] = stack.back();
    stack.pop_back();
    if (n < 0 || static_cast<size_t>(n) >= scene.nodes.size() || seen[n]) continue;
    seen[n] = 1;  // a node listed twice, or closing a cycle, is walked once
    const Node& node = scene.nodes[n];
    const Eigen::Matrix4d world = parent * node.matrix;
    if (node.mesh >= 0 && static_cast<size_t>(node.mesh) < scene.meshes.size()) {
      bounds.add_instance(node.mesh, world);
    }
    for (int child : node.children) stack.emplace_back(child, world);
  }
}

AssetSummary summarize_asset(const Asset& asset) {
  AssetSummary out;
  out.generator = asset.generator ? asset.generator : asset.authoring_tool;
  out.version = asset.version;
  out.up_axis = asset.up_axis;
  if (asset.unit) {
    out.unit_name = asset.unit->name;
    out.unit_meters = asset.unit->meter;
  }
  return out;
}

}  // namespace

SceneSummary summarize_scene(const Scene& scene, size_t exact_point_budget) {
  SceneSummary out;
  out.stats = scene_stats(scene);
  out.asset = summarize_asset(scene.asset);
  for (const Camera& camera : scene.cameras) {
    out.camera_list.push_back({camera.name.value_or(""), camera_type_name(camera.type)});
  }
  for (const Light& light : scene.lights) {
    out.light_list.push_back({light.name, light_type_name(light.type)});
  }
  for (const Node& node : scene.nodes) {
    if (node.camera >= 0 || node.unresolved_camera) ++out.cameras;
    if (node.light >= 0 || node.unresolved_light) ++out.lights;
  }
  if (scene.default_scene >= 0 && static_cast<size_t>(scene.default_scene) < scene.scenes.size()) {
    out.default_scene = scene.default_scene;
  }
  for (const Mesh& mesh : scene.meshes) out.meshes.push_back(summarize_mesh(mesh));
  for (const Material& material : scene.materials) {
    out.materials.push_back(summarize_material(material));
  }
  for (const Skin& skin : scene.skins) out.skins.push_back(summarize_skin(skin));
  for (const Animation& animation : scene.animations) {
    out.animations.push_back(summarize_animation(animation));
  }
  add_world_bounds(scene, exact_point_budget, out);
  return out;
}

}  // namespace px
