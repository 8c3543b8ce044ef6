// The file a document's URI names (a glTF buffer or image, a COLLADA image): percent-decoded,
// Windows backslashes and file: URIs accepted, resolved against the document's folder. A URI
// leaving that folder (absolute, or ".." out of it) names a file only when external files are
// allowed, since ingestion servers convert untrusted uploads.
#pragma once

#include <filesystem>
#include <string_view>

#include "polyxios/options.h"

namespace px {

enum class UriFile {
  kFile,      // path is the file to read
  kOutside,   // it lies outside the document's folder and external files are not allowed
  kNotAFile,  // http: and other schemes, never fetched
  kNoFolder,  // a relative URI of a document read from memory without a folder
};

struct ResolvedUri {
  UriFile kind = UriFile::kNotAFile;
  std::filesystem::path path;
};

ResolvedUri resolve_file_uri(std::string_view uri, const std::filesystem::path& base_dir,
                             bool allow_external_files);

// Where a URI a writer would copy into its output points, judged as the most lenient resolver
// of it would (a browser, a Windows path API): controls and spaces around it trimmed, tabs and
// newlines in it ignored, percent-escapes decoded, backslashes taken as separators.
enum class UriKind {
  kData,    // data:
  kInside,  // relative, staying inside the document's folder once "." and ".." are applied
  kRemote,  // http:, https:
  kOther,   // any other scheme (file:, javascript:, C:), an absolute or "//host" path, a
            // relative one leaving the folder, or one naming nothing but the document itself
};
UriKind classify_uri(std::string_view uri);

// Which URIs a writer copies into its output (spec: Issue 13): data: and inside ones always.
struct UriPolicy {
  bool allow_remote = false;    // http(s): (--allow-remote-uris)
  bool allow_external = false;  // every other (--allow-external-files)
};
bool may_write_uri(std::string_view uri, const UriPolicy& policy);
inline UriPolicy uri_policy(const WriteOptions& options) {
  return {options.allow_remote_uris, options.allow_external_files};
}

}  // namespace px
