// Scene materials as glTF materials: factors clamped to glTF's ranges, references to textures
// that do not exist dropped, and glTF's default values left out. A constant shading is
// KHR_materials_unlit, an emissive above 1 KHR_materials_emissive_strength, an ior other than
// 1.5 KHR_materials_ior and a texture's placement KHR_texture_transform; the extensions a glTF read
// carried as they are (formats/common/carried_extensions.h, write/carried_extension_writer.h)
// are written back.
#pragma once

#include <cstdint>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/hash_containers.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

class MaterialTable {
 public:
  // Cleans every material (with warnings); refuses one holding NaN or Inf.
  static absl::StatusOr<MaterialTable> build(const Scene& scene, Diagnostics& diagnostics);

  int scene_materials() const { return scene_materials_; }
  // The material index a primitive of scene material `material` is written with, on a mesh whose
  // TEXCOORD sets are the bits of `sets` and that has a TANGENT or not. glTF forbids a texture on
  // a set the mesh lacks, and the validator a material that needs a tangent space (anisotropy, a
  // clearcoat normal texture) on a mesh without TANGENT or normal texture, so such a primitive
  // gets a copy of the material without them, with a warning.
  int use(int material, uint32_t sets, bool tangents, std::string_view label,
          Diagnostics& diagnostics);

  // The copies use() made of scene material `material`, in the order made.
  std::vector<int> copies_of(int material) const;

  // Notes a KHR_animation_pointer pointer the animations write (call after every use()): a
  // material it animates (and each copy of it) is written with the object holding the property,
  // pbrMetallicRoughness or KHR_materials_specular, even where its values are glTF's defaults, as
  // the extension asks of a pointer's target.
  void animate(std::string_view pointer);

  // The material extensions the written materials use, for "extensionsUsed":
  // KHR_materials_emissive_strength, KHR_materials_ior, KHR_materials_unlit, KHR_texture_transform
  // and the carried ones.
  std::vector<std::string_view> extensions_used() const;

  // "materials", when there is any.
  void write_json(JsonWriter& json) const;

 private:
  int scene_materials_ = 0;
  std::vector<Material> materials_;  // the cleaned scene materials, then the copies use() made
  std::vector<int> copied_from_;     // per copy (materials_ past the scene's): its scene material
  std::vector<uint8_t> animated_;    // per material: the kAnimated* objects a pointer needs
  std::vector<uint32_t> required_sets_;
  HashMap<std::tuple<int, uint32_t, bool>, int> copies_;  // (material, sets, stripped)
};

}  // namespace px::gltf
