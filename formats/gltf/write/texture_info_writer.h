// The pieces of a material's JSON its extensions share with its core: a textureInfo (with its
// KHR_texture_transform) and an array of numbers.
#pragma once

#include <string_view>

#include "formats/gltf/write/json_writer.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

inline constexpr std::string_view kTextureTransform = "KHR_texture_transform";

// `key`: [values...].
void write_numbers(JsonWriter& json, std::string_view key, const auto& values) {
  json.key(key);
  json.start_array();
  for (double v : values) json.number(v);
  json.end_array();
}

// `key`: the textureInfo of ref, when present; scale_key names its scale ("scale" of a normal
// texture, "strength" of an occlusion one), written when not 1.
void write_texture_ref(JsonWriter& json, std::string_view key, const TextureRef& ref,
                       std::string_view scale_key);

}  // namespace px::gltf
