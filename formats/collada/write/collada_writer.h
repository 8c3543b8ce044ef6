// The COLLADA 1.4.1 writer (spec collada.md, "Writing"): a px::Scene as a .dae document. Every
// module plans first and refuses what cannot be written (InvalidArgument naming the rule) before a
// byte is written; then the document streams out through a fixed buffer. The same scene always
// gives the same bytes.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Of the options (polyxios/options.h) the writer reads: threads, how many threads format long
// number lists (0 for the cores this process may use, at most two; the bytes are the same
// whatever it is); allow_remote_uris and allow_external_files, the image URIs that may be
// written (another is dropped, collada.write.image-uri-dropped, the image written from its bytes
// when it has them, else left out with the textures that sample it); progress, told how far the
// write has got (when it stops the write, nothing is left at the path, while a stream keeps what
// it was given); and stream_encoding on a stream. The others are glTF's, or the caller's.
//
// Writes scene to path atomically: a temporary beside it renamed into place when whole.
absl::Status write(const Scene& scene, const std::filesystem::path& path, Diagnostics& diagnostics,
                   const WriteOptions& options = {});
// The same to an open stream (standard output, a pipe), as it is produced.
// options.stream_encoding names the text encoding of the stream (empty: a byte stream, written as
// UTF-8): a document for a stream of another encoding is built in memory first and refused
// (collada.write.stream-encoding) unless that encoding spells ASCII as ASCII and the document is
// ASCII only.
absl::Status write(const Scene& scene, std::FILE* out, Diagnostics& diagnostics,
                   const WriteOptions& options = {});
// The same into memory, for tests and the fuzz targets.
absl::StatusOr<std::string> write_to_memory(const Scene& scene, Diagnostics& diagnostics,
                                            const WriteOptions& options = {});

}  // namespace px::collada
