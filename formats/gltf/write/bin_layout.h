// The one glTF buffer as a plan: buffer views laid out 4-byte aligned, the accessors on them (min
// and max computed from the columns while planning), and for each view how its bytes are made.
// The JSON needs only the plan; the bytes are made afterwards, view by view, as they are written
// (bin_stream.h), so the whole buffer is never held in memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

inline constexpr int kArrayBuffer = 34962;
inline constexpr int kElementArrayBuffer = 34963;

inline constexpr int kUnsignedByte = 5121;
inline constexpr int kUnsignedShort = 5123;
inline constexpr int kUnsignedInt = 5125;
inline constexpr int kFloat = 5126;

// The bytes of one component of the types above.
inline constexpr size_t component_bytes(int component_type) {
  return component_type == kUnsignedByte ? 1 : component_type == kUnsignedShort ? 2 : 4;
}

// Where a view's bytes go, in order: bytes that live until the write ends (a column, the writer's
// own arrays) as they are, or bytes made into a buffer the writer lends and then commits. Write
// failures are the stream's to report: these calls fail only for the view maker's own reasons.
class ViewOut {
 public:
  // The size of buffer().
  static constexpr size_t kChunkBytes = size_t{256} << 10;

  virtual ~ViewOut() = default;
  virtual void bytes(std::span<const char> bytes) = 0;
  // A buffer of kChunkBytes to fill, valid until commit().
  virtual char* buffer() = 0;
  virtual void commit(size_t size) = 0;
};

// A ViewOut into memory, for a part that needs a view's bytes whole before the buffer is written
// (a compressed mesh's input).
class MemoryOut final : public ViewOut {
 public:
  void bytes(std::span<const char> bytes) override { out_.append(bytes.data(), bytes.size()); }
  char* buffer() override {
    scratch_.resize(kChunkBytes);
    return scratch_.data();
  }
  void commit(size_t size) override { out_.append(scratch_.data(), size); }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
  std::string scratch_;
};

// Makes a view's bytes into `out`, exactly its length; a status that is not OK refuses the write
// (a value glTF cannot hold), and warnings go to `diagnostics`.
using ViewMaker = std::function<absl::Status(ViewOut& out, Diagnostics& diagnostics)>;

// Converts `rows` rows of `row_bytes` a buffer at a time: fill(first, end, out) writes rows
// [first, end) to out and returns false to stop (the maker then refuses).
template <class Fill>
bool stream_rows(ViewOut& out, size_t rows, size_t row_bytes, Fill&& fill) {
  const size_t per_buffer =
      row_bytes >= ViewOut::kChunkBytes ? 1 : ViewOut::kChunkBytes / row_bytes;
  for (size_t first = 0; first < rows; first += per_buffer) {
    const size_t end = rows - first < per_buffer ? rows : first + per_buffer;
    char* buffer = out.buffer();
    if (!fill(first, end, buffer)) return false;
    out.commit((end - first) * row_bytes);
  }
  return true;
}

// How EXT_meshopt_compression may compress a view: its elements as vertex attributes, as a
// triangle list's indices, or as other indices.
enum class MeshoptMode { kNone, kAttributes, kTriangles, kIndices };

struct BufferView {
  size_t offset = 0;
  size_t length = 0;
  int target = 0;  // 0: none (image data)
  // 0: the buffer the bytes are written to; 1: EXT_meshopt_compression's placeholder for the
  // data of views compressed without a fallback, which has no bytes.
  int buffer = 0;
  // What EXT_meshopt_compression may make of it (compressible()), and, once compress_meshopt()
  // did, where its compressed bytes lie in buffer 0.
  MeshoptMode meshopt = MeshoptMode::kNone;
  size_t element_bytes = 0;
  bool compressed = false;
  size_t compressed_offset = 0;
  size_t compressed_length = 0;
};

// A run of buffer 0's bytes, in order, and how they are made: a view's, or its compressed bytes.
struct Segment {
  size_t offset = 0;
  size_t length = 0;
  ViewMaker make;
};

// A sparse accessor's substitutions: `count` rows at the indices of one view (of
// indices_type), their values in another; the rows not named are zeros.
struct SparseRows {
  size_t count = 0;
  int indices_view = -1;
  int indices_type = kUnsignedInt;
  int values_view = -1;
};

struct Accessor {
  int view = -1;  // none: a compressed primitive's accessor without its fallback, or all zeros
  int component_type = kFloat;
  size_t count = 0;
  std::string_view type;    // "SCALAR", "VEC2", ...
  std::vector<double> min;  // written when not empty (POSITION)
  std::vector<double> max;
  std::optional<SparseRows> sparse;
};

class BinLayout {
 public:
  // Plans a view of length bytes starting at the next 4-byte boundary; returns its index.
  int add_view(size_t length, int target, ViewMaker make);
  int add_accessor(Accessor accessor);
  Accessor& accessor(int index) { return accessors_[index]; }

  // Marks a view EXT_meshopt_compression may compress: elements of element_bytes each, as `mode`
  // (attributes: a multiple of 4 up to 256 bytes; indices: 2 or 4 bytes, a triangle list's count
  // a multiple of 3).
  void compressible(int view, MeshoptMode mode, size_t element_bytes);
  // Compresses every compressible view with meshoptimizer: its bytes are made now (the maker's
  // refusal refuses the write) and their compressed form laid out in buffer 0 after them
  // (`fallback`), or alone, the view itself moving to the placeholder buffer 1. Views keep their
  // indices; buffer 0 is laid out anew.
  absl::Status compress_meshopt(bool fallback, Diagnostics& diagnostics);
  bool meshopt_compressed() const { return meshopt_compressed_; }

  const std::vector<BufferView>& views() const { return views_; }
  // Buffer 0's bytes, in order.
  const std::vector<Segment>& segments() const { return segments_; }
  // The buffer's length: the last segment's end, padded to 4 bytes.
  size_t size() const { return end_; }
  bool empty() const { return end_ == 0; }

  // "accessors", "bufferViews" and "buffers" (buffer 0 with uri when not empty, and the
  // placeholder when a view is in it), each left out when it would be empty, as glTF forbids
  // empty arrays.
  void write_json(JsonWriter& json, std::string_view uri) const;

 private:
  std::vector<BufferView> views_;
  std::vector<Segment> segments_;
  // A deque, so that an accessor stays where it is as others are added (a planning task may be
  // filling its min and max).
  std::deque<Accessor> accessors_;
  // Bytes compress_meshopt() made, which the segments' makers hand out.
  std::deque<std::string> made_;
  size_t end_ = 0;
  size_t placeholder_end_ = 0;
  bool meshopt_compressed_ = false;
};

}  // namespace px::gltf
