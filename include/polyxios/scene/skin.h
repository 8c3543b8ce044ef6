// A skin: the joints a skinned mesh's per-vertex "joints" index, each a node, and the matrices that
// take the mesh into each joint's frame. A node shows its mesh skinned by Node::skin.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "polyxios/scene/column.h"
#include "polyxios/scene/value.h"

namespace px {

struct Skin {
  // COLLADA: the controller's name, else its id; glTF: its name, none when it has none (or one
  // that is not a string).
  std::optional<std::string> name;
  std::vector<int> joints;  // node indices; -1 where a COLLADA joint name binds to no node
  // A row per joint of 16 values, a row-major 4x4. None: identities, glTF's meaning of a skin
  // without them, or matrices a glTF read could not decode (undecoded_matrices).
  std::optional<Column> inverse_bind_matrices;
  bool undecoded_matrices = false;  // glTF's inverseBindMatrices left undecoded on read
  // COLLADA's bind shape matrix, 1 x 16 row-major (a glTF write folds it into the inverse bind
  // matrices).
  std::optional<Column> bind_shape_matrix;
  int skeleton = -1;  // the node the skin names its skeleton's root, -1 for none
  // A glTF read's skin object, member by member as the document spells it: the glTF write takes
  // its extras (and warns of its extensions and of the members glTF does not define), and it is
  // the dict the Python module shows. None for a skin a glTF read did not give.
  std::optional<ValueMap> gltf_object;
};

}  // namespace px
