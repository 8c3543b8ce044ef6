// The <texture> of an effect, as the common profile and the polyxios technique write it: the
// sampler it names, the texcoord symbol, and its placement as Maya's technique.
#pragma once

#include <span>
#include <string_view>

#include "formats/collada/write/effect_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// <name>values</name>.
void number_element(XmlWriter& xml, std::string_view name, std::span<const double> values);

class EffectTextureXml {
 public:
  EffectTextureXml(const Scene& scene, const MaterialPlan& material, XmlWriter& xml)
      : scene_(scene), p_(material), xml_(xml) {}

  // <texture texture="sampler sid" texcoord="symbol"> with its placement.
  void texture(const TextureRef& ref);
  // The texture and texcoord attributes of the element open.
  void attrs(const TextureRef& ref);
  // The placement's <extra>, under the element open; nothing for an identity placement.
  void placement(const TextureRef& ref);

 private:
  const Scene& scene_;
  const MaterialPlan& p_;
  XmlWriter& xml_;
};

}  // namespace px::collada
