// Meshes: the primitives of each glTF mesh merged into one px::Mesh, with a per-cell "material"
// int32 column (-1 for none). Primitives that share their attribute accessors share vertices;
// others have theirs appended, an attribute one lacks and another has filled with zeros with a
// warning. The mesh's name is kept in global_attrs["mesh_name"], its extras in ["extras"].
// Warned about, and read on: a POSITION accessor (of a primitive or a morph target) without min
// and max (gltf.read.accessor-no-bounds), an index equal to its component type's primitive-restart
// value (gltf.read.index-primitive-restart: read as the vertex it names, the reader refusing an
// index past the vertex count) and attribute values check_attribute_values rejects.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_buffers.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

// Appends one px::Mesh per entry of "meshes" to the scene, in order. The buffers hold the bytes of
// KHR_draco_mesh_compression primitives.
absl::Status read_meshes(ReadContext& ctx, Buffers& buffers, Accessors& accessors);

}  // namespace px::gltf
