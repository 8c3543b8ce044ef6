// KHR_materials_variants, when extensionsUsed lists it: the document's variant names and each
// primitive's mappings, into Scene::material_variants (polyxios/scene/material_variants.h),
// which the glTF writer spells back (write/variant_writer.h). What is not as the extension says is
// left out with the code of the Khronos validator's code it is (read_variants.cc): a variants list
// missing, not an array or empty (no variant is read then); a variant without a name string (kept
// nameless); a mapping whose material or variants are missing, of another type or empty, naming
// no material or variant (or a variant in a document without the root extension), or mapping a
// variant its primitive maps already. The mappings of a second primitive of the same mesh and
// material, which the scene cannot tell from the first's, are left out with
// gltf.read.variants-mappings-dropped.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

absl::Status read_variants(ReadContext& ctx);

}  // namespace px::gltf
