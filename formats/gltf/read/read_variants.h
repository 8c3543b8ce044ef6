// KHR_materials_variants, when extensionsUsed lists it: the document's variant names and each
// primitive's mappings, into Scene::material_variants (polyxios/scene/material_variants.h),
// which the glTF writer spells back (write/variant_writer.h). A variants list that is empty or not
// an array (no variant is read then), a variant without a name string, a mapping naming no material
// or variant, or a variant a primitive maps twice is left out with gltf.read.variants-invalid; so
// are the mappings of a second primitive of the same mesh and material that differ from the
// first's.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

absl::Status read_variants(ReadContext& ctx);

}  // namespace px::gltf
