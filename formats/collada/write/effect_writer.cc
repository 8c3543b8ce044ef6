#include "formats/collada/write/effect_writer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/shininess.h"
#include "formats/collada/write/effect_polyxios_technique.h"
#include "formats/collada/write/effect_texture_xml.h"
#include "formats/collada/write/image_writer.h"
#include "formats/collada/write/xml_names.h"
#include "formats/common/carried_extensions.h"
#include "formats/common/material_extension_rules.h"

namespace px::collada {
namespace {

// The symbol every <texture texcoord> names; the node writer binds it to the lowest TEXCOORD set.
constexpr std::string_view kTexcoordSymbol = "UVSET0";
constexpr std::array<double, 4> kWhite{1, 1, 1, 1};
constexpr std::array<double, 3> kBlack{0, 0, 0};

std::string label_of(const Material& m, size_t index) {
  return m.name.empty() ? cat("material ", index) : cat("material '", m.name, "'");
}

// glTF sampler constants as COLLADA names; empty for a constant COLLADA cannot spell.
std::string_view wrap_name(int wrap) {
  switch (wrap) {
    case 10497:
      return "WRAP";
    case 33648:
      return "MIRROR";
    case 33071:
      return "CLAMP";
    default:
      return "";
  }
}

std::string_view filter_name(int filter) {
  switch (filter) {
    case 9728:
      return "NEAREST";
    case 9729:
      return "LINEAR";
    case 9984:
      return "NEAREST_MIPMAP_NEAREST";
    case 9985:
      return "LINEAR_MIPMAP_NEAREST";
    case 9986:
      return "NEAREST_MIPMAP_LINEAR";
    case 9987:
      return "LINEAR_MIPMAP_LINEAR";
    default:
      return "";
  }
}

// Refuses a metallic, roughness or (under MASK) alpha_cutoff that is not a finite number (W18).
absl::Status check_factors(const Material& m, const std::string& label) {
  std::string_view bad = !std::isfinite(m.metallic)    ? "metallic"
                         : !std::isfinite(m.roughness) ? "roughness"
                         : m.alpha_mode == AlphaMode::kMask && !std::isfinite(m.alpha_cutoff)
                             ? "alpha_cutoff"
                             : "";
  if (bad.empty()) return absl::OkStatus();
  return refuse("collada.write.material-not-finite",
                cat(label, ": ", bad, " is not a finite number"));
}

// The material's shading; phong when it has none (a glTF material's).
std::string shading_of(const Material& m) {
  return std::string(shading_name(m.shading == Shading::kUnset ? Shading::kPhong : m.shading));
}

// The material as written (see MaterialPlan::material).
class MaterialCleaner {
 public:
  MaterialCleaner(const Scene& scene, const WritePlan& plan, Diagnostics& diagnostics,
                  std::string label)
      : scene_(scene), plan_(plan), diagnostics_(diagnostics), label_(std::move(label)) {}

  void colours(Material& m) {
    if (!all_finite(m.base_color)) {
      not_finite("its base colour", "white");
      m.base_color = kWhite;
    }
    if (!all_finite(m.emissive)) {
      not_finite("its emissive", "black");
      m.emissive = kBlack;
    }
    if (!all_finite(m.specular_color)) {
      not_finite("its specular colour", "white");
      m.specular_color = {1, 1, 1};
    }
    if (!std::isfinite(m.specular_factor)) {
      not_finite("its specular factor", "1");
      m.specular_factor = 1;
    }
    if (m.occlusion_texture.present() && !std::isfinite(m.occlusion_texture.scale)) {
      not_finite("its occlusion strength", "1");
      m.occlusion_texture.scale = 1;
    }
    if (!std::isfinite(m.ior) || (m.ior != 0 && m.ior < 1)) {
      diagnostics_.warn(
          "collada.write.ior-dropped",
          cat(label_, ": ior ", m.ior, " is neither 0 nor at least 1; it is left out"));
      m.ior = 1.5;
    }
  }

  // Clears a reference to a texture that does not exist or reaches no written image.
  void texture(TextureRef& ref, std::string_view slot) {
    if (!ref.present()) return;
    std::string why;
    if (static_cast<size_t>(ref.texture) >= scene_.textures.size()) {
      why = "its texture does not exist";
    } else {
      int image = scene_.textures[ref.texture].image;
      const std::vector<std::string>& ids = plan_.effects.image_ids;
      if (image < 0 || static_cast<size_t>(image) >= ids.size()) {
        why = "its texture names no image";
      } else if (ids[image].empty()) {
        why = "its image is not written";
      }
    }
    if (why.empty()) {
      placement(ref.transform, slot);
      return;
    }
    diagnostics_.warn("collada.write.texture-dropped", cat(label_, ": ", slot, " left out: ", why));
    ref = TextureRef{};
  }

