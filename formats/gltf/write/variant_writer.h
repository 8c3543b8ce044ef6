// KHR_materials_variants from Scene::material_variants: the root's variant names and, on each
// primitive of a mesh and material, its mappings, their materials as written (MaterialTable::use).
// A primitive's entry naming no mesh or material, or a second one of its mesh and material, and a
// mapping that names no material or variant, or a variant its primitive maps already, are left out
// with gltf.write.variants-dropped.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "formats/gltf/write/json_writer.h"
#include "formats/gltf/write/material_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

class VariantWriter {
 public:
  VariantWriter(const Scene& scene, Diagnostics& diagnostics);

  // No variant: nothing to write, and no primitive has mappings.
  bool empty() const { return names_.empty(); }
  bool has_mappings(int mesh, int material) const;
  // The "KHR_materials_variants" entry of the extensions of a primitive of scene mesh `mesh` and
  // scene material `material`; sets, tangents and label as MaterialTable::use takes them.
  void write_primitive(JsonWriter& json, int mesh, int material, MaterialTable& materials,
                       uint32_t sets, bool tangents, std::string_view label,
                       Diagnostics& diagnostics) const;
  // The "KHR_materials_variants" entry of the root's extensions.
  void write_root(JsonWriter& json) const;

 private:
  struct Mapping {
    int material;
    std::vector<int> variants;
    std::string name;
  };
  std::vector<std::string> names_;
  std::map<std::pair<int, int>, std::vector<Mapping>> primitives_;  // (mesh, material) ->
};

}  // namespace px::gltf
