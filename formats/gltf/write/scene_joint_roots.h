// The roots a scene takes for the joints of the skinned nodes it shows: the validator rejects a
// skinned node in a scene that lacks its skin's joints, so the root above each missing joint joins
// the scene's roots (gltf.write.scene-joints-added).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "formats/gltf/write/skin_writer.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

// Found once for every scene: each node's tree (its root), each tree's skinned nodes by index,
// and each written skin's trees, each with the first of its joints there, in joint order. A
// scene then costs the trees it reaches, their skinned nodes and those nodes' joint trees, never
// a walk of the nodes per scene or up the tree per joint.
class SceneJointRoots {
 public:
  // parent: each node's parent, -1 for a root, with no cycle; skins: as SkinWriter::node_skins.
  SceneJointRoots(const std::vector<int>& parent, const NodeSkins& skins);

  // Adds to `roots` (scene's, each a tree's root) the root of each tree holding a joint of a
  // skinned node the scene reaches, added roots reaching further skinned nodes in turn. Skinned
  // nodes are looked at as passes by index would meet them, a pass going on while it adds a
  // root (one reached behind a pass waits for the next), each node once.
  void add(size_t scene, std::vector<int>& roots, Diagnostics& diagnostics);

 private:
  const NodeSkins& skins_;
  std::vector<int> tree_;                                      // per node: its root
  std::vector<std::vector<int>> skinned_;                      // per root: its skinned nodes
  std::vector<std::vector<std::pair<int, int>>> joint_trees_;  // per skin: (tree, first joint)
  std::vector<size_t> reached_;  // per root: 1 + the last scene reaching it, 0 for none
};

}  // namespace px::gltf
