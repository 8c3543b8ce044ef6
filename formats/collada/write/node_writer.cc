#include "formats/collada/write/node_writer.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/write/camera_writer.h"
#include "formats/collada/write/light_writer.h"
#include "formats/collada/write/node_copies.h"
#include "formats/collada/write/node_transforms.h"
#include "formats/collada/write/xml_names.h"
#include "polyxios/hash_containers.h"
#include "polyxios/options.h"

namespace px::collada {
namespace {

// The walk over every scene's nodes, in document order (scenes in order, each node before its
// children), that decides what each node is written as. A node is visited the first time a scene
// reaches it; every later reference instances it. Cycles in Node::children are cut at the link
// that closes them, with a warning, so the walk always ends.
class NodePlanner {
 public:
  NodePlanner(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics)
      : scene_(scene),
        nodes_(plan.nodes),
        ids_(plan.ids),
        diagnostics_(diagnostics),
        state_(scene.nodes.size(), kUnseen),
        references_(scene.nodes.size(), 0),
        matcher_(scene, nodes_.children, nodes_.nodes) {}

  void run();

 private:
  enum State : uint8_t { kUnseen, kOnPath, kDone };
  void reference(int n);  // a written parent or a scene lists n
  void visit(int root);   // n's first reference: plans it and the subtree it writes
  bool plan_as_copy(int n);
  void plan_written(int n);
  void plan_instances(int n);
  void warn_extras(int n);
  void finish();
  std::string generated_id(std::string_view name);

