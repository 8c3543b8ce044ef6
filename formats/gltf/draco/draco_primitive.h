// A glTF primitive's KHR_draco_mesh_compression extension read into accessor data: its buffer
// view decoded, each glTF attribute taken from the Draco attribute its `attributes` map names,
// shaped by the glTF accessor (count, type, componentType, normalized), which has no bufferView
// of its own; the indices from the decoded faces.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_buffers.h"
#include "formats/gltf/read/read_context.h"
#include "formats/gltf/read/read_json.h"

namespace px::gltf::draco {

struct DracoPrimitive {
  // The attributes the extension compresses, in the primitive's order; the primitive's other
  // attributes are plain accessors.
  std::vector<std::pair<std::string, AccessorData>> attributes;
  AccessorData indices;  // uint32 SCALAR
};

// `attributes` is the primitive's "attributes" object, `extension` its
// extensions.KHR_draco_mesh_compression object.
absl::StatusOr<DracoPrimitive> read_draco_primitive(ReadContext& ctx, Buffers& buffers,
                                                    const JsonObject& primitive,
                                                    const JsonObject& attributes,
                                                    const JsonObject& extension);

}  // namespace px::gltf::draco
