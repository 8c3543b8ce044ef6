// model/node_tree.h: parents from children lists, roots, ancestry, and cutting cycles.
#include "model/node_tree.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace px {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<Node> nodes_with_children(const std::vector<std::vector<int>>& children) {
  std::vector<Node> nodes(children.size());
  for (size_t i = 0; i < children.size(); ++i) nodes[i].children = children[i];
  return nodes;
}

TEST(NodeTree, TheFirstParentWinsAndBadChildrenAreIgnored) {
  // Node 0 lists 1, itself and 9 (no such node); node 2 lists 1 again and 3.
  std::vector<int> parent = parents_of(nodes_with_children({{1, 0, 9, -1}, {}, {1, 3}, {}}));
  EXPECT_THAT(parent, ElementsAre(-1, 0, -1, 2));
}

TEST(NodeTree, RootsAndAncestry) {
  std::vector<int> parent = parents_of(nodes_with_children({{1}, {2}, {}, {}}));
  EXPECT_EQ(root_of(parent, 2), 0);
  EXPECT_EQ(root_of(parent, 3), 3);
  EXPECT_TRUE(is_ancestor_or_self(parent, 0, 2));
  EXPECT_TRUE(is_ancestor_or_self(parent, 2, 2));
  EXPECT_FALSE(is_ancestor_or_self(parent, 2, 0));
  EXPECT_FALSE(is_ancestor_or_self(parent, 3, 1));
}

TEST(NodeTree, WalksEndOnACycle) {
  std::vector<int> parent = {1, 2, 0};
  EXPECT_GE(root_of(parent, 0), 0);
  EXPECT_FALSE(is_ancestor_or_self(parent, 5, 0));
}

TEST(NodeTree, CuttingCyclesLeavesAForest) {
  // 0 -> 1 -> 2 -> 0 is a cycle, 3 hangs under 1, and 4 <-> 5 is another; 6 is a root.
  std::vector<int> parent = {2, 0, 1, 1, 5, 4, -1};
  std::vector<int> cut = cut_cycles(parent);
  // The walk from 0 goes 0, 2, 1 and back to 0: 0's link closes that cycle.
  EXPECT_THAT(cut, ElementsAre(0, 4));
  EXPECT_THAT(parent, ElementsAre(-1, 0, 1, 1, -1, 4, -1));
  EXPECT_THAT(cut_cycles(parent), IsEmpty());
}

}  // namespace
}  // namespace px
