// The attribute half of a Draco mesh stream: the attributes decoders (each with its traversal of
// the mesh), their attributes' descriptions, and each attribute's values: raw (generic), integer,
// quantized floats, or octahedral normals, with the prediction undone and the transform reverted.
#pragma once

#include <vector>

#include "absl/status/status.h"
#include "formats/gltf/draco/byte_reader.h"
#include "formats/gltf/draco/connectivity.h"
#include "formats/gltf/draco/draco_mesh.h"

namespace px::gltf::draco {

absl::Status decode_attributes(ByteReader& in, Connectivity& connectivity,
                               std::vector<DracoAttribute>& out);

}  // namespace px::gltf::draco
