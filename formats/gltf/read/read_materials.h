// Materials: PBR metallic-roughness (base colour, metallic, roughness and their textures), the
// normal texture and its scale, the occlusion texture and its strength, emissive texture and
// factor, alpha mode and cutoff, double-sidedness, the name, each texture's texCoord set, the
// material's extras in Material::extras["extras"], and the material extensions of
// read_material_extensions.h.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

absl::Status read_materials(ReadContext& ctx);

}  // namespace px::gltf
