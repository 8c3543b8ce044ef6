#include "formats/gltf/write/texture_info_writer.h"

#include <array>

namespace px::gltf {

void write_texture_ref(JsonWriter& json, std::string_view key, const TextureRef& ref,
                       std::string_view scale_key) {
  if (!ref.present()) return;
  json.key(key);
  json.start_object();
  json.key("index");
  json.integer(ref.texture);
  if (ref.texcoord != 0) {
    json.key("texCoord");
    json.integer(ref.texcoord);
  }
  if (!scale_key.empty() && ref.scale != 1) {
    json.key(scale_key);
    json.number(ref.scale);
  }
  const TextureTransform& t = ref.transform;
  if (!t.identity()) {
    json.key("extensions");
    json.start_object();
    json.key(kTextureTransform);
    json.start_object();
    if (t.offset != std::array<double, 2>{0, 0}) write_numbers(json, "offset", t.offset);
    if (t.rotation != 0) {
      json.key("rotation");
      json.number(t.rotation);
    }
    if (t.scale != std::array<double, 2>{1, 1}) write_numbers(json, "scale", t.scale);
    json.end_object();
    json.end_object();
  }
  json.end_object();
}

}  // namespace px::gltf
