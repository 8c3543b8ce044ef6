#include "formats/gltf/schema_check.h"

namespace px::gltf {

// STUB: filled by its helper.
void check_schema(const JsonObject& root, Diagnostics& diagnostics) {}

}  // namespace px::gltf
