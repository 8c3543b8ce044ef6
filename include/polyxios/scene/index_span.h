// A read-only view of a mesh's vertex indices, 16 or 32 bits wide: a mesh of at most 65,536
// points keeps its connectivity in 16 bits, as a glTF file does, which halves what the scene
// holds of it. Values read as uint32_t either way; a loop over many of them takes the view's
// own width once, by visit().
#pragma once

#include <algorithm>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <type_traits>

namespace px {

class IndexSpan {
 public:
  IndexSpan() = default;
  // From a span of uint16_t or uint32_t (a template, so that only spans convert).
  template <class T>
  requires std::same_as<std::remove_const_t<T>, uint16_t> ||
      std::same_as<std::remove_const_t<T>, uint32_t>
      IndexSpan(std::span<T> values)
      : data_(values.data()), size_(values.size()), narrow_(sizeof(T) == 2) {}
  template <class T, size_t N>
  requires std::same_as<std::remove_const_t<T>, uint16_t> ||
      std::same_as<std::remove_const_t<T>, uint32_t>
      IndexSpan(T (&values)[N]) : IndexSpan(std::span<T>(values)) {}

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Whether the values are 16 bits wide.
  bool narrow() const { return narrow_; }
  size_t size_bytes() const { return size_ * (narrow_ ? 2 : 4); }
  // The first value's address: which memory the view shows (two meshes sharing one array).
  const void* data() const { return data_; }

  uint32_t operator[](size_t i) const {
    return narrow_ ? static_cast<const uint16_t*>(data_)[i]
                   : static_cast<const uint32_t*>(data_)[i];
  }
  uint32_t front() const { return (*this)[0]; }
  uint32_t back() const { return (*this)[size_ - 1]; }
  IndexSpan subspan(size_t offset, size_t count) const {
    IndexSpan out = *this;
    out.data_ = static_cast<const char*>(data_) + offset * (narrow_ ? 2 : 4);
    out.size_ = count;
    return out;
  }
  IndexSpan first(size_t count) const { return subspan(0, count); }

  // f(std::span<const uint16_t>) or f(std::span<const uint32_t>), as the view is.
  template <class F>
  decltype(auto) visit(F&& f) const {
    if (narrow_) return f(std::span<const uint16_t>(static_cast<const uint16_t*>(data_), size_));
    return f(std::span<const uint32_t>(static_cast<const uint32_t*>(data_), size_));
  }

  // The largest value (0 for an empty view), at the view's own width.
  uint32_t highest() const {
    return visit([](auto values) {
      uint32_t out = 0;
      for (uint32_t v : values) out = std::max(out, v);
      return out;
    });
  }

  class iterator;
  iterator begin() const;
  iterator end() const;

 private:
  const void* data_ = nullptr;
  size_t size_ = 0;
  bool narrow_ = false;
};

class IndexSpan::iterator {
 public:
  using iterator_concept = std::random_access_iterator_tag;
  using value_type = uint32_t;
  using difference_type = std::ptrdiff_t;

  iterator() = default;
  // Holds the view's fields, not the view: an iterator of a temporary view stays good.
  iterator(const IndexSpan& span, size_t i) : span_(span), i_(i) {}
  uint32_t operator*() const { return span_[i_]; }
  uint32_t operator[](difference_type n) const { return span_[i_ + n]; }
  iterator& operator++() {
    ++i_;
    return *this;
  }
  iterator operator++(int) {
    iterator old = *this;
    ++i_;
    return old;
  }
  iterator& operator--() {
    --i_;
    return *this;
  }
  iterator operator--(int) {
    iterator old = *this;
    --i_;
    return old;
  }
  iterator& operator+=(difference_type n) {
    i_ += n;
    return *this;
  }
  iterator& operator-=(difference_type n) {
    i_ -= n;
    return *this;
  }
  friend iterator operator+(iterator it, difference_type n) { return it += n; }
  friend iterator operator+(difference_type n, iterator it) { return it += n; }
  friend iterator operator-(iterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(iterator a, iterator b) {
    return static_cast<difference_type>(a.i_) - static_cast<difference_type>(b.i_);
  }
  friend bool operator==(iterator a, iterator b) { return a.i_ == b.i_; }
  friend auto operator<=>(iterator a, iterator b) { return a.i_ <=> b.i_; }

 private:
  IndexSpan span_;
  size_t i_ = 0;
};

// Packs indices, each below 65,536, into 16 bits at the start of their own memory, which then
// holds them in its first half.
std::span<uint16_t> narrow_in_place(std::span<uint32_t> wide);

inline IndexSpan::iterator IndexSpan::begin() const { return iterator(*this, 0); }
inline IndexSpan::iterator IndexSpan::end() const { return iterator(*this, size_); }

}  // namespace px
