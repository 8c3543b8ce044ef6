// The material extensions a glTF read carries as they are (model/scene.h MaterialExtension,
// formats/gltf/check/material_extension_rules.h), written back.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/diagnostics.h"
#include "formats/gltf/write/json_writer.h"
#include "model/scene.h"

namespace px::gltf {

// Leaves out what the validator would reject, each with a warning `code`: an extension the rules
// do not list or listed twice, a member given twice or a texture given as a value, and an
// extension with a value out of its range. Members the extension does not define (extras, custom
// properties) are kept, as glTF allows them. Its textures are checked as the material's own, by
// the caller. A glTF write warns gltf.write.material-extension-dropped, a COLLADA write
// collada.write.gltf-extension-dropped.
void clean_carried_extensions(std::vector<MaterialExtension>& extensions, std::string_view label,
                              std::string_view code, Diagnostics& diagnostics);

// Whether the validator takes the material to need a tangent space: it has a normal texture to
// make one from, or KHR_materials_anisotropy or a clearcoatNormalTexture needs one.
bool needs_tangent_space(const Material& m);
// Leaves out KHR_materials_anisotropy and the clearcoatNormalTexture; says what it left out.
std::string strip_tangent_space(Material& m);

// Their entries in the material's "extensions" object, members in the rules' order, then the
// others in theirs.
void write_carried_extensions(JsonWriter& json, const std::vector<MaterialExtension>& extensions);

}  // namespace px::gltf
