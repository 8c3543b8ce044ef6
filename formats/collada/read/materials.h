// <library_images>, <library_effects> and <library_materials>: images, the textures that
// sample them, and materials built from the fixed-function effects they instance.
#pragma once

#include "engine/hash_containers.h"
#include "absl/status/status.h"
#include "formats/collada/read/context.h"

namespace px::collada {

struct Materials {
  HashMap<const Element*, int> by_element;  // <material> -> Scene::materials index
};

// Reads every image (those of <library_images> first, then those held inside effects), and
// every <material> of every <library_materials>, in document order.
absl::Status read_materials(ReadContext& ctx, Materials* out);

}  // namespace px::collada
