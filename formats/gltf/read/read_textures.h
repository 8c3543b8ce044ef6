// Images, samplers and textures. An image is kept by its URI as the document spells it, with its
// bytes read when the file is found beside the document (a file outside the document's folder
// only when external files are allowed; otherwise a warning and the URI alone; a file that is not
// there warns gltf.image.missing, or is refused by that rule under strict_resources), or by the
// bytes of its bufferView or data: URI; its URI and bytes are checked as they are taken
// (check_image). A texture takes its sampler's settings (glTF's defaults without one); a texture
// without a source reads with image -1. Its KTX2, WebP or AVIF image behind KHR_texture_basisu,
// EXT_texture_webp or EXT_texture_avif is kept as it is (Texture::extension_image), the first of
// them when it has several.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_buffers.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

absl::Status read_images(ReadContext& ctx, Buffers& buffers);
absl::Status read_textures(ReadContext& ctx);

}  // namespace px::gltf
