// glTF "cameras" from the cameras nodes carry: a glTF read keeps a node's camera, as its JSON
// object, in the node's extras["camera"]; a COLLADA read keeps there the camera's id, and the
// camera, shaped as glTF's, under that id in the scene's global_attrs["cameras"]. Identical
// cameras are written once.
#pragma once

#include <vector>

#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"
#include "polyxios/scene/value.h"

namespace px::gltf {

class CameraWriter {
 public:
  // A camera glTF would not validate (a type without its numbers, a zfar not past znear, ...) and
  // an id the scene's cameras do not define are left out with a warning.
  CameraWriter(const Scene& scene, Diagnostics& diagnostics);

  // The written camera of a node, -1 for none.
  int node_camera(size_t node) const {
    return node < node_camera_.size() ? node_camera_[node] : -1;
  }
  void write_json(JsonWriter& json) const;

 private:
  std::vector<const ValueMap*> cameras_;
  std::vector<int> node_camera_;
};

}  // namespace px::gltf
