// polyxios/ops/node_tree.h: parents from children lists, cutting cycles, and every node's root,
// depth, depth-first place and common ancestors found at once (NodeAncestry).
#include "polyxios/ops/node_tree.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>

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
  const NodeAncestry tree(nodes_with_children({{1}, {2}, {}, {}}));
  EXPECT_EQ(tree.root(2), 0);
  EXPECT_EQ(tree.root(3), 3);
  EXPECT_EQ(tree.depth(2), 2);
  EXPECT_EQ(tree.parent(2), 1);
  EXPECT_TRUE(tree.is_ancestor_or_self(0, 2));
  EXPECT_TRUE(tree.is_ancestor_or_self(2, 2));
  EXPECT_FALSE(tree.is_ancestor_or_self(2, 0));
  EXPECT_FALSE(tree.is_ancestor_or_self(3, 1));
  EXPECT_EQ(tree.common_depth(2, 1), 1);
  EXPECT_EQ(tree.common_depth(2, 2), 2);
  EXPECT_EQ(tree.common_depth(1, 3), -1);
}

TEST(NodeTree, AncestryCutsACycleAndTakesAChildListedTwiceOnce) {
  // 0 -> 1 -> 2 -> 0 closes a cycle, cut at 0's link (cut_cycles); 1 lists 2 twice.
  const NodeAncestry tree(nodes_with_children({{1}, {2, 2}, {0, 3}, {}}));
  EXPECT_EQ(tree.parent(0), -1);
  EXPECT_EQ(tree.root(3), 0);
  EXPECT_EQ(tree.depth(3), 3);
  EXPECT_EQ(tree.order(3), 3);
  EXPECT_TRUE(tree.is_ancestor_or_self(1, 3));
  EXPECT_FALSE(tree.is_ancestor_or_self(2, 0));
}

// Each answer against a walk up the parent links, over random forests whose children are listed
// out of index order: roots, depths, ancestry, common depths, and the first node breadth-first
// under a node among those of one depth being the first in depth-first order.
TEST(NodeTree, AncestryAnswersAsWalksUpTheTreeDo) {
  std::mt19937 random(34);
  for (int round = 0; round < 20; ++round) {
    const int n = 1 + static_cast<int>(random() % 60);
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), random);
    // order[k] hangs under an earlier order[j], or starts a tree.
    std::vector<std::vector<int>> children(n);
    for (int k = 1; k < n; ++k) {
      if (random() % 5 == 0) continue;
      children[order[random() % k]].push_back(order[k]);
    }
    const std::vector<Node> nodes = nodes_with_children(children);
    const std::vector<int> parent = parents_of(nodes);
    const NodeAncestry tree(nodes);
    auto path_up = [&](int a) {
      std::vector<int> path;
      for (; a >= 0; a = parent[a]) path.push_back(a);
      return path;
    };
    for (int a = 0; a < n; ++a) {
      const std::vector<int> up_a = path_up(a);
      EXPECT_EQ(tree.root(a), up_a.back());
      EXPECT_EQ(tree.depth(a), static_cast<int>(up_a.size()) - 1);
      for (int b = 0; b < n; ++b) {
        const std::vector<int> up_b = path_up(b);
        EXPECT_EQ(tree.is_ancestor_or_self(a, b),
                  std::find(up_b.begin(), up_b.end(), a) != up_b.end());
        int common = -1;
        for (int x : up_b) {
          if (std::find(up_a.begin(), up_a.end(), x) != up_a.end()) {
            common = tree.depth(x);
            break;
          }
        }
        EXPECT_EQ(tree.common_depth(a, b), common) << a << " " << b;
      }
      // Breadth-first from a: each node met after those shallower, and before the later ones
      // of its depth in depth-first order.
      std::deque<int> queue{a};
      int last = a;
      while (!queue.empty()) {
        const int x = queue.front();
        queue.pop_front();
        if (x != a) {
          EXPECT_TRUE(tree.depth(x) > tree.depth(last) ||
                      (tree.depth(x) == tree.depth(last) && tree.order(x) > tree.order(last)));
        }
        last = x;
        for (int c : children[x]) queue.push_back(c);
      }
    }
  }
}

TEST(NodeTree, AncestryOfAChainAsDeepAsItHasNodes) {
  constexpr int kDepth = 200000;
  std::vector<std::vector<int>> children(kDepth);
  for (int i = 0; i + 1 < kDepth; ++i) children[i] = {i + 1};
  const NodeAncestry tree(nodes_with_children(children));
  EXPECT_EQ(tree.root(kDepth - 1), 0);
  EXPECT_EQ(tree.depth(kDepth - 1), kDepth - 1);
  EXPECT_TRUE(tree.is_ancestor_or_self(1, kDepth - 1));
  EXPECT_EQ(tree.common_depth(kDepth - 1, kDepth / 2), kDepth / 2);
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
