// SkinReader::bind: JOINT names bound to nodes, by kind (collada.md): an IDREF_array entry to the
// node of that id, a SIDREF_array id/sid address as a channel target's is followed, any other
// name to the node holding that sid breadth-first under each <skeleton> root in turn, then to
// the nearest node anywhere holding it as a sid, then as an id. Where several nodes match, the
// one under the deepest ancestor of the skinned node binds, breadth-first first among those.
#include <algorithm>
#include <map>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/nodes.h"
#include "formats/collada/read/skins.h"
#include "formats/collada/read/xml/numbers.h"
#include "polyxios/ops/node_tree.h"

namespace px::collada {
namespace {

// The nodes by sid and by id, and the ancestry of each (polyxios/ops/node_tree.h): every lookup
// costs the candidates the name has, never a walk of the tree, which a skin of as many joints as
// the tree has nodes would repeat for each.
class NodeTree {
 public:
  explicit NodeTree(const Scene& scene) : ancestry_(scene.nodes) {
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
      const Node& n = scene.nodes[i];
      if (n.sid) by_sid_[*n.sid].push_back(static_cast<int>(i));
      if (n.collada_id) by_id_[*n.collada_id].push_back(static_cast<int>(i));
    }
  }

  const std::vector<int>* with_sid(std::string_view sid) const { return find(by_sid_, sid); }
  const std::vector<int>* with_id(std::string_view id) const { return find(by_id_, id); }

  // The candidate under the deepest common ancestor with `from`, shallowest then first among
  // those; *tie is set when another candidate ranks the same.
  int nearest(const std::vector<int>& candidates, int from, bool* tie) const {
    int best = -1, best_common = -2, best_depth = 0;
    *tie = false;
    for (int c : candidates) {
      const int common = ancestry_.common_depth(c, from);
      const int depth = ancestry_.depth(c);
      if (common > best_common || (common == best_common && depth < best_depth)) {
        best = c;
        best_common = common;
        best_depth = depth;
        *tie = false;
      } else if (common == best_common && depth == best_depth) {
        *tie = true;
      }
    }
    return best;
  }

  // The first node breadth-first under `root` (itself included) whose sid is `sid`: of those
  // under it, the shallowest, then the first in depth-first order, which a breadth-first walk of
  // the reader's tree (each node the child of one) meets first.
  int sid_under(int root, std::string_view sid) const {
    const std::vector<int>* candidates = with_sid(sid);
    if (candidates == nullptr) return -1;
    int best = -1;
    for (int c : *candidates) {
      if (!ancestry_.is_ancestor_or_self(root, c)) continue;
      if (best < 0 || std::pair(ancestry_.depth(c), ancestry_.order(c)) <
                          std::pair(ancestry_.depth(best), ancestry_.order(best))) {
        best = c;
      }
    }
    return best;
  }

  // The node a JOINT name binds for a skin instanced at `from`, under its <skeleton> roots, as
  // the file's head comment says; -1 for none. *tie as nearest() sets it.
  int joint(std::string_view kind, std::string_view name, const std::vector<int>& roots, int from,
            bool* tie) const {
    *tie = false;
    if (kind == "IDREF_array") {
      const std::vector<int>* c = with_id(name);
      return c == nullptr ? -1 : nearest(*c, from, tie);
    }
    if (kind == "SIDREF_array") {
      // id/sid/sid...: the id's node, then each sid breadth-first below the one before.
      size_t slash = name.find('/');
      const std::vector<int>* c = with_id(name.substr(0, slash));
      if (c == nullptr) return -1;
      int node = nearest(*c, from, tie);
      while (node >= 0 && slash != std::string_view::npos) {
        const size_t next = name.find('/', slash + 1);
        node = sid_under(node, name.substr(slash + 1, next - slash - 1));
        slash = next;
      }
      return node;
    }
    for (int root : roots) {
      if (const int node = sid_under(root, name); node >= 0) return node;
    }
    if (const std::vector<int>* c = with_sid(name)) return nearest(*c, from, tie);
    if (const std::vector<int>* c = with_id(name)) return nearest(*c, from, tie);
    return -1;
  }

