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

void write_light_json(JsonWriter& json, const Value& light) {
  json.start_object();
  for (const auto& [key, value] : light.as_map()) {
    json.key(key);
    write_value(json, value);
  }
  json.end_object();
}

LightWriter::LightWriter(const Scene& scene, Diagnostics& diagnostics) {
  HashMap<std::string, int> seen;  // a light's JSON -> its index
  node_light_.assign(scene.nodes.size(), -1);
  node_ambient_.assign(scene.nodes.size(), Value());
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    if (find_value(scene.nodes[i].extras, "light") == nullptr) continue;
    std::string id;
    const Value* named = px::node_light(scene, scene.nodes[i], &id);
    if (named == nullptr) {
      diagnostics.warn(kDropped, cat("node ", i, ": its light '", id,
                                     "' is left out: the scene defines no such light"));
      continue;
    }
    LightRead read = read_light(*named);
    if (!read.light) {
      diagnostics.warn(kDropped, cat("node ", i, ": its light is left out: ", read.fault));
      continue;
    }
    for (const std::string& fix : read.fixes) {
      diagnostics.warn(kFixed, cat("node ", i, ": its light: ", fix));
    }
    Value light = light_value(*read.light);
    JsonWriter text;
    write_light_json(text, light);
    if (!text.ok()) {
      diagnostics.warn(kDropped,
                       cat("node ", i, ": its light is left out: it holds ", text.failure().what));
      continue;
    }
    if (read.light->type == LightType::kAmbient) {
      diagnostics.warn(kAmbient,
                       "glTF has no ambient light: a node's ambient light is kept in "
                       "the node's extras[\"light\"]");
      node_ambient_[i] = std::move(light);
      continue;
    }
    auto [it, inserted] = seen.try_emplace(std::string(text.text()), lights_.size());
    if (inserted) lights_.push_back(std::move(light));
    node_light_[i] = it->second;
  }
}

void LightWriter::write_json(JsonWriter& json) const {
  if (lights_.empty()) return;
  json.key("KHR_lights_punctual");
  json.start_object();
  json.key("lights");
  json.start_array();
  for (const Value& light : lights_) write_light_json(json, light);
  json.end_array();
  json.end_object();
}

}  // namespace px::gltf
