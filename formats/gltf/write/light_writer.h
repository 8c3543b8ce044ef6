// KHR_lights_punctual from the lights nodes carry (polyxios/scene/light.h): a node names its light
// in extras["light"], by id into global_attrs["lights"] (a COLLADA read) or as the light itself (a
// glTF read). Identical lights are written once. glTF has no ambient light: a node's ambient light
// goes in the node's extras["light"], with a warning, where a glTF read finds it again.
#pragma once

#include <vector>

#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"
#include "polyxios/scene/value.h"

namespace px::gltf {

class LightWriter {
 public:
  // A light that is no light (polyxios/scene/light.h's read_light faults) and an id the scene's
  // lights do not define are left out with a warning; a term outside glTF's range is corrected,
  // with one.
  LightWriter(const Scene& scene, Diagnostics& diagnostics);

  bool empty() const { return lights_.empty(); }
  // The written light of a node, -1 for none.
  int node_light(size_t node) const { return node < node_light_.size() ? node_light_[node] : -1; }
  // The ambient light a node's extras carry, nullptr for none.
  const Value* node_ambient(size_t node) const {
    return node < node_ambient_.size() && !node_ambient_[node].is_null() ? &node_ambient_[node]
                                                                         : nullptr;
  }
  // The root's "KHR_lights_punctual": {"lights": [...]} member, inside its "extensions" object.
  void write_json(JsonWriter& json) const;

 private:
  std::vector<Value> lights_;  // as polyxios/scene/light.h's light_value spells them
  std::vector<int> node_light_;
  std::vector<Value> node_ambient_;
};

// A light object: name, type, color, intensity, range, spot and extras as `light` holds them.
void write_light_json(JsonWriter& json, const Value& light);

}  // namespace px::gltf
