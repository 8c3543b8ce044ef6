// The material extensions a glTF read keeps, each only when extensionsUsed lists it (the extension
// check warns about data of one it does not): KHR_materials_unlit as constant shading,
// KHR_materials_emissive_strength multiplied into the emissive, KHR_materials_ior,
// KHR_materials_specular, a textureInfo's KHR_texture_transform, and the extensions
// formats/common/material_extension_rules.h lists, carried as they are (polyxios/scene/scene.h
// MaterialExtension).
// Data that is not what its extension says is left out with gltf.read.material-extension-invalid:
// the extension is optional, so its fault costs it alone.
#pragma once

#include "formats/gltf/read/read_context.h"

namespace px::gltf {

// The material's extensions, read after its core terms; refused only past the read's budget.
absl::Status read_material_extensions(ReadContext& ctx, const JsonObject& json, Material& m);
// The textureInfo's KHR_texture_transform into ref (its texCoord overrides the textureInfo's).
void read_texture_transform(ReadContext& ctx, const JsonObject& json, TextureRef& ref);

}  // namespace px::gltf
