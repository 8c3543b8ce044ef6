#include "formats/gltf/write/node_writer.h"

#include <cstdint>

#include "absl/status/statusor.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/write/node_transform.h"
#include "formats/gltf/write/scene_joint_roots.h"
#include "formats/gltf/write/value_json.h"
#include "polyxios/ops/node_tree.h"

namespace px::gltf {
namespace {

constexpr std::string_view kDropped = "gltf.write.node-reference-dropped";

struct Forest {
  std::vector<std::vector<int>> children;
  std::vector<std::vector<int>> roots;  // per scene
};

absl::StatusOr<Forest> plan_forest(const Scene& scene, const NodeSkins& skins,
                                   Diagnostics& diagnostics) {
  const int n = static_cast<int>(scene.nodes.size());
  Forest forest;
  forest.children.resize(n);
  std::vector<int> parent(n, -1);
  for (int i = 0; i < n; ++i) {
    for (int c : scene.nodes[i].children) {
      if (c < 0 || c >= n || c == i || parent[c] >= 0) {
        diagnostics.warn(kDropped, cat("node ", i, ": child ", c,
                                       c < 0 || c >= n ? " does not exist"
                                       : c == i        ? " is the node itself"
                                                       : " already has a parent",
                                       "; left out"));
        continue;
      }
      parent[c] = i;
      forest.children[i].push_back(c);
    }
  }
  std::vector<int> links = parent;
  if (std::vector<int> cut = cut_cycles(links); !cut.empty()) {
    return refuse("gltf.write.node-cycle", cat("node ", cut.front(), " is its own ancestor"));
  }
  std::vector<size_t> root_of_scene(n, SIZE_MAX);  // the scene a node is a root of so far
  SceneJointRoots joint_roots(parent, skins);
  for (size_t s = 0; s < scene.scenes.size(); ++s) {
    std::vector<int>& roots = forest.roots.emplace_back();
    for (int r : scene.scenes[s]) {
      std::string why;
      if (r < 0 || r >= n) {
        why = "does not exist";
      } else if (parent[r] >= 0) {
        why = cat("is a child of node ", parent[r]);
      } else if (root_of_scene[r] == s) {
        why = "is listed twice";
      }
      if (!why.empty()) {
        diagnostics.warn(kDropped, cat("scene ", s, ": root node ", r, " ", why, "; left out"));
        continue;
      }
      roots.push_back(r);
      root_of_scene[r] = s;
    }
    joint_roots.add(s, roots, diagnostics);
  }
  return forest;
}

void write_indices(JsonWriter& json, std::string_view key, const std::vector<int>& indices) {
  if (indices.empty()) return;  // glTF forbids empty arrays
  json.key(key);
  json.start_array();
  for (int i : indices) json.integer(i);
  json.end_array();
}

// A glTF read's "extras" go back out, with the node's ambient light as their "light" member;
// anything else (a format's own key) is left out with a warning. The node's COLLADA fields (its
// id, sid, JOINT type and transform elements) have no glTF slot and are not missed.
void write_node_extras(JsonWriter& json, size_t index, const Node& node, const Light* ambient,
                       Diagnostics& diagnostics) {
  const Value* extras = find_value(node.extras, "extras");
  if (ambient != nullptr && extras != nullptr &&
      (!extras->is_map() || find_value(extras->as_map(), "light") != nullptr)) {
    diagnostics.warn("gltf.write.light-dropped",
                     cat("node ", index,
                         ": its ambient light is left out: its extras are not an "
                         "object, or already hold a \"light\""));
    ambient = nullptr;
  }
  if (ambient != nullptr) {
    json.key("extras");
    json.start_object();
    if (extras != nullptr) {
      for (const auto& [key, value] : extras->as_map()) {
        json.key(key);
        write_value(json, value);
      }
    }
    json.key("light");
    write_light_json(json, *ambient);
    json.end_object();
  }
  for (const auto& [key, value] : node.extras) {
    if (key == "extras") {
      if (ambient != nullptr) continue;
      json.key("extras");
      write_value(json, value);
    } else {
      diagnostics.warn("gltf.write.node-extra-dropped",
                       cat("node ", index, ": '", key, "' left out: glTF has no slot for it"));
    }
  }
}

// The node's own default morph weights (glTF's node.weights) where they differ from its mesh's;
// left out with gltf.write.node-weights-dropped when they are not one finite number per target of
// a mesh whose targets are written.
void write_node_weights(JsonWriter& json, size_t index, const Node& node, const Mesh& mesh,
                        Diagnostics& diagnostics) {
  if (node.morph_weights.empty() || node.morph_weights == mesh.morph_weights) return;
  const bool fits = !mesh.morph_targets.empty() && mesh.morph_targets_valid() &&
                    node.morph_weights.size() == mesh.morph_targets.size() &&
                    all_finite(node.morph_weights);
  if (!fits) {
    diagnostics.warn("gltf.write.node-weights-dropped",
                     cat("node ", index,
                         ": its morph weights left out: not one finite number "
                         "per morph target its mesh writes"));
    return;
  }
  json.key("weights");
  json.start_array();
  for (double w : node.morph_weights) json.number(w);
  json.end_array();
}

}  // namespace

absl::Status write_nodes_json(const Scene& scene, const std::vector<int>& mesh_index,
                              const NodeSkins& skins, const std::vector<bool>& animated,
                              const CameraWriter& cameras, const LightWriter& lights,
                              const InstanceWriter& instances, JsonWriter& json,
                              Diagnostics& diagnostics) {
  absl::StatusOr<Forest> forest = plan_forest(scene, skins, diagnostics);
  if (!forest.ok()) return forest.status();
  if (scene.default_scene >= 0 && static_cast<size_t>(scene.default_scene) < scene.scenes.size()) {
    json.key("scene");
    json.integer(scene.default_scene);
  }
  if (!forest->roots.empty()) {
    json.key("scenes");
    json.start_array();
    for (const std::vector<int>& roots : forest->roots) {
      json.start_object();
      write_indices(json, "nodes", roots);
      json.end_object();
    }
    json.end_array();
  }
  if (scene.nodes.empty()) return absl::OkStatus();
  json.key("nodes");
  json.start_array();
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const Node& node = scene.nodes[i];
    json.start_object();
    if (!node.name.empty()) {
      json.key("name");
      json.string(node.name);
    }
    if (!node.matrix.allFinite()) {
      return refuse("gltf.write.non-finite", cat("node ", i, ": matrix holds NaN or Inf"));
    }
    const NodeTransform transform = node_transform(node.matrix, i < animated.size() && animated[i]);
    if (transform.lost_shear) {
      diagnostics.warn("gltf.write.matrix-shear-lost",
                       cat("node ", i,
                           ": the shear or projection of its matrix, which glTF "
                           "cannot hold, is lost"));
    }
    write_node_transform(json, transform);
    if (node.mesh >= 0) {
      int mesh = static_cast<size_t>(node.mesh) < mesh_index.size() ? mesh_index[node.mesh] : -1;
      if (mesh >= 0) {
        json.key("mesh");
        json.integer(mesh);
        write_node_weights(json, i, node, scene.meshes[node.mesh], diagnostics);
      } else if (static_cast<size_t>(node.mesh) >= mesh_index.size()) {
        diagnostics.warn(kDropped,
                         cat("node ", i, ": mesh ", node.mesh, " does not exist; left out"));
      }
    }
    if (i < skins.of_node.size() && skins.of_node[i] >= 0) {
      json.key("skin");
      json.integer(skins.of_node[i]);
    }
    if (int camera = cameras.node_camera(i); camera >= 0) {
      json.key("camera");
      json.integer(camera);
    }
    const int light = lights.node_light(i);
    if (light >= 0 || instances.node_has(i)) {
      json.key("extensions");
      json.start_object();
      if (light >= 0) {
        json.key("KHR_lights_punctual");
        json.start_object();
        json.key("light");
        json.integer(light);
        json.end_object();
      }
      if (instances.node_has(i)) instances.write_node(i, json);
      json.end_object();
    }
    write_indices(json, "children", forest->children[i]);
    write_node_extras(json, i, node, lights.node_ambient(i), diagnostics);
    json.end_object();
  }
  json.end_array();
  return absl::OkStatus();
}

}  // namespace px::gltf
