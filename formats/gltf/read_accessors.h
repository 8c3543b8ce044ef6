// Accessors decoded into columns: every component type, normalized integers, byteStride, the
// padded columns of small matrices, and sparse substitution. Every offset, stride and count is
// checked against its buffer view with overflow-safe arithmetic before a byte is read, and a
// malformed accessor is refused naming its JSON pointer (gltf.accessor.*).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/read_buffers.h"
#include "formats/gltf/read_context.h"
#include "model/column.h"

namespace px::gltf {

// glTF's componentType values.
inline constexpr int kComponentInt8 = 5120;
inline constexpr int kComponentUInt8 = 5121;
inline constexpr int kComponentInt16 = 5122;
inline constexpr int kComponentUInt16 = 5123;
inline constexpr int kComponentUInt32 = 5125;
inline constexpr int kComponentFloat = 5126;

// The dtype a component type decodes to when not normalized (float32 for float).
DType dtype_of_component(int component_type);

struct AccessorData {
  // count rows of the type's components (a matrix's column by column, as glTF stores it);
  // normalized integers are decoded to float32, other components keep their type.
  Column column;
  int component_type = 0;
  bool normalized = false;
  std::string_view type;  // "SCALAR", "VEC2" ... "MAT4"
  bool backed = false;    // it has a bufferView; else zeros, where sparse values do not replace
};

class Accessors {
 public:
  Accessors(ReadContext& ctx, Buffers& buffers);

  // Accessor `index` (which the caller has checked exists), decoded on first use.
  absl::StatusOr<const AccessorData*> get(int index);

 private:
  absl::StatusOr<AccessorData> decode(int index);

  ReadContext& ctx_;
  Buffers& buffers_;
  std::vector<std::optional<AccessorData>> cache_;
};

}  // namespace px::gltf
