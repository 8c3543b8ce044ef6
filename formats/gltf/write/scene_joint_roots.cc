#include "formats/gltf/write/scene_joint_roots.h"

#include <set>

#include "engine/strings.h"

namespace px::gltf {

SceneJointRoots::SceneJointRoots(const std::vector<int>& parent, const NodeSkins& skins)
    : skins_(skins),
      tree_(parent.size(), -1),
      skinned_(parent.size()),
      joint_trees_(skins.joints.size()),
      reached_(parent.size(), 0) {
  // Each node's root, the path up to a node already known taken once: every node is set once.
  std::vector<int> path;
  for (size_t start = 0; start < parent.size(); ++start) {
    int n = static_cast<int>(start);
    for (; tree_[n] < 0 && parent[n] >= 0; n = parent[n]) path.push_back(n);
    const int root = tree_[n] >= 0 ? tree_[n] : n;
    tree_[n] = root;
    for (int p : path) tree_[p] = root;
    path.clear();
  }
  for (size_t i = 0; i < skins.of_node.size(); ++i) {
    if (skins.of_node[i] >= 0) skinned_[tree_[i]].push_back(static_cast<int>(i));
  }
  std::vector<size_t> seen(parent.size(), 0);  // 1 + the skin that last met the tree
  for (size_t s = 0; s < skins.joints.size(); ++s) {
    for (int joint : skins.joints[s]) {
      const int tree = tree_[joint];
      if (seen[tree] == s + 1) continue;
      seen[tree] = s + 1;
      joint_trees_[s].emplace_back(tree, joint);
    }
  }
}

void SceneJointRoots::add(size_t scene, std::vector<int>& roots, Diagnostics& diagnostics) {
  std::set<int> waiting;  // skinned nodes reached, not yet looked at
  auto reach = [&](int root) {
    reached_[root] = scene + 1;
    waiting.insert(skinned_[root].begin(), skinned_[root].end());
  };
  for (int r : roots) reach(r);
  for (int pass_at = 0; !waiting.empty();) {
    auto next = waiting.lower_bound(pass_at);
    if (next == waiting.end()) next = waiting.begin();  // the next pass
    const int i = *next;
    waiting.erase(next);
    pass_at = i + 1;
    for (const auto& [tree, joint] : joint_trees_[skins_.of_node[i]]) {
      if (reached_[tree] == scene + 1) continue;
      diagnostics.warn("gltf.write.scene-joints-added",
                       cat("scene ", scene, ": node ", tree,
                           " joins its roots, since it holds joint ", joint, " of the skin node ",
                           i, " binds, and glTF wants a skinned node's joints in its scene"));
      roots.push_back(tree);
      reach(tree);
    }
  }
}

}  // namespace px::gltf
