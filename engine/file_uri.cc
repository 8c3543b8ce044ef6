#include "engine/file_uri.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "engine/uri.h"

namespace px {
namespace {

// "http:", "https:", "file:" ...; a single letter is a Windows drive, not a scheme.
bool has_scheme(std::string_view uri) {
  size_t colon = uri.find(':');
  if (colon == std::string_view::npos || colon < 2) return false;
  for (size_t i = 0; i < colon; ++i) {
    char c = uri[i];
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    bool other = (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    if (!letter && !(i > 0 && other)) return false;
  }
  return true;
}

// The scheme's length when the URI starts with one (a single letter included: a Windows drive
// is no relative reference either), else 0.
size_t scheme_length(std::string_view uri) {
  size_t end = uri.find_first_of(":/?#");
  if (end == std::string_view::npos || end == 0 || uri[end] != ':') return 0;
  for (size_t i = 0; i < end; ++i) {
    char c = uri[i];
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    bool other = (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    if (!letter && !(i > 0 && other)) return 0;
  }
  return end;
}

// How far a path segment moves: Windows drops a name's trailing dots and spaces, so a segment of
// dots and spaces alone is taken for ".." when it holds two dots or more, else for ".".
int segment_step(std::string_view segment) {
  if (segment.find_first_not_of(". ") != std::string_view::npos) return 1;
  return std::count(segment.begin(), segment.end(), '.') >= 2 ? -1 : 0;
}

}  // namespace

UriKind classify_uri(std::string_view raw) {
  size_t first = 0;
  size_t last = raw.size();
  while (first < last && static_cast<unsigned char>(raw[first]) <= 0x20) ++first;
  while (last > first && static_cast<unsigned char>(raw[last - 1]) <= 0x20) --last;
  std::string uri;
  for (char c : raw.substr(first, last - first)) {
    if (c != '\t' && c != '\n' && c != '\r') uri += c;
  }
  if (is_data_uri(uri)) return UriKind::kData;
  if (size_t scheme = scheme_length(uri); scheme > 0) {
    std::string name = uri.substr(0, scheme);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name == "http" || name == "https" ? UriKind::kRemote : UriKind::kOther;
  }
  // Decoded until nothing changes, since some pipelines decode twice ("%252e%252e/"); a URI
  // still changing after kMaxDecodes is escaped deeper than any resolver decodes and is not
  // trusted (decoding each layer of "%2525...41" would take time quadratic in its length).
  constexpr int kMaxDecodes = 8;
  std::string path(std::string_view(uri).substr(0, uri.find_first_of("?#")));
  int decodes = 0;
  for (std::string once = percent_decode(path); once != path; once = percent_decode(path)) {
    if (++decodes > kMaxDecodes) return UriKind::kOther;
    path = std::move(once);
  }
  for (char& c : path) {
    if (c == '\\') c = '/';
  }
  // A scheme or a drive spelled escaped ("C%3A/x") is read as one by resolvers that decode
  // first; a control character (a NUL above all) ends the name early in others.
  if (path.empty() || path[0] == '/' || scheme_length(path) > 0 ||
      std::any_of(path.begin(), path.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20; })) {
    return UriKind::kOther;
  }
  // Depth below the folder, segment by segment: once it goes below 0 the folder is left, even
  // when later names come back into it ("../here/a.png" is judged without knowing the folder).
  int depth = 0;
  for (size_t start = 0; start <= path.size();) {
    size_t end = std::min(path.find('/', start), path.size());
    depth += segment_step(std::string_view(path).substr(start, end - start));
    if (depth < 0) return UriKind::kOther;
    start = end + 1;
  }
  return depth > 0 ? UriKind::kInside : UriKind::kOther;
}

bool may_write_uri(std::string_view uri, const UriPolicy& policy) {
  switch (classify_uri(uri)) {
    case UriKind::kData:
    case UriKind::kInside:
      return true;
    case UriKind::kRemote:
      return policy.allow_remote;
    case UriKind::kOther:
      return policy.allow_external;
  }
  return false;
}

ResolvedUri resolve_file_uri(std::string_view uri, const std::filesystem::path& base_dir,
                             bool allow_external_files) {
  std::string path = percent_decode(uri);
  for (char& c : path) {
    if (c == '\\') c = '/';
  }
  if (path.size() >= 5 && std::string_view(path).substr(0, 5) == "file:") {
    path.erase(0, 5);
    // file://host/x and file:///x -> /x; file:///C:/x -> C:/x
    if (path.starts_with("//")) {
      size_t slash = path.find('/', 2);
      path.erase(0, slash == std::string::npos ? path.size() : slash);
    }
    if (path.size() > 3 && path[0] == '/' && path[2] == ':') path.erase(0, 1);
  } else if (has_scheme(path)) {
    return {UriFile::kNotAFile, {}};
  }
  std::filesystem::path relative(path);
  const bool drive = path.size() > 1 && path[1] == ':';
  const bool absolute = relative.is_absolute() || drive;
  if (absolute) {
    if (!allow_external_files) return {UriFile::kOutside, {}};
    return {UriFile::kFile, relative.lexically_normal()};
  }
  if (relative.empty()) return {UriFile::kNotAFile, {}};
  if (base_dir.empty()) return {UriFile::kNoFolder, {}};
  // Judged on the joined path, so that "../here/a.png" from a document in here/ stays inside.
  const std::filesystem::path folder = base_dir.lexically_normal();
  const std::filesystem::path full = (folder / relative).lexically_normal();
  const std::filesystem::path inside = full.lexically_relative(folder);
  const bool outside = inside.empty() || *inside.begin() == std::filesystem::path("..") ||
                       inside == std::filesystem::path(".");
  if (outside && !allow_external_files) return {UriFile::kOutside, {}};
  return {UriFile::kFile, full};
}

}  // namespace px
