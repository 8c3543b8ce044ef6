#include "formats/collada/write/controller_writer.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>

#include "engine/strings.h"
#include "formats/collada/write/morph_writer.h"
#include "formats/collada/write/skin_entry.h"
#include "formats/collada/write/xml_names.h"
#include "polyxios/hash_containers.h"
#include "polyxios/ops/node_tree.h"

namespace px::collada {
namespace {

constexpr std::string_view kSkinDropped = "collada.write.skin-dropped";

bool written(const NodesPlan& nodes, int n) {
  return n >= 0 && static_cast<size_t>(n) < nodes.nodes.size() && nodes.nodes[n].written;
}

// The node whose written element stands for n: n itself, or the node it was read as a copy of.
int element_of(const NodesPlan& nodes, int n) {
  for (size_t hops = 0; hops < nodes.nodes.size(); ++hops) {
    const int original = nodes.nodes[n].copy_of;
    if (original < 0 || static_cast<size_t>(original) >= nodes.nodes.size()) break;
    n = original;
  }
  return n;
}

const std::string& sid_of(const NodesPlan& nodes, int n) {
  return nodes.nodes[element_of(nodes, n)].sid;
}
const std::string& id_of(const NodesPlan& nodes, int n) {
  return nodes.nodes[element_of(nodes, n)].id;
}

// The skins every controller is built from, each read and checked once; `why` is empty for a
// skin that can be written.
struct Skins {
  std::vector<SkinEntry> entries;
  std::vector<std::string> why;
};

Skins read_skins(const Scene& scene, const NodesPlan& nodes) {
  Skins out;
  out.entries.resize(scene.skins.size());
  for (size_t s = 0; s < scene.skins.size(); ++s) {
    out.why.push_back(read_skin_entry(scene.skins[s], scene, nodes, &out.entries[s]));
  }
  return out;
}

void warn_dropped_influences(const InfluenceCounts& counts, int mesh, int skin,
                             Diagnostics& diagnostics) {
  if (counts.bad_weights > 0) {
    diagnostics.warn("collada.write.skin-weight-dropped",
                     cat(counts.bad_weights, " negative or non-finite weights of mesh ", mesh,
                         " under skin ", skin, " are dropped"));
  }
  if (counts.unlisted_joints > 0) {
    diagnostics.warn("collada.write.skin-joint-unlisted",
                     cat(counts.unlisted_joints, " weights of mesh ", mesh, " on joints skin ",
                         skin, " does not list are dropped"));
  }
}

// One controller per distinct (mesh, skin) a written node with a mesh names; every other node
// instances its geometry. A skin no such node names, or that cannot be written, is left out.
void collect_controllers(const Scene& scene, const Skins& skins, WritePlan& plan,
                         Diagnostics& diagnostics) {
  ControllersPlan& out = plan.controllers;
  std::vector<bool> named(skins.entries.size(), false);
  std::map<std::pair<int, int>, int> by_pair;  // (mesh, skin) -> controller, -1 when left out
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const Node& node = scene.nodes[i];
    const int s = node.skin;
    if (s < 0 || !written(plan.nodes, static_cast<int>(i)) || node.mesh < 0 ||
        static_cast<size_t>(node.mesh) >= scene.meshes.size()) {
      continue;
    }
    if (static_cast<size_t>(s) >= skins.entries.size()) {
      diagnostics.warn(kSkinDropped,
                       cat("node ", i, " names no skin of the scene; it instances its geometry"));
      continue;
    }
    named[s] = true;
    // A copy is written as an <instance_node> of its original, whose controller it shows.
    if (plan.nodes.nodes[i].copy_of >= 0 || !skins.why[s].empty()) continue;
    auto [at, inserted] = by_pair.try_emplace({node.mesh, s}, -1);
    if (inserted) {
      MeshInfluences influences;
      if (std::string why = find_mesh_influences(scene.meshes[node.mesh], &influences);
          !why.empty()) {
        diagnostics.warn(kSkinDropped, cat("skin ", s, " on mesh ", node.mesh, " left out: ", why,
                                           "; its nodes instance their geometry"));
        continue;
      }
      ControllerPlan c;
      c.mesh = node.mesh;
      c.skin = s;
      InfluenceCounts counts =
          for_each_influence(influences, skins.entries[s].joints.size(), [](auto...) {});
      warn_dropped_influences(counts, node.mesh, c.skin, diagnostics);
      c.influences = counts.written;
      at->second = static_cast<int>(out.controllers.size());
      out.controllers.push_back(std::move(c));
      out.mesh_skinned[node.mesh] = true;
    }
    out.node_controller[i] = at->second;
  }
  for (size_t s = 0; s < skins.entries.size(); ++s) {
    if (!skins.why[s].empty()) {
      diagnostics.warn(kSkinDropped, cat("skin ", s, " left out: ", skins.why[s],
                                         "; its nodes instance their geometry"));
    } else if (!named[s]) {
      diagnostics.warn(kSkinDropped,
                       cat("skin ", s, " left out: no written node with a mesh names it"));
    }
  }
}

// Every joint of a written controller becomes a JOINT node with a sid: its own, else its id,
// else a fresh one.
void give_joints_sids(const Scene& scene, const Skins& skins, NodesPlan& nodes,
                      const std::vector<ControllerPlan>& controllers) {
  HashSet<std::string> sids;
  for (const NodePlan& n : nodes.nodes) {
    if (!n.sid.empty()) sids.insert(n.sid);
  }
  for (const ControllerPlan& c : controllers) {
    for (int j : skins.entries[c.skin].joints) {
      const int e = element_of(nodes, j);
      NodePlan& p = nodes.nodes[e];
      p.joint = true;
      if (!p.sid.empty()) continue;
      if (!p.id.empty()) {
        p.sid = p.id;
      } else {
        const std::string base = to_ncname(scene.nodes[e].name, "joint");
        p.sid = base;
        for (int k = 2; sids.contains(p.sid); ++k) p.sid = cat(base, "-", k);
      }
      sids.insert(p.sid);
    }
  }
}

// Answers "is n, or a node above it, one `accepts` takes?" for many n, walking each node's path
// up once; a path that comes back to itself (a cycle) answers no.
class AtOrBelow {
 public:
  AtOrBelow(const std::vector<int>& parent, std::function<bool(int)> accepts)
      : parent_(parent), accepts_(std::move(accepts)) {}
  bool operator()(int n) {
    path_.clear();
    bool result = false;
    for (int a = n; a >= 0 && path_.size() <= parent_.size(); a = parent_[a]) {
      if (auto it = known_.find(a); it != known_.end()) {
        result = it->second;
        break;
      }
      path_.push_back(a);
      if (accepts_(a)) {
        result = true;
        break;
      }
    }
    for (int a : path_) known_[a] = result;
    return result;
  }

