// EXT_meshopt_compression: a bufferView's data decoded by meshoptimizer from the compressed bytes
// its extension object names (the view's own buffer is then the fallback, never read). The
// extension object is checked against the extension's rules before anything is decoded, and the
// decoded bytes (byteStride times count, which must be the view's byteLength) are charged to the
// read's budget in the scene's arena. Each broken rule is refused, naming the pointer:
//   gltf.meshopt.mode           mode is not ATTRIBUTES, TRIANGLES or INDICES
//   gltf.meshopt.filter         filter is not NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL, or is
//                               not NONE on indices
//   gltf.meshopt.stride         byteStride breaks its mode's or filter's rule, or differs from
//                               the view's
//   gltf.meshopt.count          count is 0, not a multiple of 3 for TRIANGLES, or count times
//                               byteStride is not the view's byteLength
//   gltf.meshopt.out-of-bounds  the compressed bytes reach past their buffer
//   gltf.meshopt.malformed      meshoptimizer's decoder refuses the bytes
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "absl/status/statusor.h"
#include "formats/gltf/read/read_context.h"
#include "formats/gltf/read/read_json.h"

namespace px::gltf {

// `view` is the bufferView (its byteLength and byteStride, the latter 0 when absent), `extension`
// its EXT_meshopt_compression object; buffer(i) gives buffer i's bytes.
absl::StatusOr<std::span<const uint8_t>> decode_meshopt_view(
    ReadContext& ctx, const JsonObject& extension, uint64_t view_length, uint64_t view_stride,
    bool view_has_stride,
    const std::function<absl::StatusOr<std::span<const uint8_t>>(int)>& buffer);

}  // namespace px::gltf
