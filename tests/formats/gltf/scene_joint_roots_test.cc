// formats/gltf/write/scene_joint_roots.h: the roots a scene takes for the joints of the skinned
// nodes it shows, in the order passes over the nodes by index meet them, each root once.
#include "formats/gltf/write/scene_joint_roots.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace px::gltf {
namespace {

using ::testing::ElementsAre;

TEST(SceneJointRoots, PassesMeetSkinnedNodesByIndexAndTakeEachTreeOnce) {
  // Single-node trees 0 to 4, and tree 5 > 6. Node 4 is skinned by joints 1, 3, 6 and 5 (tree 5
  // twice: its first joint, 6, names it); node 1 by joint 0; node 3 by joint 2.
  const std::vector<int> parent = {-1, -1, -1, -1, -1, -1, 5};
  NodeSkins skins;
  skins.of_node = {-1, 1, -1, 2, 0, -1, -1};
  skins.joints = {{1, 3, 6, 5}, {0}, {2}};
  SceneJointRoots joint_roots(parent, skins);
  // The scene shows node 4: its joints' trees join, 1, 3 and 5; the pass has then passed nodes 1
  // and 3, which the next meets: 0 for node 1, then 2 for node 3.
  std::vector<int> roots = {4};
  Diagnostics diagnostics;
  joint_roots.add(0, roots, diagnostics);
  EXPECT_THAT(roots, ElementsAre(4, 1, 3, 5, 0, 2));
  EXPECT_EQ(diagnostics.count("gltf.write.scene-joints-added"), 5);
  // Another scene starts afresh: showing node 3 and tree 2 already, it takes nothing.
  std::vector<int> second = {3, 2};
  joint_roots.add(1, second, diagnostics);
  EXPECT_THAT(second, ElementsAre(3, 2));
  // Showing node 1, it takes tree 0, which holds no skinned node.
  std::vector<int> third = {1};
  joint_roots.add(2, third, diagnostics);
  EXPECT_THAT(third, ElementsAre(1, 0));
}

}  // namespace
}  // namespace px::gltf
