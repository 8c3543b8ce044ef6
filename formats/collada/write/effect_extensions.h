// The glTF extensions a glTF read carries as they are which COLLADA has no place for: a texture's
// KTX2, WebP or AVIF source (Texture::extension_image) and KHR_materials_variants
// (Scene::material_variants). Each is left out with collada.write.gltf-extension-dropped,
// naming the extension and how many textures carried it; a texture's core source is written as
// always. A material's (Material::extensions: KHR_materials_clearcoat, _sheen, ...) go in the
// polyxios technique (effect_polyxios_technique.h).
#pragma once

#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

void warn_gltf_extensions_dropped(const Scene& scene, Diagnostics& diagnostics);

}  // namespace px::collada
