// px::Scene is the spec's SceneData: meshes, nodes, scenes, materials, textures, images and the
// document-wide attributes. All arrays live in the scene's arena; a scene moves, never copies.
#pragma once

#include <Eigen/Core>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/memory/arena.h"
#include "polyxios/memory/shared_bytes.h"
#include "polyxios/scene/animation.h"
#include "polyxios/scene/asset.h"
#include "polyxios/scene/camera.h"
#include "polyxios/scene/instances.h"
#include "polyxios/scene/light.h"
#include "polyxios/scene/material_variants.h"
#include "polyxios/scene/mesh.h"
#include "polyxios/scene/shading.h"
#include "polyxios/scene/skin.h"
#include "polyxios/scene/transform_elements.h"
#include "polyxios/scene/value.h"

namespace px {

struct Node {
  std::string name;
  Eigen::Matrix4d matrix = Eigen::Matrix4d::Identity();  // local transform
  int mesh = -1;
  int skin = -1;    // index into Scene::skins, -1 for none: the skin that deforms its mesh
  int camera = -1;  // index into Scene::cameras, -1 for none
  int light = -1;   // index into Scene::lights, -1 for none
  // A COLLADA read's <instance_camera> or <instance_light> naming an id no camera or light of the
  // scene has: that id (the writers leave it out with a warning).
  std::optional<std::string> unresolved_camera, unresolved_light;
  // A COLLADA read's node whose <instance_light> came before its <instance_camera> (Python's
  // extras list them in the order read).
  bool light_first = false;
  std::vector<int> children;
  // A COLLADA read's: the <node>'s id and sid as spelled, type="JOINT", and its transform
  // elements, which compose to `matrix` until the node is edited (none: a <node> spelling none,
  // or another format's node).
  std::optional<std::string> collada_id, sid;
  bool joint = false;
  std::vector<TransformElement> transforms;
  // What a format keeps of the node that the scene has no field for (a glTF read's "extras").
  ValueMap extras;
  // The copies of its mesh the node draws, each at matrix * instance TRS
  // (polyxios/scene/instances.h); none when count is 0.
  Instances instances;
  // The default morph weights of the node's mesh as this node shows it (glTF's node.weights),
  // one per target; empty: the mesh's own (Mesh::morph_weights).
  std::vector<double> morph_weights;
};

// KHR_texture_transform's placement of a texture: it is sampled at offset + R(rotation) * (scale
// * uv), R = [[cos, sin], [-sin, cos]] as that extension defines it.
struct TextureTransform {
  std::array<double, 2> offset{0, 0};
  double rotation = 0;  // radians
  std::array<double, 2> scale{1, 1};
  bool identity() const {
    return offset == std::array<double, 2>{0, 0} && rotation == 0 &&
           scale == std::array<double, 2>{1, 1};
  }
};

struct TextureRef {
  int texture = -1;  // index into Scene::textures, -1 for none
  int texcoord = 0;  // TEXCOORD set
  double scale = 1;  // normal scale / occlusion strength
  TextureTransform transform;
  bool present() const { return texture >= 0; }
};

enum class AlphaMode { kOpaque, kMask, kBlend };

// glTF's name of the mode: "OPAQUE", "MASK" or "BLEND".
constexpr std::string_view alpha_mode_name(AlphaMode mode) {
  switch (mode) {
    case AlphaMode::kMask:
      return "MASK";
    case AlphaMode::kBlend:
      return "BLEND";
    case AlphaMode::kOpaque:
      break;
  }
  return "OPAQUE";
}

// A glTF material extension the model has no typed terms for (KHR_materials_clearcoat, _sheen,
// _transmission, _volume, ...), kept as the document spells it so that glTF -> glTF keeps it:
// its textureInfos as texture references, which writers check like the material's own, its
// other members as values.
struct MaterialExtension {
  std::string name;  // "KHR_materials_clearcoat"
  ValueMap values;   // "clearcoatFactor": 1, ...
  // "clearcoatTexture": ...
  std::vector<std::pair<std::string, TextureRef>> textures;
};

struct Material {
  std::string name;
  std::array<double, 4> base_color{1, 1, 1, 1};
  double metallic = 1;
  double roughness = 1;
  // The emitted radiance, unbounded: a glTF write puts a component above 1 in
  // KHR_materials_emissive_strength.
  std::array<double, 3> emissive{0, 0, 0};
  double ior = 1.5;  // KHR_materials_ior: 0 or at least 1
  // KHR_materials_specular: the strength of the specular reflection and its colour (F0's tint);
  // COLLADA's <specular> colour (formats/collada/read/materials.cc says how).
  double specular_factor = 1;
  std::array<double, 3> specular_color{1, 1, 1};
  TextureRef specular_texture;        // its alpha scales specular_factor
  TextureRef specular_color_texture;  // its rgb scales specular_color
  TextureRef base_color_texture;
  TextureRef metallic_roughness_texture;
  TextureRef normal_texture;
  TextureRef occlusion_texture;
  TextureRef emissive_texture;
  AlphaMode alpha_mode = AlphaMode::kOpaque;
  double alpha_cutoff = 0.5;
  bool double_sided = false;
  Shading shading = Shading::kUnset;
  ValueMap extras;  // a glTF read's material extras, under "extras"
  std::vector<MaterialExtension> extensions;

