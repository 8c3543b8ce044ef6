// KHR_materials_variants as a glTF read keeps it: the document's variant names and, for each
// primitive (found again by its mesh and material, as the model keeps primitives), the materials
// its variants show. The glTF writer spells them back (formats/gltf/write/variant_writer.h);
// COLLADA has no place for them.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace px {

struct VariantMapping {
  int material = -1;          // the material these variants show
  std::vector<int> variants;  // indices into MaterialVariants::names
  std::optional<std::string> name;

  friend bool operator==(const VariantMapping&, const VariantMapping&) = default;
};

struct PrimitiveVariants {
  int mesh = -1;
  int material = -1;  // the primitive's own material, -1 for none
  std::vector<VariantMapping> mappings;

  friend bool operator==(const PrimitiveVariants&, const PrimitiveVariants&) = default;
};

struct MaterialVariants {
  std::vector<std::string> names;  // "" for a variant without a name
  std::vector<PrimitiveVariants> primitives;

  bool empty() const { return names.empty(); }
  friend bool operator==(const MaterialVariants&, const MaterialVariants&) = default;
};

}  // namespace px