 private:
  const std::vector<int>& parent_;
  std::function<bool(int)> accepts_;
  HashMap<int, bool> known_;
  std::vector<int> path_;
};

// The <skeleton> roots: the skin's skeleton when it is an ancestor of every joint, else every
// joint whose parent is not a joint of the skin.
std::vector<int> skeleton_roots(const SkinEntry& skin, const std::vector<int>& parent,
                                const NodesPlan& nodes) {
  const int s = skin.skeleton;
  AtOrBelow below_skeleton(parent, [s](int a) { return a == s; });
  if (written(nodes, s) &&
      std::all_of(skin.joints.begin(), skin.joints.end(), std::ref(below_skeleton))) {
    return {s};
  }
  const HashSet<int> joints(skin.joints.begin(), skin.joints.end());
  HashSet<int> taken;
  std::vector<int> roots;
  for (int j : skin.joints) {
    if (!joints.contains(parent[j]) && taken.insert(j).second) roots.push_back(j);
  }
  return roots;
}

// A Name_array of sids binds back when each joint's sid is held by that node alone under the
// <skeleton> roots and no joint sits under a node written once in <library_nodes> and instanced
// more than once (whose copies share its sids); else the joints are named by id.
bool joints_bind_by_sid(const Scene& scene, const SkinEntry& skin, const std::vector<int>& roots,
                        const std::vector<int>& parent, const NodesPlan& nodes) {
  AtOrBelow under_library(parent, [&](int a) { return nodes.nodes[a].in_library; });
  if (std::any_of(skin.joints.begin(), skin.joints.end(), std::ref(under_library))) return false;
  HashMap<std::string_view, int> holders;
  std::vector<bool> seen(scene.nodes.size(), false);
  std::deque<int> queue(roots.begin(), roots.end());
  while (!queue.empty()) {
    const int n = queue.front();
    queue.pop_front();
    if (seen[n]) continue;
    seen[n] = true;
    if (const std::string& sid = sid_of(nodes, n); !sid.empty()) ++holders[sid];
    for (int c : scene.nodes[n].children) {
      if (c >= 0 && static_cast<size_t>(c) < scene.nodes.size()) queue.push_back(c);
    }
  }
  return std::all_of(skin.joints.begin(), skin.joints.end(), [&](int j) {
    auto it = holders.find(sid_of(nodes, j));
    return it != holders.end() && it->second == 1;
  });
}

// The controller's id: after the skin's name, else the mesh's, taken as they are when free.
std::string controller_id(const Scene& scene, const SkinEntry& skin, int mesh, IdRegistry& ids) {
  if (!skin.name.empty()) return ids.unique(to_ncname(skin.name, "skin"));
  const Value* name = find_value(scene.meshes[mesh].global_attrs, "mesh_name");
  if (name != nullptr && name->is_string() && !name->as_string().empty()) {
    return ids.unique(cat(to_ncname(name->as_string(), "mesh"), "-skin"));
  }
  return ids.unique("skin");
}

ControllerPlan::SourceIds source_ids(const std::string& controller, std::string_view kind,
                                     IdRegistry& ids) {
  ControllerPlan::SourceIds out;
  out.source = ids.unique(cat(controller, "-", kind));
  out.array = ids.unique(cat(out.source, "-array"));
  return out;
}

// <source> of one accessor param over an array of `count` entries of `stride` values; `values`
// writes the array's content.
template <class Values>
void write_source(XmlWriter& xml, const ControllerPlan::SourceIds& ids, std::string_view array,
                  size_t count, size_t stride, std::string_view param, std::string_view type,
                  Values&& values) {
  xml.open("source");
  xml.attr("id", ids.source);
  xml.open(array);
  xml.attr("id", ids.array);
  xml.attr("count", count * stride);
  values();
  xml.close();
  xml.open("technique_common");
  xml.open("accessor");
  xml.attr("source", cat("#", ids.array));
  xml.attr("count", count);
  xml.attr("stride", stride);
  xml.open("param");
  xml.attr("name", param);
  xml.attr("type", type);
  xml.close();
  xml.close();
  xml.close();
  xml.close();
}

void write_matrices(XmlWriter& xml, std::span<const double> values, bool float32) {
  for (double v : values) {
    if (float32) {
      xml.number(static_cast<float>(v));
    } else {
      xml.number(v);
    }
  }
}

void write_input(XmlWriter& xml, std::string_view semantic, const std::string& source, int offset) {
  xml.open("input");
  xml.attr("semantic", semantic);
  xml.attr("source", cat("#", source));
  if (offset >= 0) xml.attr("offset", offset);
  xml.close();
}

void write_controller(const Scene& scene, const WritePlan& plan, const ControllerPlan& c,
                      std::string_view geometry, XmlWriter& xml) {
  SkinEntry skin;
  read_skin_entry(scene.skins[c.skin], scene, plan.nodes, &skin);  // checked by the plan
  MeshInfluences influences;
  find_mesh_influences(scene.meshes[c.mesh], &influences);
  const size_t joints = skin.joints.size();
  xml.open("controller");
  xml.attr("id", c.id);
  if (!skin.name.empty()) xml.attr("name", skin.name);
  xml.open("skin");
  xml.attr("source", cat("#", geometry));
  if (skin.bind_shape) {
    xml.open("bind_shape_matrix");
    xml.numbers(std::span<const double>(*skin.bind_shape));
    xml.close();
  }
  write_source(xml, c.joints_source, c.joints_by_sid ? "Name_array" : "IDREF_array", joints, 1,
               "JOINT", c.joints_by_sid ? "name" : "IDREF", [&] {
                 for (size_t j = 0; j < c.joint_names.size(); ++j) {
                   if (j > 0) xml.text(" ");
                   xml.text(c.joint_names[j]);
                 }
               });
  write_source(xml, c.bind_poses_source, "float_array", joints, 16, "TRANSFORM", "float4x4", [&] {
    if (!skin.inverse_bind.empty()) {
      write_matrices(xml, skin.inverse_bind, skin.inverse_bind_float32);
      return;
    }
    for (size_t j = 0; j < joints; ++j) {
      for (int k = 0; k < 16; ++k) xml.integer(k % 5 == 0 ? 1 : 0);
    }
  });
  const bool weights_float32 = influences.sets.front().weights->holds<float>();
  write_source(xml, c.weights_source, "float_array", c.influences, 1, "WEIGHT", "float", [&] {
    for_each_influence(influences, joints, [&](size_t, int64_t, double weight) {
      if (weights_float32) {
        xml.number(static_cast<float>(weight));
      } else {
        xml.number(weight);
      }
    });
  });
  xml.open("joints");
  write_input(xml, "JOINT", c.joints_source.source, -1);
  write_input(xml, "INV_BIND_MATRIX", c.bind_poses_source.source, -1);
  xml.close();
  // Every mesh vertex is a position of the geometry, so a vertex's index is its position's.
  const size_t vertices = influences.rows();
  xml.open("vertex_weights");
  xml.attr("count", vertices);
  write_input(xml, "JOINT", c.joints_source.source, 0);
  write_input(xml, "WEIGHT", c.weights_source.source, 1);
  std::vector<int32_t> vcount(vertices, 0);
  for_each_influence(influences, joints, [&](size_t vertex, int64_t, double) { ++vcount[vertex]; });
  xml.open("vcount");
  xml.integers(vcount);
  xml.close();
  xml.open("v");
  int64_t weight = 0;
  for_each_influence(influences, joints, [&](size_t, int64_t joint, double) {
    xml.integer(joint);
    xml.integer(weight++);
  });
  xml.close();
  xml.close();  // vertex_weights
  xml.close();  // skin
  xml.close();  // controller
}

}  // namespace