 private:
  void placement(TextureTransform& t, std::string_view slot) {
    if (all_finite(t.offset) && all_finite(t.scale) && std::isfinite(t.rotation)) return;
    diagnostics_.warn("collada.write.texture-placement-dropped",
                      cat(label_, ": ", slot, "'s placement is not finite; it is left out"));
    t = TextureTransform{};
  }

  void not_finite(std::string_view what, std::string_view replacement) {
    diagnostics_.warn("collada.write.material-term-not-finite",
                      cat(label_, ": ", what, " is not finite; ", replacement, " is written"));
  }

  const Scene& scene_;
  const WritePlan& plan_;
  Diagnostics& diagnostics_;
  std::string label_;
};

constexpr std::string_view kExtensionDropped = "collada.write.gltf-extension-dropped";

// The carried glTF extensions as the polyxios technique holds them: what a glTF write would leave
// out is left out, and so are the members an extension does not define (extras, custom
// properties), which the technique has no spelling for.
void plan_extensions(std::vector<MaterialExtension>& extensions, const std::string& label,
                     Diagnostics& diagnostics) {
  clean_carried_extensions(extensions, label, kExtensionDropped, diagnostics);
  for (MaterialExtension& e : extensions) {
    const CarriedExtension& rules = *carried_material_extension(e.name);
    std::erase_if(e.values, [&](const std::pair<std::string, Value>& member) {
      if (member_rule(rules, member.first) != nullptr) return false;
      diagnostics.warn(kExtensionDropped,
                       cat(label, ": ", e.name, ": member \"", member.first,
                           "\" left out: COLLADA spells only the members the extension defines"));
      return true;
    });
  }
}

// Extras have no place in COLLADA (W13).
void warn_dropped_extras(const Material& m, Diagnostics& diagnostics) {
  for (const auto& [key, value] : m.extras) {
    diagnostics.warn("collada.write.material-extra-dropped",
                     cat("material extras '", key, "' left out: COLLADA has no place for them"));
  }
}

// The sampler of a texture the material writes, added on first use. Its sids start with the
// image's id, as many readers expect, numbered when another sampler of the effect has them.
void add_sampler(const Scene& scene, const WritePlan& plan, const TextureRef& ref,
                 std::vector<EffectSampler>& samplers) {
  if (!ref.present()) return;
  auto taken = [&](const std::string& surface_sid) {
    return std::any_of(samplers.begin(), samplers.end(),
                       [&](const EffectSampler& s) { return s.surface_sid == surface_sid; });
  };
  for (const EffectSampler& s : samplers) {
    if (s.texture == ref.texture) return;
  }
  const std::string& image_id = plan.effects.image_ids[scene.textures[ref.texture].image];
  std::string base = image_id;
  for (int n = 2; taken(cat(base, "-surface")); ++n) base = cat(image_id, "-", n);
  samplers.push_back({ref.texture, cat(base, "-surface"), cat(base, "-sampler")});
}

// For each material, the lowest TEXCOORD set of each geometry whose blocks name it: the sets the
// node writer binds the effect's texcoord symbol to.
std::vector<std::vector<int>> bound_sets(const Scene& scene, const WritePlan& plan) {
  std::vector<std::vector<int>> sets(scene.materials.size());
  for (const GeometryPlan& g : plan.geometries.geometries) {
    if (g.texcoord_set < 0) continue;
    for (int material : g.materials) {
      if (material >= 0 && static_cast<size_t>(material) < sets.size()) {
        sets[material].push_back(g.texcoord_set);
      }
    }
  }
  return sets;
}

// The material's textures as written (out.material's, out.samplers), dropping with a warning
// those that cannot be written (Q24 among them).
void plan_textures(const Scene& scene, const WritePlan& plan, std::span<const int> sets,
                   const std::string& label, Diagnostics& diagnostics, MaterialPlan& out) {
  Material& m = out.material;
  MaterialCleaner clean(scene, plan, diagnostics, label);
  clean.texture(m.base_color_texture, "its base colour texture");
  clean.texture(m.emissive_texture, "its emissive texture");
  clean.texture(m.normal_texture, "its normal texture");
  clean.texture(m.metallic_roughness_texture, "its metallic-roughness texture");
  clean.texture(m.occlusion_texture, "its occlusion texture");
  clean.texture(m.specular_texture, "its specular texture");
  clean.texture(m.specular_color_texture, "its specular colour texture");
  for (MaterialExtension& e : m.extensions) {
    for (auto& [key, ref] : e.textures) {
      clean.texture(ref, cat("its ", e.name, " ", key));
      if (ref.present() && !std::isfinite(ref.scale)) {
        diagnostics.warn(
            "collada.write.material-term-not-finite",
            cat(label, ": its ", e.name, " ", key, "'s scale is not finite; 1 is written"));
        ref.scale = 1;
      }
    }
    std::erase_if(e.textures, [](const auto& member) { return !member.second.present(); });
  }
  // Lambert and constant shading have no highlight to hold them.
  if (m.has_specular() && out.shading != "phong" && out.shading != "blinn") {
    diagnostics.warn("collada.write.specular-dropped",
                     cat(label, ": ", out.shading, " shading has no specular; it is left out"));
    m.specular_factor = 1;
    m.specular_color = {1, 1, 1};
    m.specular_texture = m.specular_color_texture = TextureRef{};
  }
  // Q24: a black emissive switches the emissive texture off, which COLLADA's emission would
  // make glow; a constant effect has no diffuse to hold a base colour texture.
  if (m.emissive_texture.present() && m.emissive == kBlack) {
    diagnostics.warn("collada.write.emissive-texture-dropped",
                     cat(label, ": its emissive texture under a black emissive is left out"));
    m.emissive_texture = TextureRef{};
  }
  if (m.base_color_texture.present() && out.shading == "constant") {
    diagnostics.warn("collada.write.constant-texture-dropped",
                     cat(label,
                         ": a constant effect has no diffuse; its base colour texture is "
                         "left out"));
    m.base_color_texture = TextureRef{};
  }
  if (m.normal_texture.present() && m.normal_texture.scale != 1) {
    diagnostics.warn("collada.write.normal-scale-dropped",
                     cat(label, ": COLLADA's <bump> has no normal scale; it is left out"));
  }
  bool misbound = false;
  std::vector<const TextureRef*> refs = {&m.emissive_texture,      &m.base_color_texture,
                                         &m.normal_texture,        &m.metallic_roughness_texture,
                                         &m.occlusion_texture,     &m.specular_texture,
                                         &m.specular_color_texture};
  for (const MaterialExtension& e : m.extensions) {
    for (const auto& [key, ref] : e.textures) refs.push_back(&ref);
  }
  for (const TextureRef* ref : refs) {
    if (!ref->present()) continue;
    for (int set : sets) {
      if (set == ref->texcoord || misbound) continue;
      misbound = true;
      diagnostics.warn(
          "collada.write.texcoord-set",
          cat(label, ": a texture on TEXCOORD set ", ref->texcoord, " is bound to set ", set,
              ", the lowest its mesh writes, as COLLADA binds one set per material"));
    }
    add_sampler(scene, plan, *ref, out.samplers);
  }
  if (!out.samplers.empty()) out.texcoord_symbol = std::string(kTexcoordSymbol);
}

absl::Status plan_material(const Scene& scene, size_t index, const WritePlan& plan,
                           std::span<const int> sets, Diagnostics& diagnostics, MaterialPlan& out) {
  const Material& source = scene.materials[index];
  std::string label = label_of(source, index);
  if (absl::Status s = check_factors(source, label); !s.ok()) return s;
  out.shading = shading_of(source);
  warn_dropped_extras(source, diagnostics);
  out.material = source;
  out.material.extras.clear();
  plan_extensions(out.material.extensions, label, diagnostics);
  AlphaMode mode = source.alpha_mode;
  if (mode != AlphaMode::kOpaque && mode != AlphaMode::kMask && mode != AlphaMode::kBlend) {
    diagnostics.warn("collada.write.alpha-mode",
                     cat(label, ": an alpha mode other than OPAQUE, MASK or BLEND is left out"));
    out.write_alpha_mode = false;
  }
  MaterialCleaner(scene, plan, diagnostics, label).colours(out.material);
  plan_textures(scene, plan, sets, label, diagnostics, out);
  return absl::OkStatus();
}

// Warns once per texture a written material samples whose wrap or filter COLLADA cannot spell.
void check_samplers(const Scene& scene, const EffectsPlan& effects, Diagnostics& diagnostics) {
  std::vector<bool> checked(scene.textures.size(), false);
  for (const MaterialPlan& material : effects.materials) {
    for (const EffectSampler& s : material.samplers) {
      if (checked[s.texture]) continue;
      checked[s.texture] = true;
      const Texture& t = scene.textures[s.texture];
      if (wrap_name(t.wrap_s).empty() || wrap_name(t.wrap_t).empty()) {
        diagnostics.warn("collada.write.texture-sampler",
                         "a texture wrap that is not a glTF wrap mode is written as WRAP");
      }
      if ((t.min_filter != 0 && filter_name(t.min_filter).empty()) ||
          (t.mag_filter != 0 && filter_name(t.mag_filter).empty())) {
        diagnostics.warn("collada.write.texture-sampler",
                         "a texture filter that is not a glTF filter is left out");
      }
    }
  }
}

void color_element(XmlWriter& xml, std::span<const double> values, std::string_view sid = {}) {
  xml.open("color");
  if (!sid.empty()) xml.attr("sid", sid);
  xml.numbers(values);
  xml.close();
}

void float_element(XmlWriter& xml, std::string_view name, double value, std::string_view sid = {}) {
  xml.open(name);
  xml.number_element("float", value, sid);
  xml.close();
}

class EffectWriter {
 public:
  EffectWriter(const Scene& scene, const WritePlan& plan, const MaterialPlan& material,
               XmlWriter& xml)
      : scene_(scene),
        plan_(plan),
        p_(material),
        m_(material.material),
        xml_(xml),
        textures_(scene, material, xml) {}

