// extensionsUsed and extensionsRequired: extensions whose compressed data cannot be read are
// refused; the data of extensions the reader does not keep is dropped with a warning; and the
// declarations are checked against glTF's rules (every extension object declared, every required
// extension used, extensions placed where they belong), each broken rule a warning.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

// Refuses a document that requires an extension the reader cannot decode
// (gltf.extension.unsupported) or whose extension lists are not arrays of strings. Warns, naming
// the JSON pointer, about an extension object (anywhere but in extras) not declared in
// extensionsUsed (gltf.read.extension-undeclared) or on an object its extension does not extend
// (gltf.read.extension-misplaced), a required extension not in extensionsUsed
// (gltf.read.extension-required-unused), KHR_mesh_quantization used but not required
// (gltf.read.extension-not-required) and an extension listed twice (gltf.read.extension-duplicate).
absl::Status check_extensions(const JsonObject& root, Diagnostics& diagnostics);

}  // namespace px::gltf
