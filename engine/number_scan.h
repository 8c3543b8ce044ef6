// Decoding runs of whole number tokens straight into a growing array: one pass over the text that
// finds each token and reads it, with the common spellings (an index of up to nine digits, a
// decimal of up to seven or fifteen significant digits) read in the same loop and anything else
// handed to parse_float / parse_double / parse_int32, so every value is what those give.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <string_view>

namespace px {

// A growable array of numbers that is never cleared before it is written (malloc / realloc, so a
// large one grows by remapping rather than copying).
template <class T>
class NumberBuffer {
 public:
  NumberBuffer() = default;
  NumberBuffer(const NumberBuffer&) = delete;
  NumberBuffer& operator=(const NumberBuffer&) = delete;
  ~NumberBuffer() { std::free(data_); }

  void reserve(size_t n) {
    if (n <= capacity_) return;
    // On failure realloc leaves the old block as it was: the new-handler may free memory and the
    // call is tried again, as operator new would.
    while (true) {
      if (void* p = std::realloc(data_, n * sizeof(T))) {
        data_ = static_cast<T*>(p);
        capacity_ = n;
        return;
      }
      std::new_handler handler = std::get_new_handler();
      if (handler == nullptr) throw std::bad_alloc();
      handler();
    }
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
    std::free(data_);
    data_ = nullptr;
    size_ = capacity_ = 0;
  }
  std::span<const T> values() const { return {data_, size_}; }
  size_t size() const { return size_; }

 private:
  T* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
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
