#include "formats/gltf/read/read_nodes.h"

#include <Eigen/Geometry>
#include <cmath>
#include <cstdint>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/read/read_lights.h"
#include "polyxios/ops/node_tree.h"

namespace px::gltf {
namespace {

// A child reference dropped to keep the nodes a forest: a loop (kDropped), or a second parent.
constexpr std::string_view kDropped = "gltf.read.node-reference-dropped";
constexpr std::string_view kParentOverride = "gltf.read.node-parent-override";
// A scene root dropped: another node's child, or listed twice.
constexpr std::string_view kSceneNodeNotRoot = "gltf.read.scene-node-not-root";
constexpr std::string_view kSceneNodeDuplicate = "gltf.read.scene-node-duplicate";

absl::Status read_transform(ReadContext& ctx, const JsonObject& json, Node& node) {
  if (json.has("matrix")) {
    if (json.has("translation") || json.has("rotation") || json.has("scale")) {
      ctx.warn("gltf.read.node-trs-ignored",
               cat(json.pointer(),
                   ": translation, rotation and scale beside a matrix are "
                   "ignored"));
    }
    std::array<double, 16> m;
    PX_GLTF_TRY(json.get("matrix", m));
    node.matrix = Eigen::Map<const Eigen::Matrix4d>(m.data());  // both column-major
    return absl::OkStatus();
  }
  std::array<double, 3> t = {0, 0, 0};
  std::array<double, 4> r = {0, 0, 0, 1};
  std::array<double, 3> s = {1, 1, 1};
  PX_GLTF_TRY(json.get("translation", t));
  PX_GLTF_TRY(json.get("rotation", r));
  PX_GLTF_TRY(json.get("scale", s));
  Eigen::Quaterniond q(r[3], r[0], r[1], r[2]);
  const double norm = q.norm();
  if (!(norm > 0) || !std::isfinite(norm)) {
    ctx.warn("gltf.read.rotation-replaced",
             cat(json.pointer("rotation"),
                 ": a rotation of zero or non-finite length reads as "
                 "none"));
    q = Eigen::Quaterniond::Identity();
  } else if (std::abs(norm - 1) > 1e-3) {
    ctx.warn("gltf.read.rotation-normalized",
             cat(json.pointer("rotation"), ": a rotation of length ", norm, " is normalized"));
  }
  q.normalize();
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() = q.toRotationMatrix() * Eigen::Vector3d(s[0], s[1], s[2]).asDiagonal();
  m.topRightCorner<3, 1>() = Eigen::Vector3d(t[0], t[1], t[2]);
  node.matrix = m;
  return absl::OkStatus();
}

absl::Status read_node(ReadContext& ctx, const JsonObject& json,
                       const std::vector<std::optional<Light>>& lights, Node& node) {
  const size_t nodes = ctx.count(Top::kNodes);
  PX_GLTF_TRY(json.get("name", node.name));
  PX_GLTF_TRY(json.get_index("mesh", ctx.count(Top::kMeshes), node.mesh));
  PX_GLTF_TRY(read_transform(ctx, json, node));
  absl::StatusOr<const JsonValue*> children = json.array("children");
  if (!children.ok()) return children.status();
  if (*children != nullptr) {
    for (rapidjson::SizeType i = 0; i < (*children)->Size(); ++i) {
      std::optional<uint64_t> child = json_uint((**children)[i]);
      const std::string at = child_pointer(json.pointer("children"), i);
      if (!child) return refuse(kJsonType, cat(at, " is not an index"));
      if (*child >= nodes) {
        return refuse(kUnresolved, cat(at, " is ", *child, ", but there are ", nodes, " nodes"));
      }
      node.children.push_back(static_cast<int>(*child));
    }
  }
  int camera = -1;
  PX_GLTF_TRY(json.get_index("camera", ctx.count(Top::kCameras), camera));
  PX_GLTF_TRY(json.get_index("skin", ctx.count(Top::kSkins), node.skin));
  if (camera >= 0) {
    absl::StatusOr<JsonObject> c = ctx.entry(Top::kCameras, camera);
    if (!c.ok()) return c.status();
    absl::StatusOr<Value> value = ctx.value(c->json(), c->pointer());
    if (!value.ok()) return value.status();
    node.camera = static_cast<int>(ctx.scene().cameras.size());
    ctx.scene().cameras.push_back(camera_from_gltf(value->as_map()));
  }
  PX_GLTF_TRY(ctx.keep(json, "extras", node.extras));
  return read_node_light(ctx, json, lights, node);
}

// Drops child references that are the node itself or a second parent, then the reference that
// closes each cycle, so that the nodes form a forest.
void make_forest(ReadContext& ctx) {
  std::vector<Node>& nodes = ctx.scene().nodes;
  const int n = static_cast<int>(nodes.size());
  std::vector<int> parent(n, -1);
  for (int i = 0; i < n; ++i) {
    size_t at = 0;  // the reference's place in the node's "children", for a second parent's pointer
    std::erase_if(nodes[i].children, [&](int c) {
      const size_t place = at++;
      if (c != i && parent[c] < 0) {
        parent[c] = i;
        return false;
      }
      if (c == i) {
        ctx.warn(kDropped,
                 cat("/nodes/", i, ": child ", c, " is the node itself; the reference is dropped"));
      } else {
        ctx.warn(kParentOverride, cat("/nodes/", i, "/children/", place, ": child ", c,
                                      " already has a parent; the reference is dropped"));
      }
      return true;
    });
  }
  const std::vector<int> listed_by = parent;  // cut_cycles cuts links in parent
  for (int i : cut_cycles(parent)) {
    const int p = listed_by[i];
    ctx.warn(kDropped, cat("/nodes/", p, ": child ", i,
                           " makes the node its own ancestor; the reference is dropped"));
    std::erase(nodes[p].children, i);
  }
}

// A node's "weights" override its mesh's default morph weights: they become the mesh's when the
// node is the only one showing it, else the node's own (Node::morph_weights) where they differ
// from the mesh's. Weights that are not one finite number per target of the mesh are dropped
// (gltf.read.node-weights-invalid).
void read_node_weights(ReadContext& ctx) {
  std::vector<Node>& nodes = ctx.scene().nodes;
  std::vector<Mesh>& meshes = ctx.scene().meshes;
  std::vector<int> shown(meshes.size(), 0);
  for (const Node& n : nodes) {
    if (n.mesh >= 0 && static_cast<size_t>(n.mesh) < meshes.size()) ++shown[n.mesh];
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kNodes, i);
    if (!json.ok()) continue;
    const JsonValue* weights = json->find("weights");
    if (weights == nullptr) continue;
    const int mesh = nodes[i].mesh;
    const size_t targets = mesh >= 0 && static_cast<size_t>(mesh) < meshes.size()
                               ? meshes[mesh].morph_targets.size()
                               : 0;
    std::vector<double> values;
    bool ok = targets > 0 && weights->IsArray() && weights->Size() == targets;
    for (rapidjson::SizeType k = 0; ok && k < weights->Size(); ++k) {
      ok = (*weights)[k].IsNumber() && std::isfinite((*weights)[k].GetDouble());
      if (ok) values.push_back((*weights)[k].GetDouble());
    }
    if (!ok) {
      ctx.warn("gltf.read.node-weights-invalid",
               cat(json->pointer("weights"),
                   ": not one finite number per morph target of the node's mesh; dropped"));
      continue;
    }
    if (shown[mesh] == 1) {
      meshes[mesh].morph_weights = std::move(values);
    } else if (values != meshes[mesh].morph_weights) {
      nodes[i].morph_weights = std::move(values);
    }
  }
}

}  // namespace

