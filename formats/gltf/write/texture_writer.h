// Scene textures as glTF textures, with their samplers deduplicated.
#pragma once

#include "engine/diagnostics.h"
#include "formats/gltf/write/image_writer.h"
#include "formats/gltf/write/json_writer.h"
#include "model/scene.h"

namespace px::gltf {

// "textures" and "samplers", each when there is any. A texture whose image is not written has no
// source (with a warning unless it was a -1 placeholder); a sampler value glTF does not define
// is left out with a warning; a texture with the default sampler has none.
void write_textures_json(const Scene& scene, const ImageWriter& images, JsonWriter& json,
                         Diagnostics& diagnostics);

}  // namespace px::gltf
