#include "formats/collada/write/effect_texture_xml.h"

#include <array>

#include "formats/collada/texture_placement.h"

namespace px::collada {

void number_element(XmlWriter& xml, std::string_view name, std::span<const double> values) {
  xml.open(name);
  xml.numbers(values);
  xml.close();
}

void EffectTextureXml::attrs(const TextureRef& ref) {
  for (const EffectSampler& s : p_.samplers) {
    if (s.texture == ref.texture) xml_.attr("texture", s.sampler_sid);
  }
  xml_.attr("texcoord", p_.texcoord_symbol);
}

void EffectTextureXml::texture(const TextureRef& ref) {
  xml_.open("texture");
  attrs(ref);
  placement(ref);
  xml_.close();
}

// With the sampler's wrap, since three.js's ColladaLoader clamps a texture whose technique says
// no wrapU (formats/collada/texture_placement.h).
void EffectTextureXml::placement(const TextureRef& ref) {
  if (ref.transform.identity()) return;
  const Texture& t = scene_.textures[ref.texture];
  MayaPlacement maya = maya_placement_of(ref.transform);
  xml_.open("extra");
  xml_.open("technique");
  xml_.attr("profile", "MAYA");
  xml_.element("wrapU", t.wrap_s == 33071 ? "0" : "1");
  xml_.element("wrapV", t.wrap_t == 33071 ? "0" : "1");
  xml_.element("mirrorU", t.wrap_s == 33648 ? "1" : "0");
  xml_.element("mirrorV", t.wrap_t == 33648 ? "1" : "0");
  number_element(xml_, "repeatU", std::array{maya.repeat[0]});
  number_element(xml_, "repeatV", std::array{maya.repeat[1]});
  number_element(xml_, "offsetU", std::array{maya.offset[0]});
  number_element(xml_, "offsetV", std::array{maya.offset[1]});
  number_element(xml_, "rotateUV", std::array{maya.rotate_degrees});
  xml_.close();
  xml_.close();
}

}  // namespace px::collada