  const Scene& scene_;
  NodesPlan& nodes_;
  IdRegistry& ids_;
  Diagnostics& diagnostics_;
  std::vector<State> state_;
  std::vector<int> references_;          // per written node: the parents and scenes instancing it
  std::vector<int> order_;               // nodes written, in the order visited
  HashMap<std::string, int> id_holder_;  // an original id -> the node writing it
  CopyMatcher matcher_;
};

void NodePlanner::run() {
  const size_t n = scene_.nodes.size();
  nodes_.nodes.assign(n, NodePlan{});
  nodes_.children.assign(n, {});
  nodes_.scene_roots.assign(scene_.scenes.size(), {});
  for (size_t s = 0; s < scene_.scenes.size(); ++s) {
    for (int r : scene_.scenes[s]) {
      if (r < 0 || static_cast<size_t>(r) >= n) {
        diagnostics_.warn("collada.write.scene-root-dropped",
                          "a scene root that names no node is left out");
        continue;
      }
      nodes_.scene_roots[s].push_back(r);
      reference(r);
    }
  }
  finish();
}

void NodePlanner::reference(int n) {
  if (state_[n] == kUnseen) {
    visit(n);
  } else {
    int original = nodes_.nodes[n].copy_of;
    ++references_[original >= 0 ? original : n];
  }
}

void NodePlanner::visit(int root) {
  struct Frame {
    int node;
    size_t next = 0;
  };
  std::vector<Frame> path;
  auto enter = [&](int n) {
    state_[n] = kOnPath;
    nodes_.nodes[n].written = true;
    references_[n] = 1;
    if (plan_as_copy(n)) return;
    plan_written(n);
    path.push_back({n});
  };
  enter(root);
  while (!path.empty()) {
    Frame& f = path.back();
    const std::vector<int>& children = scene_.nodes[f.node].children;
    if (f.next == children.size()) {
      state_[f.node] = kDone;
      path.pop_back();
      continue;
    }
    const int parent = f.node;
    const int c = children[f.next++];
    if (c < 0 || static_cast<size_t>(c) >= scene_.nodes.size()) {
      diagnostics_.warn("collada.write.node-child-dropped",
                        "a node's child that names no node is left out");
      continue;
    }
    if (state_[c] == kOnPath) {
      diagnostics_.warn(
          "collada.write.node-cycle-cut",
          "a node's child that is the node itself or its ancestor would close a cycle; the "
          "link is cut");
      continue;
    }
    nodes_.children[parent].push_back(c);
    if (state_[c] == kUnseen) {
      enter(c);
    } else {
      reference(c);
    }
  }
}

// A node holding the id of a node written before it, and matching its subtree node for node, is
// a copy of it: instanced from it, its subtree not written again.
bool NodePlanner::plan_as_copy(int n) {
  const std::optional<std::string>& id = scene_.nodes[n].collada_id;
  if (!id) return false;
  auto holder = id_holder_.find(*id);
  if (holder == id_holder_.end()) return false;
  const int original = holder->second;
  if (state_[original] != kDone || !matcher_.matches(n, original)) return false;
  state_[n] = kDone;
  nodes_.nodes[n].copy_of = original;
  ++references_[original];
  matcher_.for_each_pair(n, original, [&](int copy, int counterpart) {
    if (state_[copy] != kUnseen) return false;
    state_[copy] = kDone;
    nodes_.nodes[copy].written = true;
    nodes_.nodes[copy].copy_of = counterpart;
    return true;
  });
  return true;
}

void NodePlanner::plan_written(int n) {
  const Node& node = scene_.nodes[n];
  NodePlan& plan = nodes_.nodes[n];
  order_.push_back(n);
  if (const std::optional<std::string>& id = node.collada_id) {
    if (ids_.reserve(*id)) {
      plan.id = *id;
      id_holder_.emplace(plan.id, n);
    } else if (id_holder_.contains(*id)) {
      diagnostics_.warn(
          "collada.write.node-id-repeated",
          "a node holding the id of an earlier node whose subtree it does not match (a "
          "repeated id, or an <instance_node> copy edited after reading) is written in "
          "full under a generated id");
    } else {
      diagnostics_.warn(
          "collada.write.node-id-invalid",
          "a node id that is not an XML name is dropped; a generated one replaces it");
    }
  }
  if (node.sid) {
    if (is_ncname(*node.sid)) {
      plan.sid = *node.sid;
    } else {
      diagnostics_.warn("collada.write.node-sid-invalid",
                        "a node sid that is not an XML name is left out");
    }
  }
  plan.joint = node.joint;
  plan_transforms(node, plan, diagnostics_);
  plan_instances(n);
  if (node.mesh >= 0 && static_cast<size_t>(node.mesh) >= scene_.meshes.size()) {
    diagnostics_.warn("collada.write.node-mesh-dropped",
                      "a node's mesh that names no mesh is left out");
  }
  warn_extras(n);
}

// A node's instances are written when each one's matrix is finite, as the glTF writer keeps them
// (gltf.write.instances-dropped).
void NodePlanner::plan_instances(int n) {
  const Instances& instances = scene_.nodes[n].instances;
  if (instances.empty()) return;
  for (size_t k = 0; k < instances.count; ++k) {
    if (!instances.matrix(k).allFinite()) {
      diagnostics_.warn("collada.write.instances-dropped",
                        cat("node ", n, ": its ", instances.count,
                            " instances are left out, the matrix of instance ", k,
                            " holding NaN or Inf; the node shows its mesh once"));
      return;
    }
  }
  nodes_.nodes[n].instances = true;
}

// Nothing of a node's extras is written.
void NodePlanner::warn_extras(int n) {
  for (const auto& [key, value] : scene_.nodes[n].extras) {
    diagnostics_.warn("collada.write.node-extra-dropped",
                      cat("node extra '", key, "' left out: COLLADA has no place for it"));
  }
}

void NodePlanner::finish() {
  size_t unreached = 0;
  for (State s : state_) unreached += s == kUnseen ? 1 : 0;
  if (unreached > 0) {
    diagnostics_.warn("collada.write.node-unreached",
                      cat(unreached, " nodes no scene reaches are left out"));
  }
  for (int n : order_) {
    NodePlan& plan = nodes_.nodes[n];
    plan.in_library = references_[n] > 1;
    if (plan.in_library) nodes_.library_roots.push_back(n);
    if (plan.id.empty()) plan.id = generated_id(scene_.nodes[n].name);
  }
  const size_t scenes = scene_.scenes.size();
  for (size_t s = 0; s < scenes; ++s) {
    nodes_.visual_scene_ids.push_back(
        ids_.unique(scenes == 1 ? std::string("visual_scene") : cat("scene-", s)));
    if (nodes_.scene_roots[s].empty()) {
      diagnostics_.warn("collada.write.scene-empty",
                        cat("scene ", s,
                            " holds no node; an empty <node> stands in, since a <visual_scene> "
                            "holds at least one"));
    }
  }
}

std::string NodePlanner::generated_id(std::string_view name) {
  return ids_.unique(to_ncname(name, "node"));
}

// The id a reference to n instances: its own, or its original's when it is a copy.
const std::string& instance_id(const NodesPlan& nodes, int n) {
  int original = nodes.nodes[n].copy_of;
  return nodes.nodes[original >= 0 ? original : n].id;
}

bool instanced(const NodesPlan& nodes, int n) {
  return nodes.nodes[n].in_library || nodes.nodes[n].copy_of >= 0;
}

void write_instance_node(const NodesPlan& nodes, int n, XmlWriter& xml) {
  xml.open("instance_node");
  xml.attr("url", cat("#", instance_id(nodes, n)));
  xml.close();
}

// <bind_material>: an <instance_material> per material the geometry's blocks name.
void write_bind_material(const WritePlan& plan, int mesh, XmlWriter& xml) {
  const GeometryPlan& geometry = plan.geometries.geometries[mesh];
  bool opened = false;
  for (int v : geometry.materials) {
    if (v < 0 || static_cast<size_t>(v) >= plan.effects.materials.size()) continue;
    const MaterialPlan& material = plan.effects.materials[v];
    if (material.id.empty()) continue;
    if (!opened) {
      xml.open("bind_material");
      xml.open("technique_common");
      opened = true;
    }
    xml.open("instance_material");
    xml.attr("symbol", material_symbol(v));
    xml.attr("target", cat("#", material.id));
    if (!material.texcoord_symbol.empty() && geometry.texcoord_set >= 0) {
      xml.open("bind_vertex_input");
      xml.attr("semantic", material.texcoord_symbol);
      xml.attr("input_semantic", "TEXCOORD");
      xml.attr("input_set", geometry.texcoord_set);
      xml.close();
    }
    xml.close();
  }
  if (opened) {
    xml.close();
    xml.close();
  }
}

// The node's <instance_controller> or <instance_geometry>, when the plans hold what it names.
void write_mesh_instance(const Node& node, int n, const WritePlan& plan, XmlWriter& xml) {
  if (node.mesh < 0 || static_cast<size_t>(node.mesh) >= plan.geometries.geometries.size()) {
    return;
  }
  const std::vector<int>& node_controller = plan.controllers.node_controller;
  const int controller = static_cast<size_t>(n) < node_controller.size() ? node_controller[n] : -1;
  if (controller >= 0 && static_cast<size_t>(controller) < plan.controllers.controllers.size()) {
    const ControllerPlan& c = plan.controllers.controllers[controller];
    xml.open("instance_controller");
    xml.attr("url", cat("#", c.id));
    for (const std::string& url : c.skeleton_urls) xml.element("skeleton", url);
  } else if (plan.morphs.of_mesh(node.mesh) != nullptr) {
    xml.open("instance_controller");
    xml.attr("url", cat("#", plan.morphs.instanced(n, node.mesh).first));
  } else {
    const std::string& id = plan.geometries.geometries[node.mesh].id;
    if (id.empty()) return;
    xml.open("instance_geometry");
    xml.attr("url", cat("#", id));
  }
  write_bind_material(plan, node.mesh, xml);
  xml.close();
}

// COLLADA has no instancing: each of the node's instances is a child <node> of its instance
// transform, showing the node's geometry or controller.
void write_instance_nodes(const Node& node, int n, const WritePlan& plan, XmlWriter& xml) {
  for (size_t k = 0; k < node.instances.count; ++k) {
    xml.open("node");
    xml.attr("name", cat(plan.nodes.nodes[n].id, "-instance-", k));
    const Eigen::Matrix4d m = node.instances.matrix(k);
    std::array<double, 16> row_major;
    for (int i = 0; i < 16; ++i) row_major[i] = m(i / 4, i % 4);
    xml.open("matrix");
    xml.numbers(std::span<const double>(row_major));
    xml.close();
    write_mesh_instance(node, n, plan, xml);
    xml.close();
  }
}

// Opens n's <node> and writes everything it holds before its child <node>s.
void open_node(const Scene& scene, const WritePlan& plan, int n, XmlWriter& xml) {
  const Node& node = scene.nodes[n];
  const NodePlan& p = plan.nodes.nodes[n];
  xml.open("node");
  xml.attr("id", p.id);
  if (!node.name.empty()) xml.attr("name", node.name);
  if (!p.sid.empty()) xml.attr("sid", p.sid);
  if (p.joint) xml.attr("type", "JOINT");
  for (const TransformElement& e : p.transforms) {
    xml.open(e.kind);
    if (!e.sid.empty()) xml.attr("sid", e.sid);
    xml.numbers(e.values);
    xml.close();
  }
  // The schema's order: cameras, controllers and geometries, lights, then nodes.
  write_instance_camera(plan, n, xml);
  if (!p.instances) write_mesh_instance(node, n, plan, xml);
  write_instance_light(plan, n, xml);
  for (int c : plan.nodes.children[n]) {
    if (instanced(plan.nodes, c)) write_instance_node(plan.nodes, c, xml);
  }
  if (p.instances) write_instance_nodes(node, n, plan, xml);
}

// Visits root's <node> element and the child <node>s written below it, depth first without
// recursion: enter(n, depth) as each opens (root at 1), leave() as each closes.
template <class Enter, class Leave>
void walk_tree(const NodesPlan& nodes, int root, Enter enter, Leave leave) {
  struct Frame {
    int node;
    size_t next = 0;
  };
  std::vector<Frame> path;
  enter(root, size_t{1});
  path.push_back({root});
  while (!path.empty()) {
    Frame& f = path.back();
    const std::vector<int>& children = nodes.children[f.node];
    while (f.next < children.size() && instanced(nodes, children[f.next])) ++f.next;
    if (f.next == children.size()) {
      leave();
      path.pop_back();
      continue;
    }
    const int c = children[f.next++];
    enter(c, path.size() + 1);
    path.push_back({c});
  }
}

// n's <node> and the child <node>s below it.
void write_tree(const Scene& scene, const WritePlan& plan, int root, XmlWriter& xml) {
  walk_tree(
      plan.nodes, root, [&](int n, size_t) { open_node(scene, plan, n, xml); },
      [&] { xml.close(); });
}

// How deep a reader lets elements nest (Limits::max_depth's default, xml.depth), the root at 1.
constexpr size_t kReaderDepth = Limits{}.max_depth;

// How deep what a node's element holds may nest below it: its transform elements, a camera, a
// light or an <instance_node> one level; a geometry or controller instance five (bind_material,
// technique_common, instance_material, bind_vertex_input); each instance a <node> holding one,
// six.
size_t content_depth(const Scene& scene, const NodePlan& plan, int n) {
  if (plan.instances) return 6;
  const int mesh = scene.nodes[n].mesh;
  return mesh >= 0 && static_cast<size_t>(mesh) < scene.meshes.size() ? 5 : 1;
}

// A tree nested deeper than a reader takes back is refused rather than written: a glTF
// hierarchy can be as deep as it has nodes. Library nodes sit below <COLLADA> and
// <library_nodes>, a scene's below <library_visual_scenes> and <visual_scene> too.
absl::Status check_depth(const Scene& scene, const NodesPlan& nodes) {
  absl::Status status;
  auto check = [&](int root, size_t above) {
    walk_tree(
        nodes, root,
        [&](int n, size_t depth) {
          const size_t deepest = above + depth + content_depth(scene, nodes.nodes[n], n);
          if (deepest > kReaderDepth && status.ok()) {
            status = refuse(
                "collada.write.node-depth",
                cat("node ", n, " is ", depth, " deep in its tree, which would nest ", deepest,
                    " elements deep in the document; a COLLADA read takes ", kReaderDepth));
          }
        },
        [] {});
  };
  for (int n : nodes.library_roots) check(n, 2);
  for (const std::vector<int>& roots : nodes.scene_roots) {
    for (int r : roots) {
      if (!instanced(nodes, r)) check(r, 3);
    }
  }
  return status;
}

// A written node's matrix that is not finite is refused, as the glTF writer refuses it
// (gltf.write.non-finite): no reader could take its text back as the node's transform.
absl::Status check_matrices(const Scene& scene, const NodesPlan& nodes) {
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    const NodePlan& plan = nodes.nodes[n];
    if (plan.written && plan.copy_of < 0 && !scene.nodes[n].matrix.allFinite()) {
      return refuse("collada.write.non-finite", cat("node ", n, ": its matrix holds NaN or Inf"));
    }
  }
  return absl::OkStatus();
}

// Warns once for the instances expanded into nodes, and once for the custom instance attributes
// COLLADA has no place for, naming them.
void warn_instances(const Scene& scene, const NodesPlan& plan, Diagnostics& diagnostics) {
  size_t instances = 0;
  size_t nodes = 0;
  std::vector<std::string> dropped;
  for (size_t n = 0; n < scene.nodes.size(); ++n) {
    const Instances& in = scene.nodes[n].instances;
    const NodePlan& p = plan.nodes[n];
    // A copy's instances are its original's, written (or left out) there.
    if (in.empty() || !p.written || (p.copy_of < 0 && !p.instances)) continue;
    instances += in.count;
    ++nodes;
    for (const NamedColumn& c : in.custom) {
      if (std::find(dropped.begin(), dropped.end(), c.name) == dropped.end()) {
        dropped.push_back(c.name);
      }
    }
  }
  if (instances > 0) {
    diagnostics.warn("collada.write.instances-expanded",
                     cat(instances, " instances of ", nodes,
                         " nodes are written as child <node>s: COLLADA has no instancing"));
  }
  if (!dropped.empty()) {
    std::string names;
    for (const std::string& name : dropped) names += names.empty() ? name : cat(", ", name);
    diagnostics.warn(
        "collada.write.instance-attribute-dropped",
        cat("custom instance attributes left out, COLLADA has no place for them: ", names));
  }
}

}  // namespace

