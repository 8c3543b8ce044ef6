// Parent links of a scene's nodes, from Node::children, and the walks formats need over them:
// roots, ancestry, and cutting the links that close a cycle.
#pragma once

#include <vector>

#include "model/scene.h"

namespace px {

// Each node's parent, -1 for none: the first node listing a child is its parent; children out of
// range and a node listing itself are ignored.
std::vector<int> parents_of(const std::vector<Node>& nodes);

// The topmost ancestor of n (n itself when it has no parent). A cycle stops the walk after as
// many steps as there are nodes.
int root_of(const std::vector<int>& parent, int n);

// True when ancestor is n or above it.
bool is_ancestor_or_self(const std::vector<int>& parent, int ancestor, int n);

// Walks up from every node; where a walk comes back to a node of its own path, that node's link
// to its parent closes a cycle: it is cut (its parent set to -1) and the node listed, in the order
// found. Afterwards the links form a forest.
std::vector<int> cut_cycles(std::vector<int>& parent);

}  // namespace px
