// Buffers and buffer views: a buffer's bytes come from the GLB's BIN chunk, a data: URI or a file
// beside the document, loaded when a view first needs them; every view is checked against its
// buffer before a byte of it is handed out. A buffer with no uri that is not a GLB's BIN chunk
// (glTF leaves its bytes to the application) reads as zeros with a warning.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

struct ViewBytes {
  std::span<const uint8_t> bytes;
  uint64_t stride = 0;  // byteStride, 0 when the view gives none
  uint64_t offset = 0;  // the view's byteOffset in its buffer
};

class Buffers {
 public:
  // glb: the document is a GLB, whose buffer 0 without a uri stands for its BIN chunk, glb_bin.
  Buffers(ReadContext& ctx, std::optional<std::span<const uint8_t>> glb_bin, bool glb);

  // The bytes of bufferView `index` (which the caller has checked exists). Refuses a view
  // reaching past its buffer (gltf.buffer-view.out-of-bounds) and a buffer whose bytes cannot be
  // had or are fewer than its byteLength (gltf.buffer.*).
  absl::StatusOr<ViewBytes> view(int index);

  // True when buffer `index`, already loaded, has no bytes in the document and read as zeros
  // (gltf.read.buffer-no-data): its data is the application's.
  bool zero_filled(int index) const { return zero_filled_[index]; }

  // True when a view of buffer `index` has had its bytes (which were checked then).
  bool loaded(int index) const { return buffers_[index].has_value(); }
  // A BIN chunk makes the document a GLB, whatever the caller said.
  bool glb() const { return glb_ || glb_bin_.has_value(); }
  const std::optional<std::span<const uint8_t>>& glb_bin() const { return glb_bin_; }

 private:
  absl::StatusOr<std::span<const uint8_t>> buffer(int index);
  absl::StatusOr<std::span<const uint8_t>> load(const JsonObject& buffer, int index);

  ReadContext& ctx_;
  std::optional<std::span<const uint8_t>> glb_bin_;
  bool glb_;
  std::vector<std::optional<std::span<const uint8_t>>> buffers_;
  std::vector<bool> zero_filled_;
  std::deque<std::string> storage_;  // external files and decoded data: URIs
};

}  // namespace px::gltf
