// Parent links of a scene's nodes, from Node::children, cutting the links that close a cycle, and
// every node's root, depth and ancestry computed at once (NodeAncestry).
#pragma once

#include <vector>

#include "polyxios/scene/scene.h"

namespace px {

// Each node's parent, -1 for none: the first node listing a child is its parent; children out of
// range and a node listing itself are ignored.
std::vector<int> parents_of(const std::vector<Node>& nodes);

// Walks up from every node; where a walk comes back to a node of its own path, that node's link
// to its parent closes a cycle: it is cut (its parent set to -1) and the node listed, in the order
// found. Afterwards the links form a forest.
std::vector<int> cut_cycles(std::vector<int>& parent);

// Every node's root, depth and place in the forest, found in one pass over the nodes, so that a
// question about one costs O(1) (a common ancestor's depth O(log n)) however deep its tree: a walk
// up to the root from each joint or node costs the depth each time, quadratic over a hierarchy as
// deep as it has nodes. The forest is parents_of's, with the links closing a cycle cut
// (cut_cycles); a node's children are taken in the order it lists them.
class NodeAncestry {
 public:
  explicit NodeAncestry(const std::vector<Node>& nodes);

  int parent(int n) const { return parent_[n]; }
  // The topmost ancestor of n (n itself when it has no parent).
  int root(int n) const { return root_[n]; }
  // 0 for a root.
  int depth(int n) const { return depth_[n]; }
  // n's place in a depth-first walk of the forest, each node before its children: the roots by
  // index, each node's children in their listed order. Among the nodes of one depth under a
  // node, it is the order a breadth-first walk from that node meets them.
  int order(int n) const { return order_[n]; }
  // True when ancestor is n or above it.
  bool is_ancestor_or_self(int ancestor, int n) const {
    return order_[ancestor] <= order_[n] && order_[n] < order_[ancestor] + size_[ancestor];
  }
  // The depth of the deepest node at or above both a and b; -1 when their trees differ.
  int common_depth(int a, int b) const;

 private:
  std::vector<int> parent_;
  std::vector<int> root_;
  std::vector<int> depth_;
  std::vector<int> order_;
  std::vector<int> size_;  // of each node's subtree, itself included
  // The depths in depth-first order, as a bottom-up segment tree of minima: leaves at
  // [n, 2n), each inner node i the least of 2i and 2i + 1.
  std::vector<int> min_depth_;
};

}  // namespace px
