// <library_images>, <library_effects> and <library_materials>: images, the textures that
// sample them, and materials built from the fixed-function effects they instance.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/images.h"
#include "polyxios/hash_containers.h"

namespace px::collada {

struct Materials {
  HashMap<const Element*, int> by_element;  // <material> -> Scene::materials index
  // Each document's images, read when its materials are, or before, when a material of another
  // document instances one of its effects.
  HashMap<const ReadContext*, Images> images;
  // The image files and archive entries every document's images have loaded.
  LoadedImageBytes image_bytes;
};

// Reads every image (those of <library_images> first, then those held inside effects), and
// every <material> of every <library_materials>, in document order. An <instance_effect> naming
// an effect of another document read (external_documents.h) reads that effect there.
absl::Status read_materials(ReadContext& ctx, Materials* out);

}  // namespace px::collada
