// Accessors decoded into columns: every component type, normalized integers, byteStride, the
// padded columns of small matrices, and sparse substitution. Every offset, stride and count is
// checked against its buffer view with overflow-safe arithmetic before a byte is read, and a
// malformed accessor is refused naming its JSON pointer (gltf.accessor.*). An accessor whose bytes
// are laid out as its column would be (tightly packed, aligned, of the column's type, no sparse
// values) in a buffer the scene may keep (a mapped file) is not copied: its column points into
// the buffer. Each decoded accessor's values are checked against glTF's rules, each broken rule a
// warning: its declared min / max (gltf.read.accessor-bounds), its floats
// (gltf.read.accessor-non-finite: NaN or Inf) and its sparse indices
// (gltf.read.sparse-indices-not-increasing; a repeated index's last value stands). The values are
// read once for all of them, and for the rules of the uses get() is told (accessor_scan.h).
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/read/accessor_scan.h"
#include "formats/gltf/read/read_buffers.h"
#include "formats/gltf/read/read_context.h"
#include "polyxios/scene/column.h"

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
// The index value that restarts a primitive where primitive restart is on: the largest value of
// the component type.
uint32_t restart_index(int component_type);
// The bytes of one component of a componentType; 0 for a value glTF does not define.
int component_size(uint64_t component_type);

// An accessor type's shape: "MAT3" is 3 columns of 3 rows, "VEC3" one column of 3.
struct AccessorType {
  std::string_view name;
  int columns;
  int rows;
};
// The type glTF names `name`; nullptr for a name it does not define.
const AccessorType* accessor_type(std::string_view name);

struct AccessorData {
  // count rows of the type's components (a matrix's column by column, as glTF stores it);
  // normalized integers are decoded to float32, other components keep their type.
  Column column;
  int component_type = 0;
  bool normalized = false;
  std::string_view type;  // "SCALAR", "VEC2" ... "MAT4"
  bool backed = false;    // it has a bufferView; else zeros, where sparse values do not replace
  // Its values are the document's: it has a bufferView or sparse values, and the buffers they lie
  // in have bytes in the document. Else they are (partly) the reader's zeros, which checks of
  // values leave alone.
  bool from_document = false;
  // What the pass over its values found: always what its own rules need (extremes when it
  // declares min or max, NaN and Inf in floats), and the parts its uses asked get() for.
  ValueScan scan;
};

class Accessors {
 public:
  Accessors(ReadContext& ctx, Buffers& buffers);

  // Accessor `index` (which the caller has checked exists), decoded on first use and kept for
  // the scene's life; its scan holds `parts` too (ScanPart; scanned again if an earlier use did
  // not ask for them).
  absl::StatusOr<const AccessorData*> get(int index, unsigned parts = 0);

  // True once get(index) has been called, whether or not the accessor could be decoded.
  bool tried(int index) const { return tried_[index]; }
  // Accessor `index` if get() has decoded it, else null.
  const AccessorData* decoded(int index) const { return cache_[index] ? &*cache_[index] : nullptr; }

  // Checks the values of accessor `index`, which nothing has used, as get() checks them: it is
  // decoded (charged to the budget) into storage freed on return, or read where it lies, so that
  // it does not stay for the scene's life. An accessor of neither a bufferView nor sparse values
  // is not decoded: its values are the reader's zeros, and neither is one whose buffer has no uri
  // and has not been loaded (it may be the application's). The status says why it cannot be
  // decoded.
  absl::Status check_unused(int index);

 private:
  // Decodes into the scene's arena (or its buffer, kept for the scene), or, when scratch is given,
  // into *scratch (or its buffer as it lies, for the call). Scans `parts` besides its own rules'.
  absl::StatusOr<AccessorData> decode(int index, unsigned parts,
                                      std::unique_ptr<uint8_t[]>* scratch);
  // Buffers::view, noting that the view's buffer is loaded.
  absl::StatusOr<ViewBytes> view_bytes(int index);
  void check_values(int index, const AccessorData& data);

  ReadContext& ctx_;
  Buffers& buffers_;
  std::vector<std::optional<AccessorData>> cache_;
  std::vector<bool> tried_;
  std::vector<bool> loaded_;  // per buffer: a decoded accessor has loaded it
};

}  // namespace px::gltf
