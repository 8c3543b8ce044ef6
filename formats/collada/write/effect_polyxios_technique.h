// <extra><technique profile="polyxios"> inside an effect's technique: the glTF terms the common
// profile cannot spell (metallic, roughness, ior, alpha mode and cutoff, tints beside textures,
// the metallic-roughness, occlusion and specular textures, the specular factor and colour), each
// only when the common profile does not already read back to it (W16, W17); and the material's
// carried glTF extensions (polyxios/scene/scene.h MaterialExtension), each a
// <gltf_extension name="KHR_materials_clearcoat"> holding an element per member, named by its
// key: a number or colour as text, a texture as the common profile's <texture> (a normal
// texture's scale in a scale attribute).
// formats/collada/read/effect_polyxios_technique.cc reads it.
#pragma once

#include "formats/collada/write/effect_plan.h"
#include "formats/collada/write/effect_texture_xml.h"
#include "formats/collada/write/xml_writer.h"

namespace px::collada {

// Whether the roughness differs from glTF's default: the common profile's <shininess> and the
// technique then both hold it.
bool writes_roughness(const Material& m);
bool writes_polyxios_technique(const MaterialPlan& p);
void write_polyxios_technique(const MaterialPlan& p, EffectTextureXml& textures, XmlWriter& xml);

}  // namespace px::collada
