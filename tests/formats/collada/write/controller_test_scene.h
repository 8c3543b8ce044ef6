// A skinned scene for the controller writer's tests, built the way a glTF read gives one: a root
// holding a two-bone leg (hip, knee) and a skinned body node whose mesh carries per-vertex joints
// and weights, with skin 0 in Scene::skins.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "engine/strings.h"
#include "formats/collada/write/write_plan.h"
#include "polyxios/scene/scene.h"

namespace px::collada::testing {

enum SkinnedNode { kRoot = 0, kHip = 1, kKnee = 2, kBody = 3 };

template <class T>
Column arena_column(Scene& scene, const std::vector<T>& values, size_t cols) {
  std::span<T> out = scene.arena->allocate<T>(values.size());
  std::copy(values.begin(), values.end(), out.begin());
  return Column::of<T>(std::span<const T>(out), cols);
}

// A row-major translation by (x, y, z), as 16 values.
inline std::vector<double> translation_rows(double x, double y, double z) {
  return {1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1};
}

// The mesh's skin columns: joints (int32 unless another T) and weights (float32), 4 per vertex.
template <class J = int32_t, class W = float>
void set_influences(Scene& scene, int mesh, const std::vector<J>& joints,
                    const std::vector<W>& weights, size_t cols = 4) {
  std::vector<NamedColumn>& data = scene.meshes[mesh].point_data;
  std::erase_if(data,
                [](const NamedColumn& c) { return c.name == "joints" || c.name == "weights"; });
  data.push_back({"joints", arena_column(scene, joints, cols)});
  data.push_back({"weights", arena_column(scene, weights, cols)});
}

// A triangle mesh named `name` with three vertices skinned to joints 0 and 1 (the third with a
// zero weight on joint 0 before its weight on joint 1: the zero is not written).
inline int add_skinned_mesh(Scene& scene, const std::string& name) {
  Mesh mesh;
  mesh.points = arena_column<float>(scene, {0, 0, 0, 1, 0, 0, 0, 1, 0}, 3);
  static constexpr CellType kTriangle[] = {CellType::kTriangle};
  static constexpr uint32_t kOffsets[] = {0, 3};
  static constexpr uint32_t kConnectivity[] = {0, 1, 2};
  mesh.cell_types = kTriangle;
  mesh.offsets = kOffsets;
  mesh.connectivity = kConnectivity;
  set_value(mesh.global_attrs, "mesh_name", Value(name));
  scene.meshes.push_back(std::move(mesh));
  const int index = static_cast<int>(scene.meshes.size()) - 1;
  set_influences<int32_t, float>(scene, index, {0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0},
                                 {1, 0, 0, 0, 0.25f, 0.75f, 0, 0, 0, 1, 0, 0});
  return index;
}

// A skin over `joints` with one translation per joint as its inverse bind matrices.
inline Skin skin_entry(Scene& scene, const std::vector<int>& joints, const std::string& name = "") {
  Skin skin;
  if (!name.empty()) skin.name = name;
  skin.joints = joints;
  std::vector<double> ibm;
  for (size_t j = 0; j < joints.size(); ++j) {
    std::vector<double> m = translation_rows(0, -static_cast<double>(j), 0);
    ibm.insert(ibm.end(), m.begin(), m.end());
  }
  skin.inverse_bind_matrices = arena_column(scene, ibm, 16);
  return skin;
}

// root -> {hip -> knee, body}; body shows mesh 0 ("Body") through skin 0 over [hip, knee].
inline Scene skinned_scene() {
  Scene scene;
  const char* names[] = {"root", "hip", "knee", "body"};
  for (const char* name : names) {
    Node n;
    n.name = name;
    scene.nodes.push_back(std::move(n));
  }
  scene.nodes[kRoot].children = {kHip, kBody};
  scene.nodes[kHip].children = {kKnee};
  scene.nodes[kKnee].matrix(1, 3) = 1;
  scene.nodes[kBody].mesh = add_skinned_mesh(scene, "Body");
  scene.nodes[kBody].skin = 0;
  scene.scenes.push_back({kRoot});
  scene.skins.push_back(skin_entry(scene, {kHip, kKnee}));
  return scene;
}

// The node plan a node writer would make for a plain tree: every node written under id
// "n<index>", no sid.
inline WritePlan node_plan_by_hand(const Scene& scene) {
  WritePlan plan;
  plan.nodes.nodes.resize(scene.nodes.size());
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    plan.nodes.nodes[i].written = true;
    plan.nodes.nodes[i].id = cat("n", i);
    plan.ids.reserve(plan.nodes.nodes[i].id);
  }
  return plan;
}

}  // namespace px::collada::testing