 private:
  static const std::vector<int>* find(const std::map<std::string, std::vector<int>, std::less<>>& m,
                                      std::string_view key) {
    auto it = m.find(key);
    return it == m.end() ? nullptr : &it->second;
  }
  NodeAncestry ancestry_;
  std::map<std::string, std::vector<int>, std::less<>> by_sid_;
  std::map<std::string, std::vector<int>, std::less<>> by_id_;
};

}  // namespace

// Brings in the <skeleton> roots no visual scene reached, each once, beside the skinned node's
// own root.
absl::Status instance_unreached_skeletons(ReadContext& ctx, const NodeIndex& nodes,
                                          const std::vector<std::pair<int, const Element*>>& uses,
                                          const SkinReader::NodeReaderFn& read_node) {
  Scene& scene = ctx.scene;
  HashMap<const Element*, int> brought;
  // Each skinned node's root and the scenes listing it, found once: a node brought in below is a
  // root of its own, above no skinned node, so neither changes.
  const NodeAncestry tree(scene.nodes);
  HashMap<int, std::vector<size_t>> scenes_of_root;
  for (size_t s = 0; s < scene.scenes.size(); ++s) {
    for (int r : scene.scenes[s]) {
      std::vector<size_t>& listing = scenes_of_root[r];
      if (listing.empty() || listing.back() != s) listing.push_back(s);
    }
  }
  for (const auto& [node, instance] : uses) {
    // An instance in another document's node names that document's nodes.
    ReadContext& doc = document_of(ctx, *instance);
    for (const Element& s : instance->children()) {
      if (s.name != "skeleton") continue;
      std::string_view text = trim_xml_space(s.text);
      const Element* e = find_id(doc, text.starts_with("#") ? text.substr(1) : text);
      if (e == nullptr || e->name != "node" || nodes.copies.contains(e) || brought.contains(e)) {
        continue;
      }
      const int root = tree.root(node);
      absl::StatusOr<int> copy = read_node(*e);
      if (!copy.ok()) return copy.status();
      brought.emplace(e, *copy);
      if (auto listing = scenes_of_root.find(root); listing != scenes_of_root.end()) {
        for (size_t s : listing->second) scene.scenes[s].push_back(*copy);
      }
      doc.warn("collada.skin.skeleton-instanced",
               cat("<skeleton> \"", text,
                   "\" names a node no visual scene holds; it is added "
                   "beside the skinned node"),
               &s);
    }
  }
  return absl::OkStatus();
}

