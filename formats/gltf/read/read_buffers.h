// Buffers and buffer views: a buffer's bytes come from the GLB's BIN chunk, a data: URI or a file
// beside the document (mapped, not read), loaded when a view first needs them; every view is
// checked against its buffer before a byte of it is handed out. A buffer with no uri that is not a
// GLB's BIN chunk (glTF leaves its bytes to the application) reads as zeros with a warning.
// A buffer whose bytes have an owner (a mapped file, a decoded data: URI, the scene's arena) may
// back the scene's columns itself: keep() hands the owner to the scene's arena.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/mapped_file.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

struct ViewBytes {
  std::span<const uint8_t> bytes;
  uint64_t stride = 0;  // byteStride, 0 when the view gives none
  uint64_t offset = 0;  // the view's byteOffset in its buffer
  // The bytes are the scene's (decoded into its arena, and charged): a column may be them.
  bool in_arena = false;
};

class Buffers {
 public:
  // glb: the document is a GLB, whose buffer 0 without a uri stands for its BIN chunk, glb_bin;
  // glb_owner keeps glb_bin's bytes alive (null when nothing does beyond the read).
  Buffers(ReadContext& ctx, std::optional<std::span<const uint8_t>> glb_bin, bool glb,
          std::shared_ptr<const void> glb_owner = nullptr);

  // The bytes of bufferView `index` (which the caller has checked exists). Refuses a view
  // reaching past its buffer (gltf.buffer-view.out-of-bounds) and a buffer whose bytes cannot be
  // had or are fewer than its byteLength (gltf.buffer.*). A view with EXT_meshopt_compression is
  // decoded from its compressed bytes once (read_meshopt.h; refusals gltf.meshopt.*), its own
  // buffer, the fallback, left unread.
  absl::StatusOr<ViewBytes> view(int index);

  // True when buffer `index`, already loaded, has no bytes in the document and read as zeros
  // (gltf.read.buffer-no-data): its data is the application's.
  bool zero_filled(int index) const { return zero_filled_[index]; }

  // True when a view of buffer `index` has had its bytes (which were checked then).
  bool loaded(int index) const { return buffers_[index].has_value(); }
  // A BIN chunk makes the document a GLB, whatever the caller said.
  bool glb() const { return glb_ || glb_bin_.has_value(); }
  const std::optional<std::span<const uint8_t>>& glb_bin() const { return glb_bin_; }

  // True when loaded buffer `index` may back the scene's columns (see keep()).
  bool keepable(int index) const { return loaded_[index].owner || loaded_[index].in_arena; }
  // Makes loaded, keepable buffer `index` live as long as the scene.
  void keep(int index);
  // True when a file a buffer was mapped from was cut short while it was read.
  bool cut_short() const;

 private:
  struct Loaded {
    std::span<const uint8_t> bytes;
    std::shared_ptr<const void> owner;  // null: bytes the caller keeps only for the read
    bool in_arena = false;              // the reader's zeros
    bool kept = false;
  };
  absl::StatusOr<std::span<const uint8_t>> buffer(int index);
  absl::StatusOr<Loaded> load(const JsonObject& buffer, int index);

  ReadContext& ctx_;
  std::optional<std::span<const uint8_t>> glb_bin_;
  bool glb_;
  std::shared_ptr<const void> glb_owner_;
  std::vector<std::optional<std::span<const uint8_t>>> buffers_;
  std::vector<Loaded> loaded_;
  std::vector<bool> zero_filled_;
  std::vector<FileBytes> files_;  // external files, to tell whether one was cut short
  // Per bufferView: its EXT_meshopt_compression data decoded, in the scene's arena.
  std::vector<std::optional<std::span<const uint8_t>>> meshopt_views_;
};

}  // namespace px::gltf
