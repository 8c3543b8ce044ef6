// A mesh's vertex columns as glTF vertex attributes: which column becomes which semantic, as what
// (attribute_views.h makes their bytes).
#pragma once

#include <climits>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "formats/gltf/write/bin_layout.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/column.h"
#include "polyxios/scene/mesh.h"

namespace px::gltf {

enum class AttributeKind { kPosition, kNormal, kTexcoord, kColor, kTangent, kJoints, kWeights };

struct AttributePlan {
  std::string semantic;  // "POSITION", "TEXCOORD_1", ...
  AttributeKind kind;
  const Column* column;
  int components;  // as written: 3 for POSITION, 2 for TEXCOORD_n, ...
  int set = 0;     // n of TEXCOORD_n / COLOR_n / JOINTS_n / WEIGHTS_n
  int accessor = -1;
  int component_type = 5126;        // float; JOINTS_n: unsigned byte or short
  const Column* paired = nullptr;   // JOINTS_n: its weights; TANGENT of a frame: its bitangent
  const Column* normals = nullptr;  // TANGENT of a COLLADA frame: the normals w is taken against
  // JOINTS_n / WEIGHTS_n: every weights set of the mesh and every joints set, by set; a vertex's
  // weights sum to one over all of them.
  std::vector<const Column*> weight_sets = {};
  std::vector<const Column*> joint_sets = {};
  int max_joint = 0;  // JOINTS_n
  // JOINTS_n / WEIGHTS_n: the joints of the smallest skin a written node binds the mesh to
  // (SkinWriter::limit_joints); an influence on a joint past them is written with weight 0.
  int joint_limit = INT_MAX;
  bool unwritable = false;  // POSITION: a value float32 cannot hold, found while planning
  bool difference = false;  // a morph target's COLOR_n: differences, written unclamped
};

// POSITION first, then the point columns glTF has a semantic for, in the mesh's order. Every
// other column, and one glTF could not take as it is, is left out with a warning. The points must
// already be known to be n x 3.
std::vector<AttributePlan> plan_attributes(const Mesh& mesh, std::string_view label,
                                           Diagnostics& diagnostics);

// Bit n set when TEXCOORD_n is among the attributes.
uint32_t texcoord_sets(const std::vector<AttributePlan>& attributes);

}  // namespace px::gltf
