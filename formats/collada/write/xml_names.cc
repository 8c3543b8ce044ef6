#include "formats/collada/write/xml_names.h"

#include <algorithm>
#include <cstdint>

#include "engine/strings.h"
#include "engine/utf8.h"

namespace px::collada {
namespace {

// Decodes the UTF-8 character at s[i], advancing i; false for an invalid sequence.
bool next_code_point(std::string_view s, size_t& i, uint32_t& cp) {
  size_t n = 0;
  cp = decode_utf8(s, i, &n);
  i += n;
  return n > 0;
}

// XML 1.0 fifth edition's NameStartChar, without ':'.
bool is_name_start(uint32_t c) {
  return (c >= 'A' && c <= 'Z') || c == '_' || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c <= 0xD6) ||
         (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF) || (c >= 0x370 && c <= 0x37D) ||
         (c >= 0x37F && c <= 0x1FFF) || (c >= 0x200C && c <= 0x200D) ||
         (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) ||
         (c >= 0x3001 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) ||
         (c >= 0xFDF0 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0xEFFFF);
}

bool is_name_char(uint32_t c) {
  return is_name_start(c) || c == '-' || c == '.' || (c >= '0' && c <= '9') || c == 0xB7 ||
         (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040);
}

}  // namespace

bool is_ncname(std::string_view value) {
  if (value.empty()) return false;
  size_t i = 0;
  bool first = true;
  while (i < value.size()) {
    uint32_t c;
    if (!next_code_point(value, i, c)) return false;
    if (first ? !is_name_start(c) : !is_name_char(c)) return false;
    first = false;
  }
  return true;
}

bool is_target_sid(std::string_view value) {
  if (value.empty()) return false;
  for (size_t i = 0; i < value.size(); ++i) {
    char c = value[i];
    bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    bool digit = (c >= '0' && c <= '9') || c == '-';
    if (!(letter || (i > 0 && digit))) return false;
  }
  return true;
}

bool IdRegistry::contains(std::string_view id) const {
  return taken_.contains(absl::string_view(id.data(), id.size()));
}

bool IdRegistry::reserve(std::string_view id) {
  if (!is_ncname(id)) return false;
  return taken_.insert(std::string(id)).second;
}

std::string IdRegistry::unique(std::string_view base) {
  std::string name = is_ncname(base) ? std::string(base) : to_ncname(base, "id");
  // Every suffix below the one stored was taken, and taken ids stay taken.
  int& suffix = next_suffix_[name];
  for (suffix = std::max(suffix, 1);; ++suffix) {
    std::string candidate = suffix == 1 ? name : cat(name, "-", suffix);
    if (!contains(candidate)) {
      ++suffix;
      taken_.insert(candidate);
      return candidate;
    }
  }
}

std::string to_ncname(std::string_view text, std::string_view fallback) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t start = i;
    uint32_t c;
    if (!next_code_point(text, i, c)) {
      out += '_';
      i = start + 1;
      continue;
    }
    if (out.empty() && !is_name_start(c)) {
      out += '_';
      if (!is_name_char(c)) continue;
    }
    if (is_name_char(c)) {
      out.append(text.substr(start, i - start));
    } else {
      out += '_';
    }
  }
  return out.empty() ? std::string(fallback) : out;
}

}  // namespace px::collada
