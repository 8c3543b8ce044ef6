// Copies of a node's mesh drawn at once (glTF's EXT_mesh_gpu_instancing): instance i is drawn at
// the node's world matrix times its own translation * rotation * scale. The columns live in the
// scene's arena; a node without instances has count 0.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <vector>

#include "polyxios/scene/column.h"
#include "polyxios/scene/trs.h"

namespace px {

struct Instances {
  size_t count = 0;
  // count rows each, or empty for none (zero translation, identity rotation, unit scale).
  Column translation;  // x y z
  Column rotation;     // x y z w, unit quaternions
  Column scale;        // x y z
  // Custom per-instance attributes by name ("_ID"), count rows each, kept as read.
  std::vector<NamedColumn> custom;
  // Whether the input required the extension (glTF's extensionsRequired listed it): a glTF write
  // requires it only then, since a viewer without it still draws the node's mesh once.
  bool required = false;

  bool empty() const { return count == 0; }
  Trs trs(size_t i) const;
  // translation * rotation * scale of instance i, in the node's frame.
  Eigen::Matrix4d matrix(size_t i) const { return compose(trs(i)); }
};

}  // namespace px
