// .zae: a COLLADA document zipped with what it references. The document is the one manifest.xml's
// <dae_root> names, else the single .dae at the archive's root; it is read as any document, and
// the images it names relatively are taken from the archive (embedded in the scene), never from
// the host disk. The archive is judged before anything is inflated
// (formats/collada/read/zae_zip.h).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "formats/collada/read/zae_zip.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// The archive a document is read from, and the folder in it that the document lies in ("" at its
// root, else ending in '/'), against which its relative URIs resolve.
struct ZaeFolder {
  ZipArchive* archive = nullptr;
  std::string document_dir;
};

// Where a URI of a document in an archive points.
struct ArchiveUri {
  enum class Kind {
    kEntry,        // `entry` is the name it resolves to (which the archive may not hold)
    kOutside,      // relative, but ".." leaves the archive's root
    kNotRelative,  // a scheme (file:, http:), an absolute path, or only a fragment
  };
  Kind kind = Kind::kNotRelative;
  std::string entry;
};
// The URI's path (query and fragment dropped) percent-decoded, '\' read as '/', resolved against
// `document_dir` with "." and ".." applied.
ArchiveUri resolve_archive_uri(std::string_view uri, std::string_view document_dir);

// Refused besides the archive's own rules: collada.zae.manifest (a manifest.xml that is not XML
// or names no document), collada.zae.manifest-target (it names an entry the archive does not
// hold, or one outside it), collada.zae.no-document (no manifest and no .dae at the root),
// collada.zae.document-ambiguous (no manifest and several .dae at the root).
absl::StatusOr<Scene> read_zae(RegularFile file, const ReadOptions& options,
                               Diagnostics& diagnostics);
// The same for a file the user named.
absl::StatusOr<Scene> read_zae(const std::filesystem::path& path, const ReadOptions& options,
                               Diagnostics& diagnostics);
// The same from an archive in memory (standard input, an upload).
absl::StatusOr<Scene> read_zae_bytes(std::string_view bytes, const ReadOptions& options,
                                     Diagnostics& diagnostics);

// Whether bytes start as a zip archive does (a local file header, or the end record of an empty
// archive).
bool has_zip_magic(std::string_view bytes);

}  // namespace px::collada
