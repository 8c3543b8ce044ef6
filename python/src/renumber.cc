#include "python/src/renumber.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>

namespace px::python {
namespace {

// The new index of a reference to part `i`; -1 and an index out of range stay as they are.
int moved(const IndexMap& map, int i) {
  return i >= 0 && static_cast<size_t>(i) < map.size() ? map[i] : i;
}

// A list of parts (children, roots) without the removed ones, the others renumbered.
void move_list(std::vector<int>& list, const IndexMap& map) {
  std::erase_if(list, [&map](int i) { return i >= 0 && moved(map, i) < 0; });
  for (int& i : list) i = moved(map, i);
}

// The parts at their new indices, the removed ones dropped.
template <class Part>
void move_parts(std::vector<Part>& parts, const IndexMap& map) {
  const auto kept =
      static_cast<size_t>(std::count_if(map.begin(), map.end(), [](int i) { return i >= 0; }));
  std::vector<Part> out(kept);
  for (size_t i = 0; i < parts.size() && i < map.size(); ++i) {
    if (map[i] >= 0) out[map[i]] = std::move(parts[i]);
  }
  parts = std::move(out);
}

// A glTF read's skin object spells its joints and skeleton as the document did; the Python
// module shows that object, so it follows the renumbering too.
void move_gltf_skin(ValueMap& object, const IndexMap& map) {
  auto move_value = [&map](Value& value) {
    if (value.is_int()) value = Value(int64_t{moved(map, static_cast<int>(value.as_int()))});
  };
  if (Value* joints = find_value(object, "joints"); joints != nullptr && joints->is_array()) {
    for (Value& joint : joints->as_array()) move_value(joint);
  }
  if (Value* skeleton = find_value(object, "skeleton"); skeleton != nullptr) move_value(*skeleton);
}

// The mesh's "material" column renumbered, as a new column in the arena when a value changes; the
// old one is left as it was, for the arrays that view it.
void move_material_column(Mesh& mesh, const IndexMap& map, Arena& arena) {
  const std::span<const int32_t> materials = mesh.materials();
  if (std::all_of(materials.begin(), materials.end(),
                  [&map](int32_t m) { return moved(map, m) == m; })) {
    return;
  }
  std::span<int32_t> renumbered = arena.allocate<int32_t>(materials.size());
  for (size_t i = 0; i < materials.size(); ++i) renumbered[i] = moved(map, materials[i]);
  for (NamedColumn& c : mesh.cell_data) {
    if (c.name == "material") c.column = Column::of<int32_t>(renumbered, 1);
  }
}

}  // namespace

std::string numbered_by_pointers(const Scene& scene, const char* parts) {
  for (size_t a = 0; a < scene.animations.size(); ++a) {
    for (const AnimationChannel& channel : scene.animations[a].channels) {
      if (!channel.target.pointer.empty()) {
        return "animation " + std::to_string(a) +
               " has KHR_animation_pointer channels, whose JSON pointers number the " + parts;
      }
    }
  }
  return "";
}

IndexMap removal(size_t count, size_t removed) {
  IndexMap map(count);
  for (size_t i = 0; i < count; ++i) {
    map[i] = i < removed ? static_cast<int>(i) : i == removed ? -1 : static_cast<int>(i - 1);
  }
  return map;
}

IndexMap reordering(const std::vector<size_t>& order) {
  IndexMap map(order.size());
  for (size_t i = 0; i < order.size(); ++i) map[order[i]] = static_cast<int>(i);
  return map;
}

void renumber_nodes(Scene& scene, const IndexMap& map) {
  move_parts(scene.nodes, map);
  for (Node& node : scene.nodes) move_list(node.children, map);
  for (std::vector<int>& roots : scene.scenes) move_list(roots, map);
  for (Skin& skin : scene.skins) {
    for (int& joint : skin.joints) joint = moved(map, joint);
    skin.skeleton = moved(map, skin.skeleton);
    if (skin.gltf_object) move_gltf_skin(*skin.gltf_object, map);
  }
  for (Animation& animation : scene.animations) {
    for (AnimationChannel& channel : animation.channels) {
      channel.target.node = moved(map, channel.target.node);
    }
  }
}

void renumber_meshes(Scene& scene, const IndexMap& map) {
  move_parts(scene.meshes, map);
  for (Node& node : scene.nodes) {
    const int mesh = moved(map, node.mesh);
    if (mesh < 0 && node.mesh >= 0) {
      node.skin = -1;
      node.morph_weights.clear();
    }
    node.mesh = mesh;
  }
  std::vector<PrimitiveVariants>& variants = scene.material_variants.primitives;
  std::erase_if(variants, [&map](const PrimitiveVariants& p) {
    return p.mesh >= 0 && moved(map, p.mesh) < 0;
  });
  for (PrimitiveVariants& p : variants) p.mesh = moved(map, p.mesh);
}

void renumber_materials(Scene& scene, const IndexMap& map) {
  move_parts(scene.materials, map);
  for (Mesh& mesh : scene.meshes) move_material_column(mesh, map, *scene.arena);
  for (PrimitiveVariants& p : scene.material_variants.primitives) {
    p.material = moved(map, p.material);
    for (VariantMapping& v : p.mappings) v.material = moved(map, v.material);
  }
}

void renumber_textures(Scene& scene, const IndexMap& map) {
  move_parts(scene.textures, map);
  for (Material& material : scene.materials) {
    for (TextureRef* ref : material.texture_refs()) ref->texture = moved(map, ref->texture);
  }
}

void renumber_images(Scene& scene, const IndexMap& map) {
  move_parts(scene.images, map);
  for (Texture& texture : scene.textures) {
    texture.image = moved(map, texture.image);
    texture.extension_image = moved(map, texture.extension_image);
  }
}

}  // namespace px::python
