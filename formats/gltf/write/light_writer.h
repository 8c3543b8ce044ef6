// KHR_lights_punctual from the lights nodes show (Node::light, polyxios/scene/light.h). Identical
// lights are written once. glTF has no ambient light: a node's ambient light
// goes in the node's extras["light"], with a warning, where a glTF read finds it again.
#pragma once

#include <optional>
#include <vector>

#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/light.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

class LightWriter {
 public:
  // A light that is no light (polyxios/scene/light.h's check_light faults) and an id no light of
  // the scene has (Node::unresolved_light) are left out with a warning; a term outside glTF's
  // range is corrected, with one.
  LightWriter(const Scene& scene, Diagnostics& diagnostics);

  bool empty() const { return lights_.empty(); }
  // The written light of a node, -1 for none.
  int node_light(size_t node) const { return node < node_light_.size() ? node_light_[node] : -1; }
  // The ambient light a node shows (checked), nullptr for none.
  const Light* node_ambient(size_t node) const {
    return node < node_ambient_.size() && node_ambient_[node] ? &*node_ambient_[node] : nullptr;
  }
  // The root's "KHR_lights_punctual": {"lights": [...]} member, inside its "extensions" object.
  void write_json(JsonWriter& json) const;

 private:
  std::vector<Light> lights_;  // checked
  std::vector<int> node_light_;
  std::vector<std::optional<Light>> node_ambient_;
};

// A light object as polyxios/scene/light.h's light_value spells it: name (when not empty), type,
// color, intensity, range (when set), spot (a spot's) and extras (when not null).
void write_light_json(JsonWriter& json, const Light& light);

}  // namespace px::gltf
