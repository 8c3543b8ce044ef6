// The material extensions a glTF read carries as they are (polyxios/scene/scene.h
// MaterialExtension, formats/common/material_extension_rules.h), written back;
// formats/common/carried_extensions.h cleans them first.
#pragma once

#include <string>
#include <vector>

#include "formats/gltf/write/json_writer.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// Whether the validator takes the material to need a tangent space: it has a normal texture to
// make one from, or KHR_materials_anisotropy or a clearcoatNormalTexture needs one.
bool needs_tangent_space(const Material& m);
// Leaves out KHR_materials_anisotropy and the clearcoatNormalTexture; says what it left out.
std::string strip_tangent_space(Material& m);

// Their entries in the material's "extensions" object, members in the rules' order, then the
// others in theirs.
void write_carried_extensions(JsonWriter& json, const std::vector<MaterialExtension>& extensions);

}  // namespace px::gltf
