// global_attrs["skins"] as glTF skins: name, joints, skeleton, extras, and the inverse bind
// matrices (a COLLADA bind_shape_matrix folded in) as a float MAT4 accessor, none when the skin
// has neither matrices nor a bind shape. A skin glTF cannot hold is left out with a warning, as
// are a skin's extensions, and a node's skin that names no written skin, has no mesh, or whose
// mesh has no joints and weights or a joint past the skin's joints.
#pragma once

#include <vector>

#include "engine/diagnostics.h"
#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/json_writer.h"
#include "formats/gltf/write/mesh_writer.h"
#include "model/scene.h"

namespace px::gltf {

class SkinWriter {
 public:
  SkinWriter(const Scene& scene, Diagnostics& diagnostics);

  // Plans a view and an accessor for each skin's matrices; this writer must outlive `bin`.
  void add_accessors(BinLayout& bin);

  // The written skin of each scene node (-1 for none). meshes: the plan of each written mesh,
  // mesh_index: scene mesh -> written mesh.
  std::vector<int> node_skins(const Scene& scene, const std::vector<MeshPlan>& meshes,
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
    const Value* extras = nullptr;  // the skin entry's "extras", written as they are
  };
  std::vector<int> index_;  // scene skin -> written skin, -1
  std::vector<Written> written_;
};

}  // namespace px::gltf
