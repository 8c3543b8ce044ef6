#include "formats/gltf/write/material_writer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/common/carried_extensions.h"
#include "formats/common/material_extension_rules.h"
#include "formats/gltf/write/carried_extension_writer.h"
#include "formats/gltf/write/texture_info_writer.h"
#include "formats/gltf/write/value_json.h"
#include "polyxios/scene/animation_pointer.h"

namespace px::gltf {
namespace {

// glTF's texCoord is a set index; sets are tracked in a 32-bit mask.
constexpr int kMaxSets = 32;

constexpr std::string_view kEmissiveStrength = "KHR_materials_emissive_strength";
constexpr std::string_view kIor = "KHR_materials_ior";
constexpr std::string_view kSpecular = "KHR_materials_specular";
constexpr std::string_view kUnlit = "KHR_materials_unlit";

std::string label_of(const Material& m, size_t index) {
  return m.name.empty() ? cat("material ", index) : cat("material ", index, " '", m.name, "'");
}

struct Cleaner {
  const Scene& scene;
  Diagnostics& diagnostics;
  std::string label;
  bool finite = true;

  void clamp(double& v, std::string_view what, double lo, double hi) {
    if (!std::isfinite(v)) {
      finite = false;
      return;
    }
    if (v >= lo && v <= hi) return;
    diagnostics.warn("gltf.write.factor-clamped",
                     cat(label, ": ", what, " ", v, " clamped to [", lo, ", ", hi, "]"));
    v = std::clamp(v, lo, hi);
  }

