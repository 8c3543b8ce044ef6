// The node forest and the scenes: "scene", "scenes" and "nodes".
#pragma once

#include <vector>

#include "absl/status/status.h"
#include "formats/gltf/write/camera_writer.h"
#include "formats/gltf/write/instance_writer.h"
#include "formats/gltf/write/json_writer.h"
#include "formats/gltf/write/light_writer.h"
#include "formats/gltf/write/skin_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// mesh_index maps a scene mesh to its written mesh, -1 when it is not written. A child glTF could
// not take (out of range, or a node that already has a parent) and a scene root that is no root
// are left out with a warning; a node that is its own ancestor, or a NaN or Inf in a matrix,
// refuses the write. A node's extras["extras"] become its extras, its other extras keys glTF has
// no slot for are left out (with a warning, unless the node already carries what they say). A
// node's punctual light goes in its KHR_lights_punctual extension, an ambient one in its extras.
// skins maps a scene node to its written skin; a scene reaching a skinned node but not all of its
// skin's joints gets the root above each such joint among its roots, with a warning, as glTF
// wants the joints in the scene. A node `animated` marks goes out as translation / rotation /
// scale, never a matrix, as glTF requires of an animation's target. A node's instances go in its
// EXT_mesh_gpu_instancing extension, beside its light's.
absl::Status write_nodes_json(const Scene& scene, const std::vector<int>& mesh_index,
                              const NodeSkins& skins, const std::vector<bool>& animated,
                              const CameraWriter& cameras, const LightWriter& lights,
                              const InstanceWriter& instances, JsonWriter& json,
                              Diagnostics& diagnostics);

}  // namespace px::gltf
