#include "formats/gltf/accessor_check.h"

namespace px::gltf {

// STUB: filled by its helper.
void check_accessor_values(ReadContext& ctx, Accessors& accessors) {}

}  // namespace px::gltf
