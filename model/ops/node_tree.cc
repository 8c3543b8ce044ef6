#include "polyxios/ops/node_tree.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

namespace px {

std::vector<int> parents_of(const std::vector<Node>& nodes) {
  std::vector<int> parent(nodes.size(), -1);
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (int c : nodes[i].children) {
      if (c >= 0 && static_cast<size_t>(c) < nodes.size() && static_cast<size_t>(c) != i &&
          parent[c] < 0) {
        parent[c] = static_cast<int>(i);
      }
    }
  }
  return parent;
}

std::vector<int> cut_cycles(std::vector<int>& parent) {
  // Every node of a cycle has a parent, so walking up from each node finds any.
  enum : uint8_t { kUnseen, kOnPath, kDone };
  std::vector<uint8_t> state(parent.size(), kUnseen);
  std::vector<int> path;
  std::vector<int> cut;
  for (size_t start = 0; start < parent.size(); ++start) {
    path.clear();
    int i = static_cast<int>(start);
    while (i >= 0 && state[i] == kUnseen) {
      state[i] = kOnPath;
      path.push_back(i);
      i = parent[i];
    }
    if (i >= 0 && state[i] == kOnPath) {
      cut.push_back(i);
      parent[i] = -1;
    }
    for (int k : path) state[k] = kDone;
  }
  return cut;
}

NodeAncestry::NodeAncestry(const std::vector<Node>& nodes)
    : parent_(parents_of(nodes)),
      root_(nodes.size(), -1),
      depth_(nodes.size(), 0),
      order_(nodes.size(), -1),
      size_(nodes.size(), 1),
      min_depth_(2 * nodes.size(), 0) {
  cut_cycles(parent_);
  const int n = static_cast<int>(nodes.size());
  int next_order = 0;
  // Depth-first by an explicit stack of (node, its next child to look at): no recursion, however
  // deep the tree.
  std::vector<std::pair<int, size_t>> stack;
  for (int r = 0; r < n; ++r) {
    if (parent_[r] >= 0) continue;
    root_[r] = r;
    order_[r] = next_order++;
    stack.emplace_back(r, 0);
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      const std::vector<int>& children = nodes[node].children;
      if (next == children.size()) {
        size_[node] = next_order - order_[node];
        stack.pop_back();
        continue;
      }
      const int c = children[next++];
      // Only the child this node is the parent of, once (a node may list it twice).
      if (c < 0 || c >= n || parent_[c] != node || order_[c] >= 0) continue;
      root_[c] = root_[node];
      depth_[c] = depth_[node] + 1;
      order_[c] = next_order++;
      stack.emplace_back(c, 0);
    }
  }
  for (int i = 0; i < n; ++i) min_depth_[n + order_[i]] = depth_[i];
  for (int i = n - 1; i > 0; --i) {
    min_depth_[i] = std::min(min_depth_[2 * i], min_depth_[2 * i + 1]);
  }
}

int NodeAncestry::common_depth(int a, int b) const {
  if (a == b) return depth_[a];
  if (root_[a] != root_[b]) return -1;
  // Between a and b in depth-first order (b's place included, a's not) lie only nodes under their
  // deepest common ancestor, among them its child on the way to the later one: the least depth
  // there is one below the ancestor's.
  int lo = std::min(order_[a], order_[b]) + 1;
  int hi = std::max(order_[a], order_[b]) + 1;  // one past
  const int n = static_cast<int>(order_.size());
  int least = std::numeric_limits<int>::max();
  for (lo += n, hi += n; lo < hi; lo /= 2, hi /= 2) {
    if (lo & 1) least = std::min(least, min_depth_[lo++]);
    if (hi & 1) least = std::min(least, min_depth_[--hi]);
  }
  return least - 1;
}

}  // namespace px
