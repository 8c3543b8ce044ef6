// Decoding runs of whole number tokens straight into a growing array: one pass over the text that
// finds each token and reads it, with the common spellings (an index of up to nine digits, a
// decimal of up to seven or fifteen significant digits) read in the same loop and anything else
// handed to parse_float / parse_double / parse_int32, so every value is what those give.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "engine/scratch_pool.h"

namespace px {

// A growable array of numbers that is never cleared before it is written, its storage from a
// scratch pool (malloc without one).
template <class T>
class NumberBuffer {
 public:
  explicit NumberBuffer(ScratchPool* pool = nullptr) : pool_(pool) {}
  NumberBuffer(const NumberBuffer&) = delete;
  NumberBuffer& operator=(const NumberBuffer&) = delete;
  ~NumberBuffer() { release(); }

  void reserve(size_t n) {
    if (n <= capacity_) return;
    size_t bytes = 0;
    void* p = scratch_acquire(pool_, n * sizeof(T), &bytes);
    if (size_ > 0) std::memcpy(p, data_, size_ * sizeof(T));
    if (data_ != nullptr) scratch_release(pool_, data_, capacity_bytes_);
    data_ = static_cast<T*>(p);
    capacity_bytes_ = bytes;
    capacity_ = bytes / sizeof(T);
  }
  // Room for one more value, growing by half again when full.
  T* end_for_one() {
    if (size_ == capacity_) reserve(capacity_ < 16 ? 16 : capacity_ + capacity_ / 2);
    return data_ + size_;
  }
  // Counts the value written at end_for_one().
  void commit_one() { ++size_; }
  void push_back(T value) {
    *end_for_one() = value;
    ++size_;
  }
  // Frees the values; the buffer is empty afterwards.
  void release() {
    if (data_ != nullptr) scratch_release(pool_, data_, capacity_bytes_);
    data_ = nullptr;
    size_ = capacity_ = capacity_bytes_ = 0;
  }
  std::span<const T> values() const { return {data_, size_}; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }

 private:
  ScratchPool* pool_;
  T* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
  size_t capacity_bytes_ = 0;
};

// Where a scan stopped on a token that is not a number of the kind asked for.
struct BadToken {
  size_t offset = 0;  // in the text scanned
  size_t length = 0;
};

// Appends every whitespace-separated token of `text` to `out` as T (float, double or int32_t),
// adding the line feeds it passes to *newlines. `text` is XML character data that ends at a token
// boundary (the caller carries a token cut by the end of a piece): either its end or the byte
// after it is white space. Bytes up to readable_end may be loaded (and ignored) past a token, so
// that tokens are read eight bytes at a time; nullptr when nothing past the text is readable.
// False at the first token that is not a T, with *bad saying where (and *newlines counting those
// before it); the values before it are kept.
template <class T>
bool scan_numbers(std::string_view text, const char* readable_end, NumberBuffer<T>& out,
                  size_t* newlines, BadToken* bad);

// The offset just past the last XML white space character of text (0 when there is none): what
// precedes it is whole tokens.
size_t whole_tokens_end(std::string_view text);

}  // namespace px
