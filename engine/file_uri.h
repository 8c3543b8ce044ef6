// The file a document's URI names (a glTF buffer or image, a COLLADA image): percent-decoded,
// Windows backslashes and file: URIs accepted, resolved against the document's folder. A URI
// leaving that folder (absolute, or ".." out of it) names a file only when external files are
// allowed, since ingestion servers convert untrusted uploads.
#pragma once

#include <filesystem>
#include <string_view>

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

}  // namespace px