  bool has_specular() const {
    return specular_factor != 1 || specular_color != std::array<double, 3>{1, 1, 1} ||
           specular_texture.present() || specular_color_texture.present();
  }
  // Every texture reference of the material, those of its extensions last.
  std::vector<TextureRef*> texture_refs() { return refs_of<TextureRef>(*this); }
  std::vector<const TextureRef*> texture_refs() const { return refs_of<const TextureRef>(*this); }

 private:
  template <class Ref, class Self>
  static std::vector<Ref*> refs_of(Self& m) {
    std::vector<Ref*> refs = {&m.base_color_texture,    &m.metallic_roughness_texture,
                              &m.normal_texture,        &m.occlusion_texture,
                              &m.emissive_texture,      &m.specular_texture,
                              &m.specular_color_texture};
    for (auto& e : m.extensions) {
      for (auto& [key, ref] : e.textures) refs.push_back(&ref);
    }
    return refs;
  }
};

// glTF sampler constants; 0 means "not given".
struct Texture {
  std::string name;
  int image = -1;  // -1: a placeholder that keeps index alignment
  // An image glTF's core cannot sample (KTX2, WebP, AVIF) behind the extension that names it
  // (KHR_texture_basisu, EXT_texture_webp, EXT_texture_avif), kept as it is; `image` is then the
  // fallback for viewers without the extension, or -1.
  std::string source_extension;
  int extension_image = -1;
  int wrap_s = 10497;
  int wrap_t = 10497;
  int mag_filter = 0;
  int min_filter = 0;
};

struct Image {
  std::string name;
  std::string uri;  // as the document spells it (percent-encoding kept); empty with bytes
  std::string mime_type;
  // Embedded pixels (data: URI, <hex>, or a file found on read), shared by the images of a read
  // that name one file or archive entry.
  SharedBytes bytes;
};

struct Scene {
  Scene() : arena(std::make_unique<Arena>()) {}
  Scene(Scene&&) = default;
  Scene& operator=(Scene&&) = default;
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  std::vector<Mesh> meshes;
  std::vector<Node> nodes;
  std::vector<std::vector<int>> scenes;  // root node indices of each scene
  int default_scene = 0;                 // -1 for none
  std::vector<Material> materials;
  std::vector<Texture> textures;
  std::vector<Image> images;
  Asset asset;
  std::vector<Skin> skins;
  std::vector<Animation> animations;
  MaterialVariants material_variants;  // KHR_materials_variants; empty for none
  // A COLLADA read: those its documents define, by Camera::collada_id and Light::collada_id; a
  // glTF read: one for each node showing one.
  std::vector<Camera> cameras;
  std::vector<Light> lights;
  // A COLLADA read whose first light came from an earlier document than its first camera
  // (Python's global_attrs list "lights" first then).
  bool lights_first = false;
  ValueMap global_attrs;  // "extras"
  std::unique_ptr<Arena> arena;
};

}  // namespace px
