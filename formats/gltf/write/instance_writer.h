// Node instances (polyxios/scene/instances.h) as EXT_mesh_gpu_instancing: each attribute a float32
// accessor (TRANSLATION, ROTATION and SCALE, then the custom ones by name). The instances of a
// node without a written mesh, or holding a value float32 cannot (NaN, Inf, past its range), are
// left out, as is a custom attribute of other than 1 to 4 components or another count, each with
// gltf.write.instances-dropped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

class InstanceWriter {
 public:
  static constexpr std::string_view kExtension = "EXT_mesh_gpu_instancing";

  // mesh_index: scene mesh -> written mesh, -1.
  InstanceWriter(const Scene& scene, const std::vector<int>& mesh_index, Diagnostics& diagnostics);

  // Plans a view and an accessor for each attribute; this writer must outlive `bin`.
  void add_accessors(BinLayout& bin);

  bool empty() const { return empty_; }
  // Whether the extension goes in extensionsRequired: the instances of a written node came from
  // an input that required it.
  bool required() const { return required_; }
  bool node_has(size_t node) const { return node < nodes_.size() && !nodes_[node].empty(); }
  // The node's "EXT_mesh_gpu_instancing" member, inside its "extensions" object; call when
  // node_has(node).
  void write_node(size_t node, JsonWriter& json) const;

 private:
  struct Attribute {
    std::string name;
    int components = 0;
    std::vector<float> values;
    int accessor = -1;
  };
  std::vector<std::vector<Attribute>> nodes_;  // per scene node; empty: no instances written
  bool empty_ = true;
  bool required_ = false;
};

}  // namespace px::gltf
