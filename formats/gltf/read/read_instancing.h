// EXT_mesh_gpu_instancing: a node's instance attributes into Node::instances
// (polyxios/scene/instances.h). TRANSLATION and SCALE are float VEC3, ROTATION a float or
// normalized byte / short VEC4 (read normalized to unit quaternions), custom attributes ("_ID") any
// accessor, kept as decoded; all of one count. An extension that breaks these rules, is on a node
// without a mesh, or whose accessors cannot be read is dropped with gltf.read.instancing-invalid
// naming why.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

// Call after read_nodes.
absl::Status read_instancing(ReadContext& ctx, Accessors& accessors);

}  // namespace px::gltf
