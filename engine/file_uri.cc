#include "engine/file_uri.h"

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

}  // namespace

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
