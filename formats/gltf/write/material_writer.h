// Scene materials as glTF materials: factors clamped to glTF's ranges, references to textures
// that do not exist dropped, and glTF's default values left out.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/hash_containers.h"
#include "absl/status/statusor.h"
#include "engine/diagnostics.h"
#include "formats/gltf/write/json_writer.h"
#include "model/scene.h"

namespace px::gltf {

class MaterialTable {
 public:
  // Cleans every material (with warnings); refuses one holding NaN or Inf.
  static absl::StatusOr<MaterialTable> build(const Scene& scene, Diagnostics& diagnostics);

  int scene_materials() const { return scene_materials_; }
  // The material index a primitive of scene material `material` is written with, on a mesh whose
  // TEXCOORD sets are the bits of `sets`. glTF forbids a texture on a set the mesh lacks, so such
  // a primitive gets a copy of the material without those textures, with a warning.
  int use(int material, uint32_t sets, std::string_view label, Diagnostics& diagnostics);

  // "materials", when there is any.
  void write_json(JsonWriter& json) const;

 private:
  int scene_materials_ = 0;
  std::vector<Material> materials_;  // the cleaned scene materials, then the copies use() made
  std::vector<uint32_t> required_sets_;
  HashMap<std::pair<int, uint32_t>, int> copies_;
};

}  // namespace px::gltf