  void write() {
    xml_.open("effect");
    xml_.attr("id", p_.effect_id);
    xml_.open("profile_COMMON");
    for (const EffectSampler& s : p_.samplers) sampler(s);
    xml_.open("technique");
    xml_.attr("sid", "common");
    shading();
    technique_extras();
    xml_.close();
    xml_.close();
    xml_.close();
  }

 private:
  void sampler(const EffectSampler& s) {
    const Texture& t = scene_.textures[s.texture];
    xml_.open("newparam");
    xml_.attr("sid", s.surface_sid);
    xml_.open("surface");
    xml_.attr("type", "2D");
    xml_.element("init_from", plan_.effects.image_ids[t.image]);
    xml_.close();
    xml_.close();
    xml_.open("newparam");
    xml_.attr("sid", s.sampler_sid);
    xml_.open("sampler2D");
    xml_.element("source", s.surface_sid);
    for (auto [name, wrap] : {std::pair{"wrap_s", t.wrap_s}, std::pair{"wrap_t", t.wrap_t}}) {
      std::string_view spelled = wrap_name(wrap);
      xml_.element(name, spelled.empty() ? "WRAP" : spelled);
    }
    for (auto [name, filter] :
         {std::pair{"minfilter", t.min_filter}, std::pair{"magfilter", t.mag_filter}}) {
      if (!filter_name(filter).empty()) xml_.element(name, filter_name(filter));
    }
    xml_.close();
    xml_.close();
  }

