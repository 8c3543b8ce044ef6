// The plan of the morph controllers (formats/collada/write/morph_writer.cc): one <morph> controller
// per written mesh holding morph targets, each target a <geometry> of its own.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace px::collada {

struct MorphControllerPlan {
  int mesh = -1;
  std::string id;  // the <controller>
  struct Target {
    std::string geometry, positions, positions_array, normals, normals_array, vertices;
    // The <source> and <float_array> ids of each of the controller's `moved` columns.
    std::vector<std::string> moved_sources, moved_arrays;
    // The geometry is a written mesh's that already holds the target's shape (a target geometry
    // read back): the morph names it, and no geometry of its own is written.
    bool reused = false;
  };
  std::vector<Target> targets;
  std::string targets_source, targets_array;  // MORPH_TARGET: IDREF_array of the geometries
  std::string weights_source, weights_array;  // MORPH_WEIGHT: float_array
  bool normals = false;                       // every target holds normal differences
  // The texture coordinates and colours some target moves, each written in every target geometry
  // as the base's values plus the target's differences (plus none where it does not move them).
  struct Moved {
    std::string name;   // the mesh's point_data column
    size_t source = 0;  // its <source> in the base geometry's plan
  };
  std::vector<Moved> moved;
  // Another <controller> of the same targets for the nodes showing the mesh with default weights
  // of their own (Node::morph_weights), one per distinct set.
  struct Variant {
    std::vector<double> weights;
    std::string id, targets_source, targets_array, weights_source, weights_array;
  };
  std::vector<Variant> variants;
};

struct MorphsPlan {
  std::vector<MorphControllerPlan> morphs;
  std::vector<int> mesh_morph;  // per mesh: its morph controller, -1 for none
  // per node: the variant of its mesh's morph controller it instances, -1 for the controller
  std::vector<int> node_variant;
  // The morph controller of `mesh`, nullptr for none.
  const MorphControllerPlan* of_mesh(int mesh) const {
    if (mesh < 0 || static_cast<size_t>(mesh) >= mesh_morph.size() || mesh_morph[mesh] < 0) {
      return nullptr;
    }
    return &morphs[mesh_morph[mesh]];
  }
  // The <controller> id node `node` (showing `mesh`) instances and its MORPH_WEIGHT source id;
  // empty when the mesh has no morph controller.
  std::pair<std::string_view, std::string_view> instanced(int node, int mesh) const {
    const MorphControllerPlan* c = of_mesh(mesh);
    if (c == nullptr) return {};
    const int v =
        node >= 0 && static_cast<size_t>(node) < node_variant.size() ? node_variant[node] : -1;
    if (v < 0) return {c->id, c->weights_source};
    return {c->variants[v].id, c->variants[v].weights_source};
  }
};

}  // namespace px::collada
