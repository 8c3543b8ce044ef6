#include "formats/gltf/resource_check.h"

namespace px::gltf {

// STUB: filled by its helper.
void check_resources(ReadContext& ctx, Buffers& buffers) {}

}  // namespace px::gltf
