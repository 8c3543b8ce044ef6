// String building for messages. Debian's Abseil is built with its own absl::string_view, which
// std::string_view does not convert to, so absl::StrCat cannot take our views: use px::cat.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <type_traits>

namespace px {
namespace strings_internal {

inline void append(std::string& out, std::string_view s) { out.append(s); }
inline void append(std::string& out, const char* s) { out.append(s); }
inline void append(std::string& out, const std::string& s) { out.append(s); }
inline void append(std::string& out, char c) { out.push_back(c); }
template <class T>
requires(std::is_arithmetic_v<T> && !std::is_same_v<T, char> &&
         !std::is_same_v<T, bool>) void append(std::string& out, T value) {
  char buffer[32];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}

}  // namespace strings_internal

template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  (strings_internal::append(out, parts), ...);
  return out;
}

// `s` with ASCII A-Z lowered (absl::AsciiStrToLower takes only absl::string_view here).
inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace px
