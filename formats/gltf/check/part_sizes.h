// The bytes of a glTF document by what they hold, as `gltfpack -v` lists them: its JSON, its
// geometry (vertex attributes, indices, morph targets, Draco streams), animation keys, skins'
// inverse bind matrices, EXT_mesh_gpu_instancing's instance attributes, embedded images, and the
// rest (GLB framing and padding, buffer bytes no part names). `polyxios info` reports them for the
// input and for the output its options would write.
//
// A view's stored bytes are its byteLength, plus, for an EXT_meshopt_compression view, the
// compressed bytes its extension names (the view's own then counting nothing when its buffer is
// the extension's placeholder, a buffer without data). A view several kinds of part name is
// counted once, under the first of: geometry, animation, skins, instances, images. A data: URI
// counts the bytes it decodes to, under the part it holds, not under the JSON.
#pragma once

#include <cstdint>
#include <string_view>

#include "absl/status/statusor.h"

namespace px::gltf {

struct PartSizes {
  // A GLB's bytes; a .gltf's JSON, the byteLength of its buffers and its data: URIs' images.
  uint64_t total = 0;
  uint64_t json = 0;
  uint64_t geometry = 0;
  uint64_t animation = 0;
  uint64_t skins = 0;
  uint64_t instances = 0;
  uint64_t images = 0;  // bufferViews and data: URIs; image files beside it are not counted
  uint64_t other = 0;   // total less the parts above
};

// The sizes of a GLB or .gltf document's bytes; an error for bytes that are neither (a GLB cut
// short, JSON that does not parse to an object).
absl::StatusOr<PartSizes> gltf_part_sizes(std::string_view document);

}  // namespace px::gltf
