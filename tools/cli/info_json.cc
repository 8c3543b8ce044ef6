#include "tools/cli/info_json.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/utf8.h"
#include "rapidjson/prettywriter.h"
#include "rapidjson/stringbuffer.h"

namespace px::cli {
namespace {

class Json {
 public:
  Json() : writer_(buffer_) {
    writer_.SetIndent(' ', 2);
    writer_.SetFormatOptions(rapidjson::kFormatSingleLineArray);
  }

  void key(std::string_view k) {
    std::string text = valid_utf8(k);
    writer_.Key(text.data(), static_cast<rapidjson::SizeType>(text.size()), true);
  }
  void string(std::string_view s) {
    std::string text = valid_utf8(s);
    writer_.String(text.data(), static_cast<rapidjson::SizeType>(text.size()), true);
  }
  void optional_string(const std::optional<std::string>& s) {
    if (s) {
      string(*s);
    } else {
      writer_.Null();
    }
  }
  void integer(int64_t i) { writer_.Int64(i); }
  void number(double d) {
    if (std::isfinite(d)) {
      writer_.Double(d);
    } else {
      writer_.Null();
    }
  }
  void optional_number(const std::optional<double>& d) {
    if (d) {
      number(*d);
    } else {
      writer_.Null();
    }
  }
  void boolean(bool b) { writer_.Bool(b); }
  void null() { writer_.Null(); }
  void start_object() { writer_.StartObject(); }
  void end_object() { writer_.EndObject(); }
  void start_array() { writer_.StartArray(); }
  void end_array() { writer_.EndArray(); }

  void field(std::string_view k, int64_t i) {
    key(k);
    integer(i);
  }
  void point(std::string_view k, const std::array<double, 3>& p) {
    key(k);
    start_array();
    for (double x : p) number(x);
    end_array();
  }

  std::string text() const { return {buffer_.GetString(), buffer_.GetSize()}; }

 private:
  rapidjson::StringBuffer buffer_;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> writer_;
};

// {"min": [x, y, z], "max": [x, y, z]}, or null when empty.
void write_bounds(Json& json, const Bounds& bounds, const bool* exact = nullptr) {
  if (bounds.empty()) {
    json.null();
    return;
  }
  json.start_object();
  json.point("min", bounds.min);
  json.point("max", bounds.max);
  if (exact != nullptr) {
    json.key("exact");
    json.boolean(*exact);
  }
  json.end_object();
}

void write_counts(Json& json, const SceneSummary& s) {
  json.key("counts");
  json.start_object();
  json.field("meshes", s.stats.meshes);
  json.field("vertices", s.stats.vertices);
  json.field("triangles", s.stats.triangles);
  json.field("lines", s.stats.lines);
  json.field("materials", s.stats.materials);
  json.field("textures", s.stats.textures);
  json.field("images", s.stats.images);
  json.field("nodes", s.stats.nodes);
  json.field("gpuInstances", s.stats.instances);
  json.field("scenes", s.stats.scenes);
  json.field("cameras", s.cameras);
  json.field("lights", s.lights);
  json.field("skins", static_cast<int64_t>(s.skins.size()));
  json.field("animations", static_cast<int64_t>(s.animations.size()));
  json.end_object();
}

void write_mesh(Json& json, const MeshSummary& mesh) {
  json.start_object();
  json.key("name");
  json.optional_string(mesh.name);
  json.field("vertices", mesh.counts.vertices);
  json.field("triangles", mesh.counts.triangles);
  json.field("lines", mesh.counts.lines);
  json.field("cells", mesh.counts.cells);
  json.key("attributes");
  json.start_array();
  for (const std::string& name : mesh.attributes) json.string(name);
  json.end_array();
  json.key("materials");
  json.start_array();
  for (int m : mesh.materials) json.integer(m);
  json.end_array();
  json.field("instances", mesh.instances);
  json.key("bounds");
  write_bounds(json, mesh.bounds);
  json.end_object();
}

void write_material(Json& json, const MaterialSummary& material) {
  json.start_object();
  json.key("name");
  json.string(material.name);
  if (material.shading) {
    json.key("shading");
    json.string(*material.shading);
  }
  json.key("alphaMode");
  json.string(alpha_mode_name(material.alpha_mode));
  if (material.alpha_mode == AlphaMode::kMask) {
    json.key("alphaCutoff");
    json.number(material.alpha_cutoff);
  }
  json.key("doubleSided");
  json.boolean(material.double_sided);
  json.key("textures");
  json.start_object();
  for (const auto& [slot, texture] : material.textures) json.field(slot, texture);
  json.end_object();
  json.end_object();
}

void write_animation(Json& json, const AnimationSummary& animation) {
  json.start_object();
  json.key("name");
  json.string(animation.name);
  json.field("channels", animation.channels);
  json.field("samplers", animation.samplers);
  json.field("keys", animation.keys);
  json.key("start");
  json.optional_number(animation.start);
  json.key("end");
  json.optional_number(animation.end);
  json.key("duration");
  json.optional_number(animation.start && animation.end
                           ? std::optional<double>(*animation.end - *animation.start)
                           : std::nullopt);
  json.end_object();
}

void write_asset(Json& json, const AssetSummary& asset) {
  json.key("asset");
  json.start_object();
  json.key("generator");
  json.optional_string(asset.generator);
  json.key("version");
  json.optional_string(asset.version);
  json.key("upAxis");
  json.optional_string(asset.up_axis);
  json.key("unit");
  if (asset.unit_name || asset.unit_meters) {
    json.start_object();
    json.key("name");
    json.optional_string(asset.unit_name);
    json.key("meters");
    json.optional_number(asset.unit_meters);
    json.end_object();
  } else {
    json.null();
  }
  json.end_object();
}

// [{"name": ..., "type": ...}] of the scene's cameras or lights.
void write_objects(Json& json, std::string_view key, const std::vector<ObjectSummary>& objects) {
  json.key(key);
  json.start_array();
  for (const ObjectSummary& object : objects) {
    json.start_object();
    json.key("name");
    json.string(object.name);
    json.key("type");
    json.string(object.type);
    json.end_object();
  }
  json.end_array();
}

// {code: count} of the diagnostics of one severity, in first-seen order.
void write_codes(Json& json, const Diagnostics& diagnostics, Severity severity) {
  json.start_object();
  std::vector<std::pair<std::string, int64_t>> counts;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.severity != severity) continue;
    auto at = std::find_if(counts.begin(), counts.end(),
                           [&](const auto& c) { return c.first == d.code; });
    if (at == counts.end()) {
      counts.emplace_back(d.code, d.count);
    } else {
      at->second += d.count;
    }
  }
  for (const auto& [code, count] : counts) json.field(code, count);
  json.end_object();
}

