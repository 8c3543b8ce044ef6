// A growable run of characters, for hot loops that std::string's bookkeeping would slow: the
// COLLADA writer's XML (room(n) gives a pointer with at least n writable characters after the
// text, set_end(p) makes the text end at p) and the reader's batches of number text (expat hands
// over millions of short pieces, one line each). Its storage is not initialised (a page is touched
// only when text reaches it) and is kept by clear(), so a buffer reused for a whole document costs
// its pages once.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

namespace px {

class TextBuffer {
 public:
  char* room(size_t n) {
    if (capacity_ - size_ < n) grow(n);
    return data_.get() + size_;
  }
  void set_end(char* end) { size_ = static_cast<size_t>(end - data_.get()); }
  void append(std::string_view bytes) {
    if (bytes.empty()) return;  // memcpy's pointers must not be null, even for no bytes
    std::memcpy(room(bytes.size()), bytes.data(), bytes.size());
    size_ += bytes.size();
  }
  void append_spaces(size_t n) {
    if (n == 0) return;
    std::memset(room(n), ' ', n);
    size_ += n;
  }
  void push_back(char c) {
    *room(1) = c;
    ++size_;
  }
  void truncate(size_t n) { size_ = n < size_ ? n : size_; }
  void clear() { size_ = 0; }
  size_t size() const { return size_; }
  const char* data() const { return data_.get(); }
  std::string_view view() const { return {data_.get(), size_}; }

 private:
  void grow(size_t n) {
    size_t capacity = capacity_ < 4096 ? 4096 : capacity_ * 2;
    while (capacity - size_ < n) capacity *= 2;
    std::unique_ptr<char[]> data(new char[capacity]);  // uninitialised on purpose
    if (size_ > 0) std::memcpy(data.get(), data_.get(), size_);
    data_ = std::move(data);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace px
