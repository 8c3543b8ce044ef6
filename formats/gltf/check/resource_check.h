// The bytes behind buffers and images, each broken rule a warning; the read goes on. Buffers are
// checked once the scene is read, those no view used too: a uri that does not parse
// (gltf.read.uri-invalid), a data: URI of another media type than a buffer's
// (gltf.read.buffer-media-type), a file that is not there or a GLB without the BIN chunk its
// buffer 0 stands for (gltf.read.buffer-missing), and fewer bytes than byteLength
// (gltf.read.buffer-too-short), a file's told by its size, never by reading it. Images are checked
// as the reader takes their bytes: a uri that does not parse or a data: URI whose media type is not
// what its bytes are (gltf.read.uri-invalid), a mimeType that is not what the bytes are
// (gltf.read.image-media-type), WebP or KTX2 bytes without the extension that allows them
// (gltf.read.image-type-not-enabled), and PNG chunks or JPEG marker segments that do not parse
// (gltf.read.image-data-invalid) or that the data ends inside of (gltf.read.image-unexpected-eos).
#pragma once

#include <cstdint>
#include <span>

#include "formats/gltf/read/read_buffers.h"
#include "formats/gltf/read/read_context.h"
#include "formats/gltf/read/read_json.h"

namespace px::gltf {

void check_resources(ReadContext& ctx, Buffers& buffers);

// image: the document's image object; bytes: what the reader took from its bufferView, data: URI
// or file (empty when it has none).
void check_image(ReadContext& ctx, const JsonObject& image, std::span<const uint8_t> bytes);

}  // namespace px::gltf
