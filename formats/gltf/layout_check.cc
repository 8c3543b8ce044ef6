#include "formats/gltf/layout_check.h"

namespace px::gltf {

// STUB: filled by its helper.
void check_layout(const JsonObject& root, Diagnostics& diagnostics) {}

}  // namespace px::gltf