absl::Status plan_nodes(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  NodePlanner(scene, plan, diagnostics).run();
  warn_instances(scene, plan.nodes, diagnostics);
  if (absl::Status s = check_matrices(scene, plan.nodes); !s.ok()) return s;
  return check_depth(scene, plan.nodes);
}

void write_nodes(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  const NodesPlan& nodes = plan.nodes;
  if (!nodes.library_roots.empty()) {
    xml.open("library_nodes");
    for (int n : nodes.library_roots) write_tree(scene, plan, n, xml);
    xml.close();
  }
  if (nodes.visual_scene_ids.empty()) return;
  xml.open("library_visual_scenes");
  for (size_t s = 0; s < nodes.visual_scene_ids.size(); ++s) {
    xml.open("visual_scene");
    xml.attr("id", nodes.visual_scene_ids[s]);
    for (int r : nodes.scene_roots[s]) {
      if (instanced(nodes, r)) {
        // A visual scene holds only <node>s: a wrapper holds the instance.
        xml.open("node");
        write_instance_node(nodes, r, xml);
        xml.close();
      } else {
        write_tree(scene, plan, r, xml);
      }
    }
    if (nodes.scene_roots[s].empty()) {
      xml.open("node");
      xml.close();
    }
    xml.close();
  }
  xml.close();
  // A scene without a default one (glTF's without "scene") shows its first, as the reader takes
  // a document without <scene>; some readers (three.js) need the <scene> to show anything.
  int default_scene = scene.default_scene;
  if (default_scene < 0 || static_cast<size_t>(default_scene) >= nodes.visual_scene_ids.size()) {
    default_scene = 0;
  }
  if (!nodes.visual_scene_ids.empty()) {
    xml.open("scene");
    xml.open("instance_visual_scene");
    xml.attr("url", cat("#", nodes.visual_scene_ids[default_scene]));
    xml.close();
    xml.close();
  }
}

}  // namespace px::collada
