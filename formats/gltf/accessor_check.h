// Accessor values checked against glTF's rules once the scene is read: accessors nothing used are
// decoded too, so that their declared min / max and their floats (no NaN or Inf) are checked as
// the used ones are. Each broken rule is a warning.
#pragma once

#include "formats/gltf/read_accessors.h"
#include "formats/gltf/read_context.h"

namespace px::gltf {

void check_accessor_values(ReadContext& ctx, Accessors& accessors);

}  // namespace px::gltf
