// The one glTF buffer: buffer views laid out 4-byte aligned, the accessors on them, and the bytes.
// Views are planned first (add_view), then the bytes are sized once (allocate) and each view is
// filled in place, so that no value is copied twice and nothing grows while writing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "formats/gltf/write/json_writer.h"

namespace px::gltf {

inline constexpr int kArrayBuffer = 34962;
inline constexpr int kElementArrayBuffer = 34963;

inline constexpr int kUnsignedByte = 5121;
inline constexpr int kUnsignedShort = 5123;
inline constexpr int kUnsignedInt = 5125;
inline constexpr int kFloat = 5126;

struct BufferView {
  size_t offset = 0;
  size_t length = 0;
  int target = 0;  // 0: none (image data)
};

struct Accessor {
  int view = -1;
  int component_type = kFloat;
  size_t count = 0;
  std::string_view type;    // "SCALAR", "VEC2", ...
  std::vector<double> min;  // written when not empty (POSITION)
  std::vector<double> max;
};

class BinBuilder {
 public:
  // Plans a view of length bytes starting at the next 4-byte boundary; returns its index.
  int add_view(size_t length, int target);
  int add_accessor(Accessor accessor);
  Accessor& accessor(int index) { return accessors_[index]; }

  // Sizes the bytes to the planned total, zero-filled, which is also the alignment padding.
  void allocate();
  char* view_data(int view) { return bytes_.data() + views_[view].offset; }
  size_t size() const { return end_; }
  bool empty() const { return end_ == 0; }
  std::string& bytes() { return bytes_; }

  // "accessors", "bufferViews" and "buffers" (the last with uri when not empty), each left out
  // when it would be empty, as glTF forbids empty arrays.
  void write_json(JsonWriter& json, std::string_view uri) const;

 private:
  std::vector<BufferView> views_;
  std::vector<Accessor> accessors_;
  size_t end_ = 0;
  std::string bytes_;
};

}  // namespace px::gltf