  // The common profile's slots, in the schema's order: emission, diffuse, specular and
  // shininess (phong and blinn), transparent, transparency (constant has no diffuse).
  void shading() {
    xml_.open(p_.shading == "constant"  ? "constant"
              : p_.shading == "lambert" ? "lambert"
              : p_.shading == "blinn"   ? "blinn"
                                        : "phong");
    if (m_.emissive_texture.present()) {
      xml_.open("emission");
      textures_.texture(m_.emissive_texture);
      xml_.close();
    } else if (m_.emissive != kBlack || p_.animated_emission) {
      xml_.open("emission");
      color_element(xml_, std::array<double, 4>{m_.emissive[0], m_.emissive[1], m_.emissive[2], 1},
                    p_.animated_emission ? kEmissionSid : "");
      xml_.close();
    }
    if (p_.shading != "constant") {
      xml_.open("diffuse");
      if (m_.base_color_texture.present()) {
        textures_.texture(m_.base_color_texture);
      } else {
        // The alpha goes in <transparent>: a reader multiplies the two.
        color_element(
            xml_, std::array<double, 4>{m_.base_color[0], m_.base_color[1], m_.base_color[2], 1},
            p_.animated_base_color ? kDiffuseSid : "");
      }
      xml_.close();
    }
    if (highlights()) {
      if (m_.specular_color_texture.present()) {
        xml_.open("specular");
        textures_.texture(m_.specular_color_texture);
        xml_.close();
      } else if (m_.specular_color != std::array<double, 3>{1, 1, 1} || p_.animated_specular) {
        xml_.open("specular");
        color_element(xml_,
                      std::array<double, 4>{m_.specular_color[0], m_.specular_color[1],
                                            m_.specular_color[2], 1},
                      p_.animated_specular ? kSpecularSid : "");
        xml_.close();
      }
      // The exponent a COLLADA read takes back to this roughness (formats/collada/shininess.h);
      // the polyxios technique keeps it exactly.
      if (writes_roughness(m_) || p_.animated_shininess) {
        float_element(xml_, "shininess", shininess_from_roughness(m_.roughness),
                      p_.animated_shininess ? kShininessSid : "");
      }
    }
    if (m_.base_color[3] < 1 || p_.animated_alpha) {
      xml_.open("transparent");
      xml_.attr("opaque", "A_ONE");
      color_element(xml_, std::array<double, 4>{1, 1, 1, m_.base_color[3]},
                    p_.animated_alpha ? kTransparentSid : "");
      xml_.close();
      float_element(xml_, "transparency", 1);
    }
    if (writes_index_of_refraction()) float_element(xml_, "index_of_refraction", m_.ior);
    xml_.close();
  }

