// The material extensions a glTF read carries as they are (polyxios/scene/scene.h
// MaterialExtension, formats/common/material_extension_rules.h), cleaned before a write of either
// format.
#pragma once

#include <string_view>
#include <vector>

#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px {

// Leaves out what the validator would reject, each with a warning `code`: an extension the rules
// do not list or listed twice, a member given twice or a texture given as a value, and an
// extension with a value out of its range. Members the extension does not define (extras, custom
// properties) are kept, as glTF allows them. Its textures are checked as the material's own, by
// the caller. A glTF write warns gltf.write.material-extension-dropped, a COLLADA write
// collada.write.gltf-extension-dropped.
void clean_carried_extensions(std::vector<MaterialExtension>& extensions, std::string_view label,
                              std::string_view code, Diagnostics& diagnostics);

}  // namespace px
