// The nodes a scene's scenes reach, for corpus tests comparing what a COLLADA write holds (only
// those) with what a read gave.
#pragma once

#include <vector>

#include "polyxios/scene/scene.h"

namespace px::test_support {

// reached[n]: node n is a root of some scene or below one (children out of range are skipped).
inline std::vector<bool> reached_nodes(const Scene& scene) {
  std::vector<bool> out(scene.nodes.size(), false);
  std::vector<int> stack;
  for (const std::vector<int>& roots : scene.scenes) {
    stack.insert(stack.end(), roots.begin(), roots.end());
  }
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    if (n < 0 || static_cast<size_t>(n) >= out.size() || out[n]) continue;
    out[n] = true;
    stack.insert(stack.end(), scene.nodes[n].children.begin(), scene.nodes[n].children.end());
  }
  return out;
}

}  // namespace px::test_support
