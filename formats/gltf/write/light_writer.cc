#include "formats/gltf/write/light_writer.h"

#include <string>
#include <string_view>

#include "engine/strings.h"
#include "formats/gltf/write/value_json.h"
#include "polyxios/hash_containers.h"
#include "polyxios/scene/light.h"

namespace px::gltf {
namespace {

constexpr std::string_view kDropped = "gltf.write.light-dropped";
constexpr std::string_view kFixed = "gltf.write.light-fixed";
constexpr std::string_view kAmbient = "gltf.write.light-ambient-in-extras";

}  // namespace

void write_light_json(JsonWriter& json, const Light& light) {
  json.start_object();
  if (!light.name.empty()) {
    json.key("name");
    json.string(light.name);
  }
  json.key("type");
  json.string(light_type_name(light.type));
  json.key("color");
  json.start_array();
  for (double c : light.color) json.number(c);
  json.end_array();
  json.key("intensity");
  json.number(light.intensity);
  if (light.range) {
    json.key("range");
    json.number(*light.range);
  }
  if (light.type == LightType::kSpot) {
    json.key("spot");
    json.start_object();
    json.key("innerConeAngle");
    json.number(light.inner_cone);
    json.key("outerConeAngle");
    json.number(light.outer_cone);
    json.end_object();
  }
  if (!light.extras.is_null()) {
    json.key("extras");
    write_value(json, light.extras);
  }
  json.end_object();
}

LightWriter::LightWriter(const Scene& scene, Diagnostics& diagnostics) {
  HashMap<std::string, int> seen;  // a light's JSON -> its index
  node_light_.assign(scene.nodes.size(), -1);
  node_ambient_.resize(scene.nodes.size());
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const Node& node = scene.nodes[i];
    if (node.unresolved_light) {
      diagnostics.warn(kDropped, cat("node ", i, ": its light '", *node.unresolved_light,
                                     "' is left out: the scene defines no such light"));
      continue;
    }
    if (node.light < 0 || static_cast<size_t>(node.light) >= scene.lights.size()) continue;
    LightRead read = check_light(scene.lights[node.light]);
    if (!read.light) {
      diagnostics.warn(kDropped, cat("node ", i, ": its light is left out: ", read.fault));
      continue;
    }
    for (const std::string& fix : read.fixes) {
      diagnostics.warn(kFixed, cat("node ", i, ": its light: ", fix));
    }
    JsonWriter text;
    write_light_json(text, *read.light);
    if (!text.ok()) {
      diagnostics.warn(kDropped,
                       cat("node ", i, ": its light is left out: it holds ", text.failure().what));
      continue;
    }
    if (read.light->type == LightType::kAmbient) {
      diagnostics.warn(kAmbient,
                       "glTF has no ambient light: a node's ambient light is kept in "
                       "the node's extras[\"light\"]");
      node_ambient_[i] = std::move(read.light);
      continue;
    }
    auto [it, inserted] = seen.try_emplace(std::string(text.text()), lights_.size());
    if (inserted) lights_.push_back(*std::move(read.light));
    node_light_[i] = it->second;
  }
}

void LightWriter::write_json(JsonWriter& json) const {
  if (lights_.empty()) return;
  json.key("KHR_lights_punctual");
  json.start_object();
  json.key("lights");
  json.start_array();
  for (const Light& light : lights_) write_light_json(json, light);
  json.end_array();
  json.end_object();
}

}  // namespace px::gltf
