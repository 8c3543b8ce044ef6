// Skins, kept in Scene::skins with their glTF objects, each with its inverseBindMatrices accessor
// decoded into Skin::inverse_bind_matrices: a float64 column of one row per joint and 16 columns,
// each matrix row-major. A skin without inverseBindMatrices gets identities, glTF's
// meaning. A skin with no joints, or whose accessor is not float MAT4, has no bufferView, cannot
// be read or holds fewer matrices than joints, is left undecoded with a warning.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

absl::Status read_skins(ReadContext& ctx, Accessors& accessors);

}  // namespace px::gltf
