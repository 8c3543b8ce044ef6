// glTF "cameras" from the cameras nodes show (Node::camera). Identical cameras are written once.
#pragma once

#include <vector>

#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

class CameraWriter {
 public:
  // A camera glTF would not validate (a type without its numbers, a zfar not past znear, ...) and
  // an id no camera of the scene has (Node::unresolved_camera) are left out with a warning.
  CameraWriter(const Scene& scene, Diagnostics& diagnostics);

  // The written camera of a node, -1 for none.
  int node_camera(size_t node) const {
    return node < node_camera_.size() ? node_camera_[node] : -1;
  }
  void write_json(JsonWriter& json) const;

 private:
  std::vector<const Camera*> cameras_;
  std::vector<int> node_camera_;
};

}  // namespace px::gltf
