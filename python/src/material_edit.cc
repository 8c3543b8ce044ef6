#include "python/src/material_edit.h"

#include <pybind11/pybind11.h>

#include <algorithm>
#include <span>
#include <string>

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
  for (size_t a = 0; a < scene.animations.size(); ++a) {
    for (const AnimationChannel& channel : scene.animations[a].channels) {
      if (!channel.target.pointer.empty()) {
        return "animation " + std::to_string(a) +
               " has KHR_animation_pointer channels, whose JSON pointers number the materials";
      }
    }
  }
  return "";
}

int shifted(int i, size_t removed) { return i > static_cast<int>(removed) ? i - 1 : i; }

// The mesh's "material" column with the indices after `removed` moved down, as a new column in
// the arena; the old one is left as it was, for the arrays that view it.
void shift_material_column(Mesh& mesh, size_t removed, Arena& arena) {
  const std::span<const int32_t> materials = mesh.materials();
  if (std::none_of(materials.begin(), materials.end(),
                   [removed](int32_t v) { return v > static_cast<int>(removed); })) {
    return;
  }
  std::span<int32_t> moved = arena.allocate<int32_t>(materials.size());
  for (size_t i = 0; i < materials.size(); ++i) moved[i] = shifted(materials[i], removed);
  for (NamedColumn& c : mesh.cell_data) {
    if (c.name == "material") c.column = Column::of<int32_t>(moved, 1);
  }
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
  for (Mesh& mesh : scene.meshes) shift_material_column(mesh, index, *scene.arena);
  for (PrimitiveVariants& p : scene.material_variants.primitives) {
    p.material = shifted(p.material, index);
    for (VariantMapping& v : p.mappings) v.material = shifted(v.material, index);
  }
  scene.materials.erase(scene.materials.begin() + static_cast<std::ptrdiff_t>(index));
  box.material_slots.erase(index);
}

}  // namespace px::python
