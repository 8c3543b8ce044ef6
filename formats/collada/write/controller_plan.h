// The plan of <library_controllers> (formats/collada/write/controller_writer.cc): one <skin>
// controller per distinct (mesh, skin) a written node instances.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace px::collada {

struct ControllerPlan {
  std::string id;
  int mesh = -1;  // index into Scene::meshes
  int skin = -1;  // index into Scene::skins
  // The <skeleton> elements every <instance_controller> of it holds, as "#id" URLs.
  std::vector<std::string> skeleton_urls;
  // private to controller_writer.cc
  bool joints_by_sid = true;             // Name_array of sids, else IDREF_array of ids
  std::vector<std::string> joint_names;  // the JOINT source's names, one per skin joint
  struct SourceIds {
    std::string source, array;  // the <source> and the array it holds
  };
  SourceIds joints_source, bind_poses_source, weights_source;
  uint64_t influences = 0;  // the weights written
};

struct ControllersPlan {
  std::vector<ControllerPlan> controllers;
  // Per scene node: the controller its <instance_controller> names, -1 to instance its geometry.
  std::vector<int> node_controller;
  // Per mesh: a written controller skins it (its joints and weights are then not dropped).
  std::vector<bool> mesh_skinned;
};

}  // namespace px::collada
