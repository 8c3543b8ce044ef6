// The bytes behind buffers and images, checked once the scene is read, for buffers and images
// nothing used too: URIs that do not parse, data: URIs of the wrong media type, files that are
// missing, fewer bytes than byteLength declares, a GLB buffer without its BIN chunk, and image
// data that is not the PNG or JPEG it claims to be or ends early. Each is a warning.
#pragma once

#include "formats/gltf/read_buffers.h"
#include "formats/gltf/read_context.h"

namespace px::gltf {

void check_resources(ReadContext& ctx, Buffers& buffers);

}  // namespace px::gltf
