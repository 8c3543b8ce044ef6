#include "formats/collada/write/effect_polyxios_technique.h"

#include <array>
#include <vector>

#include "engine/strings.h"

namespace px::collada {
namespace {

bool constant(const MaterialPlan& p) { return p.shading == "constant"; }
bool writes_metallic(const Material& m) { return m.metallic != 0; }
// The ior <index_of_refraction> cannot say: 0 and 1, which a read takes for no refraction.
bool writes_ior(const Material& m) { return m.ior == 0 || m.ior == 1; }
bool writes_alpha_mode(const MaterialPlan& p) {
  const Material& m = p.material;
  AlphaMode implied = m.base_color[3] < 1 ? AlphaMode::kBlend : AlphaMode::kOpaque;
  return p.write_alpha_mode && m.alpha_mode != implied;
}
bool writes_cutoff(const Material& m) {
  return m.alpha_mode == AlphaMode::kMask && m.alpha_cutoff != 0.5;
}
// A tint the diffuse texture, or constant shading, keeps out of the common profile.
bool writes_base_color(const MaterialPlan& p) {
  const Material& m = p.material;
  return (m.base_color_texture.present() || constant(p)) &&
         !(m.base_color[0] == 1 && m.base_color[1] == 1 && m.base_color[2] == 1);
}
// A specular colour beside the texture <specular> holds instead.
bool writes_specular_color(const Material& m) {
  return m.specular_color_texture.present() && m.specular_color != std::array<double, 3>{1, 1, 1};
}
bool writes_emissive(const Material& m) {
  return m.emissive_texture.present() && m.emissive != std::array<double, 3>{1, 1, 1};
}

// Its values are the numbers and colours its rules define (see plan_extensions in
// effect_writer.cc).
void write_gltf_extension(const MaterialExtension& e, EffectTextureXml& textures, XmlWriter& xml) {
  xml.open("gltf_extension");
  xml.attr("name", e.name);
  for (const auto& [key, value] : e.values) {
    std::vector<double> numbers;
    if (value.is_number()) numbers.push_back(value.as_double());
    if (value.is_array()) {
      for (const Value& v : value.as_array()) numbers.push_back(v.as_double());
    }
    number_element(xml, key, numbers);
  }
  for (const auto& [key, ref] : e.textures) {
    xml.open(key);
    textures.attrs(ref);
    if (ref.scale != 1) xml.attr("scale", ref.scale);
    textures.placement(ref);
    xml.close();
  }
  xml.close();
}

}  // namespace

bool writes_roughness(const Material& m) { return m.roughness != 1; }

bool writes_polyxios_technique(const MaterialPlan& p) {
  const Material& m = p.material;
  return writes_metallic(m) || writes_roughness(m) || writes_ior(m) || writes_alpha_mode(p) ||
         writes_cutoff(m) || writes_base_color(p) || writes_emissive(m) ||
         m.metallic_roughness_texture.present() || m.occlusion_texture.present() ||
         m.specular_factor != 1 || m.specular_texture.present() || writes_specular_color(m) ||
         !m.extensions.empty();
}

void write_polyxios_technique(const MaterialPlan& p, EffectTextureXml& textures, XmlWriter& xml) {
  const Material& m = p.material;
  xml.open("technique");
  xml.attr("profile", "polyxios");
  if (writes_metallic(m)) number_element(xml, "metallic", std::array{m.metallic});
  if (writes_roughness(m)) number_element(xml, "roughness", std::array{m.roughness});
  if (writes_ior(m)) number_element(xml, "ior", std::array{m.ior});
  if (writes_alpha_mode(p)) {
    xml.element("alpha_mode", m.alpha_mode == AlphaMode::kOpaque ? "OPAQUE"
                              : m.alpha_mode == AlphaMode::kMask ? "MASK"
                                                                 : "BLEND");
  }
  if (writes_cutoff(m)) number_element(xml, "alpha_cutoff", std::array{m.alpha_cutoff});
  if (writes_base_color(p)) number_element(xml, "base_color", m.base_color);
  if (writes_emissive(m)) number_element(xml, "emissive", m.emissive);
  if (m.metallic_roughness_texture.present()) {
    xml.open("metallic_roughness_texture");
    textures.attrs(m.metallic_roughness_texture);
    textures.placement(m.metallic_roughness_texture);
    xml.close();
  }
  if (m.occlusion_texture.present()) {
    xml.open("occlusion_texture");
    textures.attrs(m.occlusion_texture);
    if (m.occlusion_texture.scale != 1) xml.attr("strength", cat(m.occlusion_texture.scale));
    textures.placement(m.occlusion_texture);
    xml.close();
  }
  if (m.specular_factor != 1) number_element(xml, "specular_factor", std::array{m.specular_factor});
  if (writes_specular_color(m)) number_element(xml, "specular_color", m.specular_color);
  if (m.specular_texture.present()) {
    xml.open("specular_texture");
    textures.attrs(m.specular_texture);
    textures.placement(m.specular_texture);
    xml.close();
  }
  for (const MaterialExtension& e : m.extensions) write_gltf_extension(e, textures, xml);
  xml.close();
}

}  // namespace px::collada
