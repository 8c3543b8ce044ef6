// Mesh primitives checked on the JSON alone as the Khronos validator links them, each broken rule
// a warning opening with the JSON pointer the validator names; the read goes on as before:
// - an attribute or morph target semantic glTF does not define and not starting with '_'
//   (gltf.read.attribute-invalid);
// - COLOR_n, JOINTS_n, TEXCOORD_n or WEIGHTS_n whose indices do not run from 0 without a gap
//   (gltf.read.attribute-not-continuous), or as many JOINTS_n as WEIGHTS_n
//   (gltf.read.joints-weights-mismatch);
// - an application's own attribute of UNSIGNED_INT components
//   (gltf.read.attribute-unsigned-int);
// - a material texture (or its KHR_texture_transform) reading TEXCOORD_n the primitive lacks
//   (gltf.read.texcoord-missing);
// - a material needing a tangent space (a clearcoat normal or anisotropy texture) without a normal
//   texture, on a primitive without NORMAL and TANGENT (gltf.read.tangent-space-missing).
#pragma once

#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

void check_meshes(const JsonObject& root, Diagnostics& diagnostics);

}  // namespace px::gltf
