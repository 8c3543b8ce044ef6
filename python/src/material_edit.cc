#include "python/src/material_edit.h"

#include <pybind11/pybind11.h>

#include <algorithm>
#include <span>
#include <string>

#include "python/src/renumber.h"
#include "python/src/values.h"

namespace px::python {
namespace {

namespace py = pybind11;

std::string material_label(const Scene& scene, size_t index) {
  const std::string& name = scene.materials[index].name;
  return "material " + std::to_string(index) +
         (name.empty() ? "" : " (" + py::repr(text(name)).cast<std::string>() + ")");
}

// Why material `index` cannot be removed, or "".
std::string held_by(const Scene& scene, size_t index) {
  const int m = static_cast<int>(index);
  for (size_t i = 0; i < scene.meshes.size(); ++i) {
    const std::span<const int32_t> materials = scene.meshes[i].materials();
    if (std::find(materials.begin(), materials.end(), m) != materials.end()) {
      return "cells of mesh " + std::to_string(i) +
             " show it (element_attrs['material']): give them another material first";
    }
  }
  for (const PrimitiveVariants& p : scene.material_variants.primitives) {
    const bool named =
        p.material == m || std::any_of(p.mappings.begin(), p.mappings.end(),
                                       [m](const VariantMapping& v) { return v.material == m; });
    if (named) return "a material variant (KHR_materials_variants) names it";
  }
  return numbered_by_pointers(scene, "materials");
}

}  // namespace

void check_texture(const Scene& scene, const TextureRef& ref, const char* what) {
  if (ref.present() && static_cast<size_t>(ref.texture) >= scene.textures.size()) {
    throw py::index_error(std::string(what) + ": texture " + std::to_string(ref.texture) +
                          " is out of range: the scene has " +
                          std::to_string(scene.textures.size()) + " textures");
  }
}

size_t append_material(SceneBox& box, Material material) {
  box.check_editable();
  Scene& scene = box.scene;
  for (const TextureRef* ref : material.texture_refs())
    check_texture(scene, *ref, "append_material");
  scene.materials.push_back(std::move(material));
  return scene.materials.size() - 1;
}

void remove_material(SceneBox& box, size_t index) {
  box.check_editable();
  Scene& scene = box.scene;
  if (const std::string why = held_by(scene, index); !why.empty()) {
    throw py::value_error("remove_material: " + material_label(scene, index) +
                          " cannot be removed: " + why);
  }
  renumber_materials(scene, removal(scene.materials.size(), index));
  box.material_slots.erase(index);
}

}  // namespace px::python
