// The plan of the morph controllers (formats/collada/write/morph_writer.cc): one <morph> controller
// per written mesh holding morph targets, each target a <geometry> of its own.
#pragma once

#include <string>
#include <vector>

namespace px::collada {

struct MorphControllerPlan {
  int mesh = -1;
  std::string id;  // the <controller>
  struct Target {
    std::string geometry, positions, positions_array, normals, normals_array, vertices;
    // The geometry is a written mesh's that already holds the target's shape (a target geometry
    // read back): the morph names it, and no geometry of its own is written.
    bool reused = false;
  };
  std::vector<Target> targets;
  std::string targets_source, targets_array;  // MORPH_TARGET: IDREF_array of the geometries
  std::string weights_source, weights_array;  // MORPH_WEIGHT: float_array
  bool normals = false;                       // every target holds normal differences
};

struct MorphsPlan {
  std::vector<MorphControllerPlan> morphs;
  std::vector<int> mesh_morph;  // per mesh: its morph controller, -1 for none
  // The morph controller of `mesh`, nullptr for none.
  const MorphControllerPlan* of_mesh(int mesh) const {
    if (mesh < 0 || static_cast<size_t>(mesh) >= mesh_morph.size() || mesh_morph[mesh] < 0) {
      return nullptr;
    }
    return &morphs[mesh_morph[mesh]];
  }
};

}  // namespace px::collada
