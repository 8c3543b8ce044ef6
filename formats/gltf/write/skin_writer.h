// Scene::skins as glTF skins: name, joints, skeleton, extras, and the inverse bind
// matrices (a COLLADA bind_shape_matrix folded in) as a float MAT4 accessor, none when the skin
// has neither matrices nor a bind shape. A skin glTF cannot hold is left out with a warning, as
// are a skin's extensions, and a node's skin that names no written skin, has no mesh, or whose
// mesh has no joints and weights. A mesh naming a joint past a skin's is written with weight 0
// there (limit_joints).
#pragma once

#include <vector>

#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/json_writer.h"
#include "formats/gltf/write/mesh_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// The skins the written nodes bind: each scene node's written skin (-1 for none), and each written
// skin's joints.
struct NodeSkins {
  std::vector<int> of_node;
  std::vector<std::vector<int>> joints;
};

class SkinWriter {
 public:
  SkinWriter(const Scene& scene, Diagnostics& diagnostics);

  // Plans a view and an accessor for each skin's matrices; this writer must outlive `bin`.
  void add_accessors(BinLayout& bin);

  // Sets the joint_limit of each written mesh's joints and weights to the joints of the smallest
  // written skin a node binds it to, so that no vertex is written bound to a joint past a skin's.
  // mesh_index: scene mesh -> written mesh.
  void limit_joints(const Scene& scene, const std::vector<int>& mesh_index,
                    std::vector<MeshPlan>& meshes) const;

  // The written skin of each scene node, and the written skins' joints. meshes: the plan of each
  // written mesh, mesh_index: scene mesh -> written mesh.
  NodeSkins node_skins(const Scene& scene, const std::vector<MeshPlan>& meshes,
                       const std::vector<int>& mesh_index, Diagnostics& diagnostics) const;

  // "skins", when any is written.
  void write_json(JsonWriter& json) const;

 private:
  struct Written {
    std::string name;
    std::vector<int> joints;
    int skeleton = -1;
    std::vector<float> matrices;  // column-major, 16 per joint; none: glTF's identities
    int accessor = -1;
    const Value* extras = nullptr;  // a glTF read's "extras", written as they are
  };
  // The written skin of a node's skin, -1 for none.
  int written_skin(const Node& node) const;

  std::vector<int> index_;  // scene skin -> written skin, -1
  std::vector<Written> written_;
};

}  // namespace px::gltf
