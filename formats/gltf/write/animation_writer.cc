#include "formats/gltf/write/animation_writer.h"

#include <algorithm>
#include <cstring>

#include "engine/strings.h"
#include "formats/gltf/write/value_json.h"
#include "polyxios/hash_containers.h"

namespace px::gltf {
namespace {

std::string_view accessor_type(size_t width) {
  switch (width) {
    case 1:
      return "SCALAR";
    case 2:
      return "VEC2";
    case 3:
      return "VEC3";
    case 4:
      return "VEC4";
    case 9:
      return "MAT3";
    default:
      return "MAT4";  // 16: the bake lets no other width through
  }
}

}  // namespace

AnimationWriter::AnimationWriter(const Scene& scene, Diagnostics& diagnostics)
    : baked_(bake_animations(scene)) {
  for (const BakeNote& note : baked_.notes) diagnostics.warn(note.code, note.message);
}

void AnimationWriter::add_accessors(BinLayout& bin) {
  // Times arrays by their float32 bytes, so that equal arrays share one accessor.
  HashMap<std::string, int> times_by_bytes;
  for (const BakedAnimation& animation : baked_.animations) {
    std::vector<Accessors>& accessors = accessors_.emplace_back();
    for (const BakedSampler& sampler : animation.samplers) {
      std::vector<float> times(sampler.times.begin(), sampler.times.end());
      std::string bytes(reinterpret_cast<const char*>(times.data()), times.size() * sizeof(float));
      auto [it, inserted] = times_by_bytes.try_emplace(std::move(bytes), -1);
      if (inserted) {
        const std::vector<float>* stored = &times_.emplace_back(std::move(times));
        int view =
            bin.add_view(stored->size() * sizeof(float), 0, [stored](ViewOut& out, Diagnostics&) {
              out.bytes(
                  {reinterpret_cast<const char*>(stored->data()), stored->size() * sizeof(float)});
              return absl::OkStatus();
            });
        bin.compressible(view, MeshoptMode::kAttributes, sizeof(float));
        // Times increase, so the first and last are the min and max.
        it->second = bin.add_accessor(
            Accessor{view, kFloat, stored->size(), "SCALAR", {stored->front()}, {stored->back()}});
      }
      const size_t rows = sampler.values.size() / sampler.width;
      const std::vector<double>* values = &sampler.values;
      int view =
          bin.add_view(values->size() * sizeof(float), 0, [values](ViewOut& out, Diagnostics&) {
            stream_rows(out, values->size(), sizeof(float), [&](size_t first, size_t end, char* p) {
              for (size_t i = first; i < end; ++i, p += sizeof(float)) {
                const float f = static_cast<float>((*values)[i]);
                std::memcpy(p, &f, sizeof f);
              }
              return true;
            });
            return absl::OkStatus();
          });
      // meshoptimizer's attribute codec takes elements of up to 256 bytes.
      if (sampler.width <= 64) {
        bin.compressible(view, MeshoptMode::kAttributes, sampler.width * sizeof(float));
      }
      int output =
          bin.add_accessor(Accessor{view, kFloat, rows, accessor_type(sampler.width), {}, {}});
      accessors.push_back({it->second, output});
    }
  }
}

bool AnimationWriter::uses_pointer() const { return !pointers().empty(); }

std::vector<std::string_view> AnimationWriter::pointers() const {
  std::vector<std::string_view> out;
  for (const BakedAnimation& animation : baked_.animations) {
    for (const BakedChannel& c : animation.channels) {
      if (!c.pointer.empty()) out.push_back(c.pointer);
    }
  }
  return out;
}

namespace {

// One channel object; `pointer` its KHR_animation_pointer pointer, empty for a plain channel.
void write_channel(JsonWriter& json, const BakedChannel& c, const std::string& pointer) {
  json.start_object();
  json.key("sampler");
  json.integer(c.sampler);
  json.key("target");
  json.start_object();
  if (pointer.empty() && c.node >= 0) {
    json.key("node");
    json.integer(c.node);
  }
  json.key("path");
  json.string(target_path_name(c.path));
  if (!pointer.empty()) {
    json.key("extensions");
    json.start_object();
    json.key("KHR_animation_pointer");
    json.start_object();
    json.key("pointer");
    json.string(pointer);
    json.end_object();
    json.end_object();
  }
  json.end_object();
  if (c.extras) {
    json.key("extras");
    write_value(json, *c.extras);
  }
  json.end_object();
}

}  // namespace

void AnimationWriter::write_json(JsonWriter& json, const WrittenPointers& written_pointers,
                                 Diagnostics& diagnostics) const {
  // Each channel's written pointers; none for a plain channel or a pointer one left out.
  std::vector<std::vector<std::vector<std::string>>> pointers(baked_.animations.size());
  bool any = false;
  for (size_t a = 0; a < baked_.animations.size(); ++a) {
    for (const BakedChannel& c : baked_.animations[a].channels) {
      std::vector<std::string>& p = pointers[a].emplace_back(
          c.pointer.empty() ? std::vector<std::string>() : written_pointers(c));
      if (!c.pointer.empty() && p.empty()) {
        diagnostics.warn("gltf.write.animation-pointer-dropped",
                         cat("animation ", a, ": a channel on ", c.pointer, " is left out: node ",
                             c.node, " carries no written light or camera"));
      }
      any = any || c.pointer.empty() || !p.empty();
    }
  }
  if (!any) return;
  json.key("animations");
  json.start_array();
  for (size_t a = 0; a < baked_.animations.size(); ++a) {
    const BakedAnimation& animation = baked_.animations[a];
    const std::vector<std::vector<std::string>>& written = pointers[a];
    bool writes_channel = false;
    for (size_t i = 0; i < animation.channels.size(); ++i) {
      writes_channel =
          writes_channel || animation.channels[i].pointer.empty() || !written[i].empty();
    }
    if (!writes_channel) continue;
    json.start_object();
    if (!animation.name.empty()) {
      json.key("name");
      json.string(animation.name);
    }
    json.key("channels");
    json.start_array();
    for (size_t i = 0; i < animation.channels.size(); ++i) {
      const BakedChannel& c = animation.channels[i];
      if (c.pointer.empty()) {
        write_channel(json, c, "");
        continue;
      }
      for (const std::string& pointer : written[i]) write_channel(json, c, pointer);
    }
    json.end_array();
    json.key("samplers");
    json.start_array();
    for (size_t s = 0; s < animation.samplers.size(); ++s) {
      json.start_object();
      json.key("input");
      json.integer(accessors_[a][s].input);
      json.key("interpolation");
      json.string(animation.samplers[s].interpolation);
      json.key("output");
      json.integer(accessors_[a][s].output);
      if (animation.samplers[s].extras) {
        json.key("extras");
        write_value(json, *animation.samplers[s].extras);
      }
      json.end_object();
    }
    json.end_array();
    if (animation.extras) {
      json.key("extras");
      write_value(json, *animation.extras);
    }
    json.end_object();
  }
  json.end_array();
}

}  // namespace px::gltf
