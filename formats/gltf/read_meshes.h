// Meshes: the primitives of each glTF mesh merged into one px::Mesh, with a per-cell "material"
// int32 column (-1 for none). Primitives that share their attribute accessors share vertices;
// others have theirs appended, an attribute one lacks and another has filled with zeros with a
// warning. The mesh's name is kept in global_attrs["mesh_name"], its extras in ["extras"].
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read_accessors.h"
#include "formats/gltf/read_buffers.h"
#include "formats/gltf/read_context.h"

namespace px::gltf {

// Appends one px::Mesh per entry of "meshes" to the scene, in order. The buffers hold the bytes of
// KHR_draco_mesh_compression primitives.
absl::Status read_meshes(ReadContext& ctx, Buffers& buffers, Accessors& accessors);

}  // namespace px::gltf
