// The block arena that owns every array of a scene. Columns are views into it, so meshes made
// "per resolution" share the first mesh's arrays by copying a view, never the bytes.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory_resource>
#include <span>

namespace px {

class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // Zero-initialised storage for n values of T, alive as long as the arena.
  template <class T>
  std::span<T> allocate(size_t n) {
    if (n == 0) return {};
    void* p = resource_.allocate(n * sizeof(T), alignof(T) < 8 ? 8 : alignof(T));
    std::memset(p, 0, n * sizeof(T));
    bytes_ += n * sizeof(T);
    return {static_cast<T*>(p), n};
  }

  template <class T>
  std::span<T> copy(std::span<const T> values) {
    std::span<T> out = allocate<T>(values.size());
    if (!values.empty()) std::memcpy(out.data(), values.data(), values.size_bytes());
    return out;
  }

  size_t bytes() const { return bytes_; }

 private:
  std::pmr::monotonic_buffer_resource resource_{1 << 16};
  size_t bytes_ = 0;
};

}  // namespace px