absl::Status plan_controllers(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  ControllersPlan& out = plan.controllers;
  out.node_controller.assign(scene.nodes.size(), -1);
  out.mesh_skinned.assign(scene.meshes.size(), false);
  if (plan.nodes.nodes.size() != scene.nodes.size()) return absl::OkStatus();
  const Skins skins = read_skins(scene, plan.nodes);
  collect_controllers(scene, skins, plan, diagnostics);
  give_joints_sids(scene, skins, plan.nodes, out.controllers);
  const std::vector<int> parent = parents_of(scene.nodes);
  for (ControllerPlan& c : out.controllers) {
    const SkinEntry& skin = skins.entries[c.skin];
    const std::vector<int> roots = skeleton_roots(skin, parent, plan.nodes);
    HashSet<int> elements;  // copies of one element share its URL
    for (int r : roots) {
      if (!id_of(plan.nodes, r).empty() && elements.insert(element_of(plan.nodes, r)).second) {
        c.skeleton_urls.push_back(cat("#", id_of(plan.nodes, r)));
      }
    }
    c.joints_by_sid = joints_bind_by_sid(scene, skin, roots, parent, plan.nodes);
    for (int j : skin.joints) {
      c.joint_names.push_back(c.joints_by_sid ? sid_of(plan.nodes, j) : id_of(plan.nodes, j));
    }
    c.id = controller_id(scene, skin, c.mesh, plan.ids);
    c.joints_source = source_ids(c.id, "joints", plan.ids);
    c.bind_poses_source = source_ids(c.id, "bind_poses", plan.ids);
    c.weights_source = source_ids(c.id, "weights", plan.ids);
  }
  return absl::OkStatus();
}

void write_controllers(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  // A controller skins its mesh's <geometry> (or the morph of it); none is written before the
  // geometry has an id.
  auto geometry_id = [&](const ControllerPlan& c) -> std::string_view {
    const std::vector<GeometryPlan>& geometries = plan.geometries.geometries;
    if (static_cast<size_t>(c.mesh) >= geometries.size()) return {};
    if (geometries[c.mesh].id.empty()) return {};
    if (const MorphControllerPlan* morph = plan.morphs.of_mesh(c.mesh)) return morph->id;
    return geometries[c.mesh].id;
  };
  const std::vector<ControllerPlan>& controllers = plan.controllers.controllers;
  if (plan.morphs.morphs.empty() &&
      std::none_of(controllers.begin(), controllers.end(),
                   [&](const ControllerPlan& c) { return !geometry_id(c).empty(); })) {
    return;
  }
  xml.open("library_controllers");
  write_morph_controllers(scene, plan, xml);
  for (const ControllerPlan& c : controllers) {
    if (!geometry_id(c).empty()) write_controller(scene, plan, c, geometry_id(c), xml);
  }
  xml.close();
}

}  // namespace px::collada
