// How buffer views sit in their buffers and accessors in their buffer views, checked on the JSON
// alone for every view and accessor, used or not, as the Khronos validator checks them. Each
// broken rule is a warning naming the JSON pointer of what broke it; the read goes on (the reader
// still refuses a used accessor it cannot decode):
// - a view past its buffer's byteLength (gltf.read.buffer-view-too-long);
// - a byteStride greater than the view's byteLength (gltf.read.byte-stride-too-big), on a view
//   that is not vertex data: of target 34963, or used by indices, sparse indices or values, an
//   image, inverse bind matrices or an animation sampler (gltf.read.byte-stride-invalid), or
//   missing where two vertex attribute accessors share a view (gltf.read.byte-stride-missing);
// - a view used for two kinds of data, its target counted (gltf.read.buffer-view-target-override);
// - an accessor's or its sparse indices' or values' bytes past their view
//   (gltf.read.accessor-too-long), not starting at a multiple of the component size, or a matrix
//   accessor's at a multiple of 4 (gltf.read.accessor-misaligned), elements longer than the
//   view's byteStride (gltf.read.accessor-small-stride), normalized floats or 32-bit integers
//   (gltf.read.normalized-invalid), a sparse count above the accessor's (gltf.read.sparse-count);
// - vertex attribute data not 4-byte aligned (gltf.read.attribute-misaligned).
// Values of a wrong JSON type, out of the schema's range or naming no entry are the schema
// check's: these rules skip them.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

void check_layout(const JsonObject& root, Diagnostics& diagnostics);

}  // namespace px::gltf
