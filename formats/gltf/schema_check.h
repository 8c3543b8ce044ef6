// The glTF 2.0 JSON schema's rules over the whole document, objects nothing refers to included:
// required properties, each property's JSON type, value ranges and enums, dependencies between
// properties, and indices that name no entry of their array. A broken rule is a warning; the
// reader refuses only what it cannot read.
#pragma once

#include "absl/status/status.h"
#include "engine/diagnostics.h"
#include "formats/gltf/read_json.h"

namespace px::gltf {

void check_schema(const JsonObject& root, Diagnostics& diagnostics);

}  // namespace px::gltf
