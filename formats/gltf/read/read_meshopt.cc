#include "formats/gltf/read/read_meshopt.h"

#include <string>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/meshopt_library.h"

namespace px::gltf {
namespace {

enum class Mode { kAttributes, kTriangles, kIndices };
enum class Filter { kNone, kOctahedral, kQuaternion, kExponential };

}  // namespace

absl::StatusOr<std::span<const uint8_t>> decode_meshopt_view(
    ReadContext& ctx, const JsonObject& extension, uint64_t view_length, uint64_t view_stride,
    bool view_has_stride,
    const std::function<absl::StatusOr<std::span<const uint8_t>>(int)>& buffer) {
  int buffer_index = -1;
  uint64_t offset = 0, length = 0, stride = 0, count = 0;
  std::string mode_name, filter_name = "NONE";
  PX_GLTF_TRY(extension.require_index("buffer", ctx.count(Top::kBuffers), buffer_index));
  PX_GLTF_TRY(extension.get("byteOffset", offset));
  PX_GLTF_TRY(extension.require("byteLength", length));
  PX_GLTF_TRY(extension.require("byteStride", stride));
  PX_GLTF_TRY(extension.require("count", count));
  PX_GLTF_TRY(extension.require("mode", mode_name));
  PX_GLTF_TRY(extension.get("filter", filter_name));

  Mode mode;
  if (mode_name == "ATTRIBUTES") {
    mode = Mode::kAttributes;
  } else if (mode_name == "TRIANGLES") {
    mode = Mode::kTriangles;
  } else if (mode_name == "INDICES") {
    mode = Mode::kIndices;
  } else {
    return refuse("gltf.meshopt.mode", cat(extension.pointer("mode"), " is \"", mode_name,
                                           "\", not ATTRIBUTES, TRIANGLES or INDICES"));
  }
  Filter filter;
  if (filter_name == "NONE") {
    filter = Filter::kNone;
  } else if (filter_name == "OCTAHEDRAL") {
    filter = Filter::kOctahedral;
  } else if (filter_name == "QUATERNION") {
    filter = Filter::kQuaternion;
  } else if (filter_name == "EXPONENTIAL") {
    filter = Filter::kExponential;
  } else {
    return refuse("gltf.meshopt.filter",
                  cat(extension.pointer("filter"), " is \"", filter_name,
                      "\", not NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL"));
  }
  if (mode != Mode::kAttributes && filter != Filter::kNone) {
    return refuse("gltf.meshopt.filter", cat(extension.pointer("filter"), " is ", filter_name,
                                             "; indices take no filter"));
  }

  const std::string at = extension.pointer("byteStride");
  bool stride_ok = true;
  if (mode == Mode::kAttributes) {
    stride_ok = stride > 0 && stride % 4 == 0 && stride <= 256;
  } else {
    stride_ok = stride == 2 || stride == 4;
  }
  if (!stride_ok) {
    return refuse("gltf.meshopt.stride",
                  cat(at, " is ", stride, ", which ", mode_name,
                      mode == Mode::kAttributes ? " takes as a multiple of 4 up to 256"
                                                : " takes as 2 or 4"));
  }
  if ((filter == Filter::kOctahedral && stride != 4 && stride != 8) ||
      (filter == Filter::kQuaternion && stride != 8)) {
    return refuse("gltf.meshopt.stride",
                  cat(at, " is ", stride, ", which the ", filter_name, " filter does not take (",
                      filter == Filter::kOctahedral ? "4 or 8" : "8", ")"));
  }
  if (view_has_stride && view_stride != stride) {
    return refuse("gltf.meshopt.stride",
                  cat(at, " is ", stride, ", the bufferView's byteStride ", view_stride));
  }
  if (count == 0 || (mode == Mode::kTriangles && count % 3 != 0)) {
    return refuse("gltf.meshopt.count",
                  cat(extension.pointer("count"), " is ", count,
                      mode == Mode::kTriangles ? ", not a positive multiple of 3" : ""));
  }
  // stride is at most 256, so the product overflows only past 2^56 elements.
  if (count > (uint64_t{1} << 56) || count * stride != view_length) {
    return refuse("gltf.meshopt.count",
                  cat(extension.pointer("count"), " is ", count, " elements of ", stride,
                      " bytes, but the bufferView's byteLength is ", view_length));
  }
  absl::StatusOr<std::span<const uint8_t>> source = buffer(buffer_index);
  if (!source.ok()) return source.status();
  if (offset > source->size() || length > source->size() - offset) {
    return refuse("gltf.meshopt.out-of-bounds",
                  cat(extension.pointer(), " spans bytes ", offset, " + ", length, " of buffer ",
                      buffer_index, ", which holds ", source->size()));
  }
  const std::span<const uint8_t> compressed =
      source->subspan(static_cast<size_t>(offset), static_cast<size_t>(length));
  absl::StatusOr<const Meshoptimizer*> library = meshoptimizer();
  if (!library.ok()) return library.status();
  const Meshoptimizer& m = **library;
  absl::StatusOr<std::span<uint8_t>> out = ctx.allocate<uint8_t>(view_length, extension.pointer());
  if (!out.ok()) return out.status();
  const size_t n = static_cast<size_t>(count);
  int result = 0;
  switch (mode) {
    case Mode::kAttributes:
      result = m.decodeVertexBuffer(out->data(), n, stride, compressed.data(), compressed.size());
      break;
    case Mode::kTriangles:
      result = m.decodeIndexBuffer(out->data(), n, stride, compressed.data(), compressed.size());
      break;
    case Mode::kIndices:
      result = m.decodeIndexSequence(out->data(), n, stride, compressed.data(), compressed.size());
      break;
  }
  if (result != 0) {
    return refuse("gltf.meshopt.malformed",
                  cat(extension.pointer(), ": meshoptimizer's ", mode_name,
                      " decoder refuses the bytes (error ", result, ")"));
  }
  switch (filter) {
    case Filter::kNone:
      break;
    case Filter::kOctahedral:
      m.decodeFilterOct(out->data(), n, stride);
      break;
    case Filter::kQuaternion:
      m.decodeFilterQuat(out->data(), n, stride);
      break;
    case Filter::kExponential:
      m.decodeFilterExp(out->data(), n, stride);
      break;
  }
  return std::span<const uint8_t>(*out);
}

}  // namespace px::gltf
