#include "model/node_tree.h"

#include <cstdint>

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

int root_of(const std::vector<int>& parent, int n) {
  for (size_t steps = 0; parent[n] >= 0 && steps < parent.size(); ++steps) n = parent[n];
  return n;
}

bool is_ancestor_or_self(const std::vector<int>& parent, int ancestor, int n) {
  for (size_t steps = 0; n >= 0 && steps <= parent.size(); ++steps, n = parent[n]) {
    if (n == ancestor) return true;
  }
  return false;
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

}  // namespace px
