// Looking into a scene the COLLADA reader gave back, for the controller writer's tests: nodes by
// name, a node's skin, its joints, and columns as plain values. A member a read-back lacks
// fails the test (its null value's as_...() throws) rather than crashing it.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/scene.h"

namespace px::collada::testing {

inline int node_named(const Scene& scene, std::string_view name) {
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    if (scene.nodes[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// The member `key` of a map; a null value when it has none, whose as_...() throws (a failure, not
// a crash, when a read-back lacks it).
inline const Value& member(const ValueMap& map, std::string_view key) {
  static const Value kNone;
  const Value* v = find_value(map, key);
  if (v == nullptr) ADD_FAILURE() << "no '" << key << "'";
  return v == nullptr ? kNone : *v;
}

inline std::vector<std::string> joint_names(const Scene& scene, const Skin& skin) {
  std::vector<std::string> out;
  for (int j : skin.joints) out.push_back(j >= 0 ? scene.nodes.at(j).name : "?");
  return out;
}

// The skin of the node; an empty one (a failure) when it has none.
inline const Skin& skin_of_node(const Scene& scene, int node) {
  static const Skin kNone;
  const int skin =
      node < 0 || static_cast<size_t>(node) >= scene.nodes.size() ? -1 : scene.nodes[node].skin;
  if (skin < 0 || static_cast<size_t>(skin) >= scene.skins.size()) {
    ADD_FAILURE() << "node " << node << " has no skin";
    return kNone;
  }
  return scene.skins[skin];
}

inline std::vector<double> values_of(const Column& c) {
  std::vector<double> out;
  for (size_t r = 0; r < c.rows; ++r) {
    for (size_t k = 0; k < c.cols; ++k) out.push_back(c.get(r, k));
  }
  return out;
}

// A skin's matrices as plain values; none (a failure) when it has none.
inline std::vector<double> values_of(const std::optional<Column>& c) {
  if (!c) ADD_FAILURE() << "no matrices";
  return c ? values_of(*c) : std::vector<double>{};
}

inline std::vector<double> point_values(const Scene& scene, int node, std::string_view column) {
  const NamedColumn* c = scene.meshes.at(scene.nodes.at(node).mesh).find_point_data(column);
  return c == nullptr ? std::vector<double>{} : values_of(c->column);
}

// The skin's joints as node indices.
inline std::vector<int64_t> joint_indices(const Skin& skin) {
  return std::vector<int64_t>(skin.joints.begin(), skin.joints.end());
}

}  // namespace px::collada::testing
