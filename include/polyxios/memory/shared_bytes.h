// Immutable bytes that several owners share without copying them: one image file or archive entry
// that many images name is held once. Bytes made here are charged to the memory budget of the
// read they were made in (polyxios/memory/memory_budget.h) for as long as any owner keeps them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace px {

class SharedBytes {
 public:
  using value_type = uint8_t;
  using const_iterator = const uint8_t*;
  using iterator = const_iterator;

  SharedBytes() = default;
  // Takes the vector's bytes (no copy), charging them to the current read's budget.
  SharedBytes(std::vector<uint8_t> bytes);  // NOLINT(google-explicit-constructor): as a vector
  SharedBytes(std::initializer_list<uint8_t> bytes) : SharedBytes(std::vector<uint8_t>(bytes)) {}
  // The string's bytes (no copy), charged as the vector's are.
  explicit SharedBytes(std::string bytes);
  // Bytes `owner` holds and has charged already where it must (an inflated archive entry): not
  // copied, not charged again; `owner` lives as long as any copy of this.
  SharedBytes(std::span<const uint8_t> bytes, std::shared_ptr<const void> owner);
  // A copy of `bytes`, charged before it is made.
  static SharedBytes copy_of(std::span<const uint8_t> bytes);

  const uint8_t* data() const { return bytes_.data(); }
  size_t size() const { return bytes_.size(); }
  bool empty() const { return bytes_.empty(); }
  const uint8_t* begin() const { return bytes_.data(); }
  const uint8_t* end() const { return bytes_.data() + bytes_.size(); }
  std::span<const uint8_t> span() const { return bytes_; }
  operator std::span<const uint8_t>() const { return bytes_; }  // NOLINT: a view of them
  std::string_view view() const {
    return {reinterpret_cast<const char*>(bytes_.data()), bytes_.size()};
  }
  void clear() { *this = SharedBytes(); }
  // Whether this and `other` hold the same bytes in the same memory (one shared block).
  bool shares_with(const SharedBytes& other) const {
    return !empty() && bytes_.data() == other.bytes_.data() && bytes_.size() == other.size();
  }

  friend bool operator==(const SharedBytes& a, const SharedBytes& b);

 private:
  std::span<const uint8_t> bytes_;
  std::shared_ptr<const void> owner_;
};

}  // namespace px
