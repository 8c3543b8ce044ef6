// <extra><technique profile="polyxios"> inside an effect's technique: the glTF terms a polyxios
// write keeps there (formats/collada/write/effect_polyxios_technique.h): metallic, roughness,
// ior, alpha_mode, alpha_cutoff, base_color, emissive, specular_factor, specular_color and the
// metallic_roughness, occlusion (with an optional strength) and specular textures; and each
// <gltf_extension>, a carried glTF material extension (polyxios/scene/scene.h MaterialExtension),
// left out whole with collada.effect.gltf-extension-ignored where a glTF read would leave it out
// (formats/common/material_extension_rules.h).
#pragma once

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "formats/collada/read/context.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// The effect technique's polyxios technique, if any.
const Element* polyxios_technique(const Element& technique);

// Reads a <texture>-like element (texture and texcoord attributes, a placement) into ref.
using TextureReader = absl::FunctionRef<absl::Status(const Element&, TextureRef*)>;

// Reads the technique's terms into m, over what the common profile gave; a term that is not what
// it should be is ignored with a warning. constant: the effect's shading is <constant>.
absl::Status read_polyxios_technique(ReadContext& ctx, const Element& technique, bool constant,
                                     TextureReader texture_ref, Material* m);

}  // namespace px::collada
