// Recognising the copies the COLLADA reader makes of an <instance_node>: it reads the instanced
// <node> again at every place that instances it, so each copy holds the same ids, names, matrices,
// meshes and extras as the first, node for node. A node holding the id of a node written before it
// and matching its subtree so is instanced from that node again (spec collada.md, Writing).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "formats/collada/write/node_plan.h"
#include "polyxios/hash_containers.h"
#include "polyxios/scene/scene.h"
#include "polyxios/scene/value.h"

namespace px::collada {

// Deep equality of two values: same type and same content (columns by dtype, shape and bytes).
bool values_equal(const Value& a, const Value& b);

class CopyMatcher {
 public:
  // written_children: per node, the children its written element holds (final for every node
  // whose subtree has been planned); plans: copy_of of the nodes planned so far.
  CopyMatcher(const Scene& scene, const std::vector<std::vector<int>>& written_children,
              const std::vector<NodePlan>& plans);

  // True when the subtree of `candidate` (by Node::children) matches, node for node, the written
  // subtree of `original`, a node whose subtree is planned. Results are kept, so matching every
  // node of a scene costs time in proportion to its nodes.
  bool matches(int candidate, int original);

  // Calls visit(copy, original) for each node below candidate and its counterpart below
  // original, once per copy node, after matches(candidate, original) held.
  template <class Visit>
  void for_each_pair(int candidate, int original, Visit visit);

 private:
  // The node, name, matrix, mesh, skin, COLLADA fields, camera, light, extras and child count
  // agree; children are not compared.
  bool shallow_equal(int a, int b) const;
  bool skins_equal(int a, int b) const;
  bool cameras_equal(const Node& x, const Node& y) const;
  bool lights_equal(const Node& x, const Node& y) const;
  static bool shows_both(const Node& n) {
    return (n.camera >= 0 || n.unresolved_camera) && (n.light >= 0 || n.unresolved_light);
  }
  // The node a written subtree shows at this place: a copy's original.
  int resolved(int n) const;
  // Node::children of n that name a node.
  std::vector<int> children_in_range(int n) const;

  const Scene& scene_;
  const std::vector<std::vector<int>>& written_children_;
  const std::vector<NodePlan>& plans_;
  HashMap<uint64_t, bool> known_;  // (candidate, original) -> matches
};

template <class Visit>
void CopyMatcher::for_each_pair(int candidate, int original, Visit visit) {
  struct Frame {
    std::vector<int> copies;
    int original;
    size_t next = 0;
  };
  std::vector<Frame> stack;
  stack.push_back({children_in_range(candidate), resolved(original)});
  while (!stack.empty()) {
    Frame& f = stack.back();
    const std::vector<int>& originals = written_children_[f.original];
    if (f.next >= f.copies.size() || f.next >= originals.size()) {
      stack.pop_back();
      continue;
    }
    int copy = f.copies[f.next];
    int counterpart = resolved(originals[f.next]);
    ++f.next;
    if (visit(copy, counterpart)) stack.push_back({children_in_range(copy), counterpart});
  }
}

}  // namespace px::collada
