#include "formats/gltf/write/texture_writer.h"

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "engine/strings.h"

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

}  // namespace

void write_textures_json(const Scene& scene, const ImageWriter& images, JsonWriter& json,
                         Diagnostics& diagnostics) {
  if (scene.textures.empty()) return;
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
    json.end_object();
  }
  json.end_array();
  if (samplers.empty()) return;
  json.key("samplers");
  json.start_array();
  for (const Sampler& s : samplers) write_sampler(json, s);
  json.end_array();
}

}  // namespace px::gltf
