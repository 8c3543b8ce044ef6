// Scene textures as glTF textures, with their samplers deduplicated.
#pragma once

#include <string_view>
#include <vector>

#include "formats/gltf/write/image_writer.h"
#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// The texture source extensions the written textures use, for "extensionsUsed", and those of
// textures without a core source, for "extensionsRequired".
struct TextureExtensions {
  std::vector<std::string_view> used;
  std::vector<std::string_view> required;
};

// "textures" and "samplers", each when there is any. A texture whose image is not written has no
// source (with a warning unless it was a -1 placeholder); a sampler value glTF does not define
// is left out with a warning; a texture with the default sampler has none. A texture's KTX2, WebP
// or AVIF source is written back by its extension when its image is written, else left out with
// gltf.write.texture-source-dropped.
TextureExtensions write_textures_json(const Scene& scene, const ImageWriter& images,
                                      JsonWriter& json, Diagnostics& diagnostics);

}  // namespace px::gltf
