// The asset object checked as the Khronos validator checks it: a minVersion greater than the
// version (gltf.read.asset-min-version), a warning opening with its JSON pointer; the read goes on.
#pragma once

#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

void check_asset(const JsonObject& root, Diagnostics& diagnostics);

}  // namespace px::gltf