  void texture(TextureRef& ref, std::string_view what) {
    if (!ref.present()) return;
    TextureTransform& t = ref.transform;
    if (!std::isfinite(t.offset[0]) || !std::isfinite(t.offset[1]) || !std::isfinite(t.rotation) ||
        !std::isfinite(t.scale[0]) || !std::isfinite(t.scale[1])) {
      diagnostics.warn("gltf.write.texture-transform-dropped",
                       cat(label, ": ", what, "'s placement is not finite; it is left out"));
      t = TextureTransform{};
    }
    std::string why;
    if (static_cast<size_t>(ref.texture) >= scene.textures.size()) {
      why = cat("texture ", ref.texture, " does not exist");
    } else if (ref.texcoord < 0 || ref.texcoord >= kMaxSets) {
      why = cat("TEXCOORD set ", ref.texcoord, " is out of range");
    }
    if (!why.empty()) {
      diagnostics.warn("gltf.write.texture-dropped", cat(label, ": ", what, " left out: ", why));
      ref = TextureRef{};
    }
  }
};

uint32_t sets_of(const Material& m) {
  uint32_t sets = 0;
  for (const TextureRef* ref : m.texture_refs()) {
    if (ref->present()) sets |= uint32_t{1} << ref->texcoord;
  }
  return sets;
}

bool is_unlit(const Material& m) { return m.shading == Shading::kConstant; }

// The emissive as glTF spells it: a factor of at most 1 and the strength it is scaled by.
double emissive_strength(const Material& m) {
  double largest = std::max({m.emissive[0], m.emissive[1], m.emissive[2]});
  return largest > 1 ? largest : 1;
}

// The objects a material is written with for an animation pointer into them.
constexpr uint8_t kAnimatedPbr = 1;
constexpr uint8_t kAnimatedSpecular = 2;

// The material's extensions object, when it has any.
void write_extensions(JsonWriter& json, const Material& m, uint8_t animated) {
  double strength = emissive_strength(m);
  bool unlit = is_unlit(m);
  const bool specular = m.has_specular() || (animated & kAnimatedSpecular) != 0;
  if (!unlit && strength == 1 && m.ior == 1.5 && !specular && m.extensions.empty()) {
    return;
  }
  json.key("extensions");
  json.start_object();
  if (strength != 1) {
    json.key(kEmissiveStrength);
    json.start_object();
    json.key("emissiveStrength");
    json.number(strength);
    json.end_object();
  }
  if (m.ior != 1.5) {
    json.key(kIor);
    json.start_object();
    json.key("ior");
    json.number(m.ior);
    json.end_object();
  }
  if (specular) {
    json.key(kSpecular);
    json.start_object();
    if (m.specular_factor != 1) {
      json.key("specularFactor");
      json.number(m.specular_factor);
    }
    write_texture_ref(json, "specularTexture", m.specular_texture, "");
    if (m.specular_color != std::array<double, 3>{1, 1, 1}) {
      write_numbers(json, "specularColorFactor", m.specular_color);
    }
    write_texture_ref(json, "specularColorTexture", m.specular_color_texture, "");
    json.end_object();
  }
  if (unlit) {
    json.key(kUnlit);
    json.start_object();
    json.end_object();
  }
  write_carried_extensions(json, m.extensions);
  json.end_object();
}

void write_material(JsonWriter& json, const Material& m, uint8_t animated) {
  json.start_object();
  if (!m.name.empty()) {
    json.key("name");
    json.string(m.name);
  }
  bool default_color = m.base_color == std::array<double, 4>{1, 1, 1, 1};
  if (!default_color || m.metallic != 1 || m.roughness != 1 || m.base_color_texture.present() ||
      m.metallic_roughness_texture.present() || (animated & kAnimatedPbr) != 0) {
    json.key("pbrMetallicRoughness");
    json.start_object();
    if (!default_color) write_numbers(json, "baseColorFactor", m.base_color);
    write_texture_ref(json, "baseColorTexture", m.base_color_texture, "");
    if (m.metallic != 1) {
      json.key("metallicFactor");
      json.number(m.metallic);
    }
    if (m.roughness != 1) {
      json.key("roughnessFactor");
      json.number(m.roughness);
    }
    write_texture_ref(json, "metallicRoughnessTexture", m.metallic_roughness_texture, "");
    json.end_object();
  }
  write_texture_ref(json, "normalTexture", m.normal_texture, "scale");
  write_texture_ref(json, "occlusionTexture", m.occlusion_texture, "strength");
  write_texture_ref(json, "emissiveTexture", m.emissive_texture, "");
  if (m.emissive != std::array<double, 3>{0, 0, 0}) {
    double strength = emissive_strength(m);
    write_numbers(
        json, "emissiveFactor",
        std::array{m.emissive[0] / strength, m.emissive[1] / strength, m.emissive[2] / strength});
  }
  if (m.alpha_mode != AlphaMode::kOpaque) {
    json.key("alphaMode");
    json.string(alpha_mode_name(m.alpha_mode));
  }
  if (m.alpha_mode == AlphaMode::kMask && m.alpha_cutoff != 0.5) {
    json.key("alphaCutoff");
    json.number(m.alpha_cutoff);
  }
  if (m.double_sided) {
    json.key("doubleSided");
    json.boolean(true);
  }
  write_extensions(json, m, animated);
  if (const Value* extras = find_value(m.extras, "extras")) {
    json.key("extras");
    write_value(json, *extras);
  }
  json.end_object();
}

// COLLADA's <constant> shows its emission: as KHR_materials_unlit shows the base colour, a
// constant material whose base colour says nothing (white, untextured) takes the emissive and its
// texture as its base colour, and a glTF read gives them back
// (formats/gltf/read/read_material_extensions.cc).
void emission_as_base_color(Material& m) {
  if (m.base_color_texture.present() || m.base_color[0] != 1 || m.base_color[1] != 1 ||
      m.base_color[2] != 1) {
    return;
  }
  std::copy(m.emissive.begin(), m.emissive.end(), m.base_color.begin());
  m.base_color_texture = m.emissive_texture;
  m.emissive = {0, 0, 0};
  m.emissive_texture = TextureRef{};
}

}  // namespace

absl::StatusOr<MaterialTable> MaterialTable::build(const Scene& scene, Diagnostics& diagnostics) {
  MaterialTable table;
  table.scene_materials_ = static_cast<int>(scene.materials.size());
  table.materials_.reserve(scene.materials.size());
  for (size_t i = 0; i < scene.materials.size(); ++i) {
    const Material& source = scene.materials[i];
    Material m;
    // A glTF read keeps the material's extras under "extras". The shading model glTF has no
    // slot for, and the PBR terms already approximate it, but for constant shading:
    // KHR_materials_unlit.
    if (is_unlit(source)) m.shading = Shading::kConstant;
    for (const auto& [key, value] : source.extras) {
      if (key == "extras") {
        m.extras.emplace_back(key, value);
      } else {
        diagnostics.warn(
            "gltf.write.material-extra-dropped",
            cat(label_of(source, i), ": '", key, "' left out: glTF has no slot for it"));
      }
    }
    m.name = source.name;
    m.base_color = source.base_color;
    m.metallic = source.metallic;
    m.roughness = source.roughness;
    m.emissive = source.emissive;
    m.ior = source.ior;
    m.specular_factor = source.specular_factor;
    m.specular_color = source.specular_color;
    m.specular_texture = source.specular_texture;
    m.specular_color_texture = source.specular_color_texture;
    m.base_color_texture = source.base_color_texture;
    m.metallic_roughness_texture = source.metallic_roughness_texture;
    m.normal_texture = source.normal_texture;
    m.occlusion_texture = source.occlusion_texture;
    m.emissive_texture = source.emissive_texture;
    m.alpha_mode = source.alpha_mode;
    m.alpha_cutoff = source.alpha_cutoff;
    m.double_sided = source.double_sided;
    m.extensions = source.extensions;

    if (is_unlit(m)) emission_as_base_color(m);

    Cleaner clean{scene, diagnostics, label_of(m, i)};
    clean_carried_extensions(m.extensions, clean.label, "gltf.write.material-extension-dropped",
                             diagnostics);
    for (MaterialExtension& e : m.extensions) {
      for (auto& [key, ref] : e.textures) {
        clean.texture(ref, cat(e.name, " ", key));
        clean.finite &= std::isfinite(ref.scale);
      }
    }
    for (double& v : m.base_color) clean.clamp(v, "baseColorFactor", 0, 1);
    clean.clamp(m.metallic, "metallicFactor", 0, 1);
    clean.clamp(m.roughness, "roughnessFactor", 0, 1);
    // Above 1 the emissive goes in KHR_materials_emissive_strength.
    for (double& v : m.emissive) clean.clamp(v, "emissive", 0, HUGE_VAL);
    clean.clamp(m.specular_factor, "specularFactor", 0, 1);
    for (double& v : m.specular_color) clean.clamp(v, "specularColorFactor", 0, HUGE_VAL);
    if (!std::isfinite(m.ior) || (m.ior != 0 && m.ior < 1)) {
      diagnostics.warn(
          "gltf.write.ior-dropped",
          cat(clean.label, ": ior ", m.ior, " is neither 0 nor at least 1; it is left out"));
      m.ior = 1.5;
    }
    if (m.alpha_mode == AlphaMode::kMask) {
      clean.clamp(m.alpha_cutoff, "alphaCutoff", 0, HUGE_VAL);
    }
    clean.texture(m.base_color_texture, "baseColorTexture");
    clean.texture(m.metallic_roughness_texture, "metallicRoughnessTexture");
    clean.texture(m.normal_texture, "normalTexture");
    clean.texture(m.occlusion_texture, "occlusionTexture");
    clean.texture(m.emissive_texture, "emissiveTexture");
    clean.texture(m.specular_texture, "specularTexture");
    clean.texture(m.specular_color_texture, "specularColorTexture");
    if (m.occlusion_texture.present()) {
      clean.clamp(m.occlusion_texture.scale, "occlusion strength", 0, 1);
    }
    if (m.normal_texture.present() && !std::isfinite(m.normal_texture.scale)) {
      clean.finite = false;
    }
    if (!clean.finite) {
      return refuse("gltf.write.non-finite", cat(clean.label, " holds NaN or Inf"));
    }
    table.required_sets_.push_back(sets_of(m));
    table.materials_.push_back(std::move(m));
  }
  return table;
}

int MaterialTable::use(int material, uint32_t sets, bool tangents, std::string_view label,
                       Diagnostics& diagnostics) {
  const uint32_t missing = required_sets_[material] & ~sets;
  Material copy = materials_[material];
  for (TextureRef* ref : copy.texture_refs()) {
    if (ref->present() && (missing >> ref->texcoord & 1) != 0) *ref = TextureRef{};
  }
  const bool strip = !tangents && needs_tangent_space(copy);
  if (missing == 0 && !strip) return material;
  auto [it, inserted] = copies_.try_emplace({material, missing, strip}, 0);
  if (!inserted) return it->second;
  const std::string name = label_of(materials_[material], material);
  if (missing != 0) {
    diagnostics.warn("gltf.write.texture-dropped",
                     cat(label, ": textures of ", name,
                         " on TEXCOORD sets the mesh lacks left out (in a copy of the material)"));
  }
  if (strip) {
    diagnostics.warn("gltf.write.material-extension-dropped",
                     cat(label, ": ", strip_tangent_space(copy), " of ", name,
                         " left out (in a copy of the material): it needs a tangent space, and "
                         "the mesh has no TANGENT and the material no normal texture"));
  }
  materials_.push_back(std::move(copy));
  copied_from_.push_back(material);
  it->second = static_cast<int>(materials_.size()) - 1;
  return it->second;
}

void MaterialTable::animate(std::string_view pointer) {
  const std::optional<ParsedPointer> p = parse_pointer(pointer);
  if (!p || p->object != PointerObject::kMaterial || p->index >= materials_.size()) return;
  const uint8_t needs = p->property.starts_with("pbrMetallicRoughness/") ? kAnimatedPbr
                        : p->property.starts_with("extensions/KHR_materials_specular/")
                            ? kAnimatedSpecular
                            : 0;
  if (needs == 0) return;
  animated_.resize(materials_.size());
  animated_[p->index] |= needs;
  for (int copy : copies_of(static_cast<int>(p->index))) animated_[copy] |= needs;
}

std::vector<int> MaterialTable::copies_of(int material) const {
  std::vector<int> out;
  for (size_t c = 0; c < copied_from_.size(); ++c) {
    if (copied_from_[c] == material) out.push_back(scene_materials_ + static_cast<int>(c));
  }
  return out;
}

std::vector<std::string_view> MaterialTable::extensions_used() const {
  auto any = [&](auto&& has) { return std::any_of(materials_.begin(), materials_.end(), has); };
  std::vector<std::string_view> used;
  if (any([](const Material& m) { return emissive_strength(m) != 1; })) {
    used.push_back(kEmissiveStrength);
  }
  if (any([](const Material& m) { return m.ior != 1.5; })) used.push_back(kIor);
  if (any([](const Material& m) { return m.has_specular(); }) ||
      std::any_of(animated_.begin(), animated_.end(),
                  [](uint8_t a) { return (a & kAnimatedSpecular) != 0; })) {
    used.push_back(kSpecular);
  }
  if (any([](const Material& m) { return is_unlit(m); })) used.push_back(kUnlit);
  for (const CarriedExtension& carried : carried_material_extensions()) {
    if (any([&](const Material& m) {
          return std::any_of(m.extensions.begin(), m.extensions.end(),
                             [&](const MaterialExtension& e) { return e.name == carried.name; });
        })) {
      used.push_back(carried.name);
    }
  }
  if (any([](const Material& m) {
        for (const TextureRef* ref : m.texture_refs()) {
          if (ref->present() && !ref->transform.identity()) return true;
        }
        return false;
      })) {
    used.push_back(kTextureTransform);
  }
  return used;
}

void MaterialTable::write_json(JsonWriter& json) const {
  if (materials_.empty()) return;
  json.key("materials");
  json.start_array();
  for (size_t i = 0; i < materials_.size(); ++i) {
    write_material(json, materials_[i], i < animated_.size() ? animated_[i] : 0);
  }
  json.end_array();
}

}  // namespace px::gltf