absl::Status read_nodes(ReadContext& ctx) {
  std::vector<Node>& nodes = ctx.scene().nodes;
  absl::StatusOr<std::vector<std::optional<Light>>> lights = read_punctual_lights(ctx);
  if (!lights.ok()) return lights.status();
  PX_GLTF_TRY(ctx.resize(nodes, Top::kNodes));
  for (size_t i = 0; i < nodes.size(); ++i) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kNodes, i);
    if (!json.ok()) return json.status();
    PX_GLTF_TRY(read_node(ctx, *json, *lights, nodes[i]));
  }
  make_forest(ctx);
  read_node_weights(ctx);
  return absl::OkStatus();
}

absl::Status read_scenes(ReadContext& ctx) {
  Scene& scene = ctx.scene();
  const size_t nodes = scene.nodes.size();
  std::vector<bool> is_child(nodes, false);
  for (const Node& node : scene.nodes) {
    for (int c : node.children) is_child[c] = true;
  }
  PX_GLTF_TRY(ctx.resize(scene.scenes, Top::kScenes));
  std::vector<size_t> root_of_scene(nodes, SIZE_MAX);  // the scene a node is a root of so far
  for (size_t s = 0; s < scene.scenes.size(); ++s) {
    absl::StatusOr<JsonObject> json = ctx.entry(Top::kScenes, s);
    if (!json.ok()) return json.status();
    absl::StatusOr<const JsonValue*> roots = json->array("nodes");
    if (!roots.ok()) return roots.status();
    if (*roots == nullptr) continue;
    for (rapidjson::SizeType i = 0; i < (*roots)->Size(); ++i) {
      std::optional<uint64_t> root = json_uint((**roots)[i]);
      const std::string at = child_pointer(json->pointer("nodes"), i);
      if (!root) return refuse(kJsonType, cat(at, " is not an index"));
      if (*root >= nodes) {
        return refuse(kUnresolved, cat(at, " is ", *root, ", but there are ", nodes, " nodes"));
      }
      std::vector<int>& list = scene.scenes[s];
      const int r = static_cast<int>(*root);
      if (is_child[r] || root_of_scene[r] == s) {
        ctx.warn(
            is_child[r] ? kSceneNodeNotRoot : kSceneNodeDuplicate,
            cat(at, ": node ", r, is_child[r] ? " is another node's child" : " is listed twice",
                "; dropped from the scene's roots"));
        continue;
      }
      list.push_back(r);
      root_of_scene[r] = s;
    }
  }
  scene.default_scene = -1;
  PX_GLTF_TRY(ctx.root().get_index("scene", scene.scenes.size(), scene.default_scene));
  return absl::OkStatus();
}

}  // namespace px::gltf