absl::Status SkinReader::bind(const NodeIndex& nodes, const NodeReaderFn& read_node) {
  if (uses_.empty()) return absl::OkStatus();
  Scene& scene = ctx_.scene;
  std::vector<std::pair<int, const Element*>> instances;
  for (const Use& use : uses_) instances.emplace_back(use.node, use.instance);
  if (absl::Status s = instance_unreached_skeletons(ctx_, nodes, instances, read_node); !s.ok()) {
    return s;
  }
  NodeTree tree(scene);
  std::vector<px::Skin>& skins = scene.skins;
  struct Key {
    const Element* controller;
    std::vector<int> joints;
    int skeleton;
    bool operator<(const Key& o) const {
      return std::tie(controller, joints, skeleton) < std::tie(o.controller, o.joints, o.skeleton);
    }
  };
  std::map<Key, int> entries;
  uint64_t bound_joints = 0;
  const uint64_t rebind_cap =
      ReadContext::saturating_product(ctx_.node_cap(), ctx_.options.limits.max_rebinds_per_node);
  size_t ties = 0, unbound = 0;
  for (const Use& use : uses_) {
    absl::StatusOr<const Skin*> skin_or = skin(*use.controller);
    if (!skin_or.ok()) return skin_or.status();
    const Skin& skin = **skin_or;
    // <skeleton> roots, each the copy nearest the skinned node.
    std::vector<int> roots;
    ReadContext& doc = doc_of(*use.instance);
    for (const Element& s : use.instance->children()) {
      if (s.name != "skeleton") continue;
      std::string_view text = trim_xml_space(s.text);
      const Element* e = find_id(doc, text.starts_with("#") ? text.substr(1) : text);
      auto copies = e == nullptr ? nodes.copies.end() : nodes.copies.find(e);
      if (copies == nodes.copies.end()) {
        doc.warn("collada.skin.skeleton-unresolved", cat("<skeleton> \"", text, "\" names no node"),
                 &s);
        continue;
      }
      bool tie = false;
      roots.push_back(tree.nearest(copies->second, use.node, &tie));
    }
    std::vector<int> joints;
    joints.reserve(skin.joint_names.size());
    // A name the skin repeats binds as it did the first time, looked up once.
    HashMap<std::string_view, std::pair<int, bool>> bound;
    for (std::string_view name : skin.joint_names) {
      auto [at, fresh] = bound.try_emplace(name);
      if (fresh) {
        bool tie = false;
        const int node = tree.joint(skin.joint_kind, name, roots, use.node, &tie);
        at->second = {node, tie};
      }
      const auto [node, tie] = at->second;
      ties += tie ? 1 : 0;
      unbound += node < 0 ? 1 : 0;
      joints.push_back(node);
    }
    int skeleton = roots.size() == 1 ? roots[0] : -1;
    Key key{use.controller, joints, skeleton};
    auto [it, inserted] = entries.try_emplace(key, static_cast<int>(skins.size()));
    if (inserted) {
      bound_joints += joints.size();
      if (bound_joints > rebind_cap) {
        return over_budget("collada.skin.rebind-cap", "instance_controller", use.instance->line,
                           "instances bind skin joints afresh too many times");
      }
      uint64_t bytes = std::max<size_t>(skin.inverse_bind.size(), 16 * joints.size()) * 8;
      if (skins.size() > 0 && ctx_.copy_bytes_used + bytes > ctx_.copy_budget()) {
        return over_budget("collada.copies.budget", "instance_controller", use.instance->line,
                           "copies of inverse bind matrices exceed the copy budget");
      }
      ctx_.copy_bytes_used += bytes;
      px::Skin& entry = skins.emplace_back();
      std::string_view name = use.controller->attr("name");
      entry.name.emplace(name.empty() ? use.controller->attr("id") : name);
      entry.joints = joints;
      std::span<double> ibm = scene.arena->allocate<double>(joints.size() * 16);
      for (size_t j = 0; j < joints.size(); ++j) {
        for (size_t k = 0; k < 16; ++k) {
          ibm[j * 16 + k] =
              skin.inverse_bind.empty() ? (k % 5 == 0 ? 1.0 : 0.0) : skin.inverse_bind[j * 16 + k];
        }
      }
      entry.inverse_bind_matrices = Column::of<double>(ibm, 16);
      if (skin.bind_shape) {
        std::span<double> bsm = scene.arena->allocate<double>(16);
        std::copy(skin.bind_shape->begin(), skin.bind_shape->end(), bsm.begin());
        entry.bind_shape_matrix = Column::of<double>(bsm, 16);
      }
      entry.skeleton = skeleton;
    }
    scene.nodes[use.node].skin = it->second;
  }
  if (ties > 0) {
    ctx_.warn("collada.skin.joint-tie",
              cat(ties,
                  " joint names match several nodes equally near the skinned node; the "
                  "first breadth-first binds"));
  }
  if (unbound > 0) {
    ctx_.warn("collada.skin.joint-unbound", cat(unbound, " joint names bind to no node (-1)"));
  }
  return absl::OkStatus();
}

}  // namespace px::collada