// {"total", then a glTF document's "json", "geometry", "animation", "skins", "instances",
// "images", "other"}.
void write_file_sizes(Json& json, const FileSizes& sizes) {
  json.start_object();
  json.field("total", static_cast<int64_t>(sizes.total));
  if (const std::optional<gltf::PartSizes>& p = sizes.parts) {
    for (auto [key, bytes] : {std::pair{"json", p->json}, std::pair{"geometry", p->geometry},
                              std::pair{"animation", p->animation}, std::pair{"skins", p->skins},
                              std::pair{"instances", p->instances}, std::pair{"images", p->images},
                              std::pair{"other", p->other}}) {
      json.field(key, static_cast<int64_t>(bytes));
    }
  }
  json.end_object();
}

}  // namespace

std::string info_json(std::string_view uri, Format format, const SceneSummary& summary,
                      const InfoSizes& sizes, const Diagnostics& diagnostics) {
  Json json;
  json.start_object();
  json.key("uri");
  json.string(uri);
  json.key("format");
  json.string(format_name(format));
  write_asset(json, summary.asset);
  write_counts(json, summary);
  json.key("defaultScene");
  if (summary.default_scene) {
    json.integer(*summary.default_scene);
  } else {
    json.null();
  }
  json.key("bounds");
  write_bounds(json, summary.bounds, &summary.bounds_exact);
  write_objects(json, "cameras", summary.camera_list);
  write_objects(json, "lights", summary.light_list);
  json.key("meshes");
  json.start_array();
  for (const MeshSummary& mesh : summary.meshes) write_mesh(json, mesh);
  json.end_array();
  json.key("materials");
  json.start_array();
  for (const MaterialSummary& material : summary.materials) write_material(json, material);
  json.end_array();
  json.key("skins");
  json.start_array();
  for (const SkinSummary& skin : summary.skins) {
    json.start_object();
    json.key("name");
    json.optional_string(skin.name);
    json.field("joints", skin.joints);
    json.end_object();
  }
  json.end_array();
  json.key("animations");
  json.start_array();
  for (const AnimationSummary& animation : summary.animations) write_animation(json, animation);
  json.end_array();
  json.key("sizes");
  json.start_object();
  json.key("input");
  write_file_sizes(json, sizes.input);
  json.key("output");
  if (sizes.output) {
    write_file_sizes(json, *sizes.output);
  } else {
    json.null();
    json.key("outputRefused");
    json.string(sizes.output_refused);
  }
  json.end_object();
  json.field("warningCount", diagnostics.warning_count());
  json.key("warnings");
  write_codes(json, diagnostics, Severity::kWarning);
  json.key("notes");
  write_codes(json, diagnostics, Severity::kInfo);
  json.end_object();
  return json.text();
}

}  // namespace px::cli