  bool highlights() const { return p_.shading == "phong" || p_.shading == "blinn"; }
  // An ior <index_of_refraction> spells (see read_ior in formats/collada/read/materials.cc).
  bool writes_index_of_refraction() const { return m_.ior > 1 && m_.ior != 1.5; }

  // The technique's <extra>: the polyxios technique, then the one most readers look for last,
  // holding FCOLLADA's normal map and Google Earth's double_sided (three.js reads the last
  // technique of the extra alone).
  void technique_extras() {
    bool bump = m_.normal_texture.present();
    bool polyxios = writes_polyxios_technique(p_);
    if (!bump && !m_.double_sided && !polyxios) return;
    xml_.open("extra");
    if (polyxios) write_polyxios_technique(p_, textures_, xml_);
    if (bump || m_.double_sided) {
      xml_.open("technique");
      xml_.attr("profile", bump ? "FCOLLADA" : "GOOGLEEARTH");
      if (bump) {
        xml_.open("bump");
        xml_.attr("bumptype", "NORMALMAP");
        textures_.texture(m_.normal_texture);
        xml_.close();
      }
      if (m_.double_sided) xml_.element("double_sided", "1");
      xml_.close();
    }
    xml_.close();
  }

  const Scene& scene_;
  const WritePlan& plan_;
  const MaterialPlan& p_;
  const Material& m_;
  XmlWriter& xml_;
  EffectTextureXml textures_;
};

}  // namespace

absl::Status plan_effects(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  std::vector<MaterialPlan>& materials = plan.effects.materials;
  materials.assign(scene.materials.size(), MaterialPlan{});
  // Material names are taken as ids first, then image names, then generated ids for the rest.
  for (size_t i = 0; i < scene.materials.size(); ++i) {
    if (plan.ids.reserve(scene.materials[i].name)) materials[i].id = scene.materials[i].name;
  }
  plan_images(scene, plan, diagnostics);
  std::vector<std::vector<int>> sets = bound_sets(scene, plan);
  for (size_t i = 0; i < scene.materials.size(); ++i) {
    if (absl::Status s = plan_material(scene, i, plan, sets[i], diagnostics, materials[i]);
        !s.ok()) {
      return s;
    }
  }
  for (size_t i = 0; i < scene.materials.size(); ++i) {
    MaterialPlan& m = materials[i];
    if (m.id.empty()) m.id = plan.ids.unique(to_ncname(scene.materials[i].name, "material"));
    m.effect_id = plan.ids.unique(cat(m.id, "-effect"));
  }
  check_samplers(scene, plan.effects, diagnostics);
  return absl::OkStatus();
}

void write_effects(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  write_images(scene, plan, xml);
  const std::vector<MaterialPlan>& materials = plan.effects.materials;
  if (materials.empty()) return;
  xml.open("library_effects");
  for (const MaterialPlan& m : materials) EffectWriter(scene, plan, m, xml).write();
  xml.close();
  xml.open("library_materials");
  for (size_t i = 0; i < materials.size(); ++i) {
    xml.open("material");
    xml.attr("id", materials[i].id);
    // A material without a name reads back named by its id: naming it so keeps a second write
    // of the document read back byte-identical.
    const std::string& name = materials[i].material.name;
    xml.attr("name", name.empty() ? materials[i].id : name);
    xml.open("instance_effect");
    xml.attr("url", cat("#", materials[i].effect_id));
    xml.close();
    xml.close();
  }
  xml.close();
}

}  // namespace px::collada
