// The glTF 2.0 JSON schema's rules over the whole document, objects nothing refers to included:
// each object's required properties (gltf.read.property-missing) and their JSON types
// (gltf.read.property-type), value ranges (gltf.read.value-out-of-range,
// gltf.read.value-not-multiple), arrays and attribute maps glTF requires non-empty
// (gltf.read.empty-array, gltf.read.empty-object) and index lists it requires distinct
// (gltf.read.not-unique), properties that need another beside them
// (gltf.read.property-dependency), alternatives of which exactly one must be given
// (gltf.read.one-of), indices that name no entry of their array (gltf.read.reference-unresolved)
// and the camera's own rules (gltf.read.camera-invalid). A broken rule is a warning; the reader
// refuses only what it cannot read. Extensions are extension_check's.
#pragma once

#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

void check_schema(const JsonObject& root, Diagnostics& diagnostics);

}  // namespace px::gltf
