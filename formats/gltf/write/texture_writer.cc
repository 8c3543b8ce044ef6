#include "formats/gltf/write/texture_writer.h"

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "engine/strings.h"
#include "engine/uri.h"

namespace px::gltf {
namespace {

constexpr int kRepeat = 10497;

// wrapS, wrapT, magFilter, minFilter; 0 for an unset filter.
using Sampler = std::array<int, 4>;
constexpr Sampler kDefaultSampler = {kRepeat, kRepeat, 0, 0};

int checked(int value, std::span<const int> allowed, int fallback, std::string_view what,
            size_t texture, Diagnostics& diagnostics) {
  if (std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return value;
  diagnostics.warn(
      "gltf.write.sampler-value-dropped",
      cat("texture ", texture, ": ", what, " ", value, " is not a glTF value; left out"));
  return fallback;
}

Sampler sampler_of(const Texture& t, size_t index, Diagnostics& d) {
  static constexpr int kWraps[] = {33071, 33648, kRepeat};
  static constexpr int kMagFilters[] = {0, 9728, 9729};
  static constexpr int kMinFilters[] = {0, 9728, 9729, 9984, 9985, 9986, 9987};
  return {checked(t.wrap_s, kWraps, kRepeat, "wrapS", index, d),
          checked(t.wrap_t, kWraps, kRepeat, "wrapT", index, d),
          checked(t.mag_filter, kMagFilters, 0, "magFilter", index, d),
          checked(t.min_filter, kMinFilters, 0, "minFilter", index, d)};
}

void write_sampler(JsonWriter& json, const Sampler& s) {
  static constexpr std::string_view kKeys[] = {"wrapS", "wrapT", "magFilter", "minFilter"};
  json.start_object();
  for (size_t k = 0; k < s.size(); ++k) {
    if (s[k] == kDefaultSampler[k]) continue;
    json.key(kKeys[k]);
    json.integer(s[k]);
  }
  json.end_object();
}

void add_name(std::vector<std::string_view>& names, std::string_view name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

// The texture's KHR_texture_basisu, EXT_texture_webp or EXT_texture_avif source, when its image
// is written; the extension is required of a texture without a core source to fall back on.
void write_source_extension(const Scene& scene, size_t index, bool has_source,
                            const ImageWriter& images, JsonWriter& json,
                            TextureExtensions& extensions, Diagnostics& diagnostics) {
  const Texture& t = scene.textures[index];
  if (t.source_extension.empty() && t.extension_image == -1) return;
  const int source = images.written_index(t.extension_image);
  const std::string_view type = source_extension_type(t.source_extension);
  std::string why;
  if (type.empty()) {
    why = "polyxios does not write that extension";
  } else if (source < 0) {
    why = "the image is not written";
  } else if (std::string_view bytes = sniff_media_type(scene.images[t.extension_image].bytes);
             !bytes.empty() && bytes != type) {
    why = cat("the image is ", bytes, ", not ", type);
  }
  if (!why.empty()) {
    diagnostics.warn("gltf.write.texture-source-dropped",
                     cat("texture ", index, ": its source by \"", t.source_extension, "\" (image ",
                         t.extension_image, ") left out: ", why));
    return;
  }
  json.key("extensions");
  json.start_object();
  json.key(t.source_extension);
  json.start_object();
  json.key("source");
  json.integer(source);
  json.end_object();
  json.end_object();
  add_name(extensions.used, t.source_extension);
  if (!has_source) add_name(extensions.required, t.source_extension);
}

}  // namespace

TextureExtensions write_textures_json(const Scene& scene, const ImageWriter& images,
                                      JsonWriter& json, Diagnostics& diagnostics) {
  TextureExtensions extensions;
  if (scene.textures.empty()) return extensions;
  std::vector<Sampler> samplers;
  json.key("textures");
  json.start_array();
  for (size_t i = 0; i < scene.textures.size(); ++i) {
    const Texture& t = scene.textures[i];
    json.start_object();
    if (!t.name.empty()) {
      json.key("name");
      json.string(t.name);
    }
    Sampler s = sampler_of(t, i, diagnostics);
    if (s != kDefaultSampler) {
      auto it = std::find(samplers.begin(), samplers.end(), s);
      if (it == samplers.end()) it = samplers.insert(samplers.end(), s);
      json.key("sampler");
      json.integer(it - samplers.begin());
    }
    int source = images.written_index(t.image);
    if (source >= 0) {
      json.key("source");
      json.integer(source);
    } else if (t.image != -1) {
      diagnostics.warn(
          "gltf.write.texture-source-dropped",
          cat("texture ", i, ": image ", t.image, " is not written; the texture has no source"));
    }
    write_source_extension(scene, i, source >= 0, images, json, extensions, diagnostics);
    json.end_object();
  }
  json.end_array();
  if (samplers.empty()) return extensions;
  json.key("samplers");
  json.start_array();
  for (const Sampler& s : samplers) write_sampler(json, s);
  json.end_array();
  return extensions;
}

}  // namespace px::gltf
