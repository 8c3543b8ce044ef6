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
#include "engine/diagnostics.h"
#include "engine/file_uri.h"
#include "engine/options.h"
#include "model/scene.h"

namespace px::collada {

// threads: how many threads format long number lists (WriteOptions::threads: 0 for the cores
// this process may use, at most two); the bytes are the same whatever it is. uris: the image URIs
// that may be written; another is dropped (collada.write.image-uri-dropped), the image written
// from its bytes when it has them, else left out with the textures that sample it. progress is
// told how far the write has got (WriteOptions::progress); when it stops the write, nothing is
// left at the path, while a stream keeps what it was given.
//
// Writes scene to path atomically: a temporary beside it renamed into place when whole.
absl::Status write(const Scene& scene, const std::filesystem::path& path, Diagnostics& diagnostics,
                   int threads = 0, const UriPolicy& uris = {},
                   const ProgressCallback& progress = nullptr);
// The same to an open stream (standard output, a pipe), as it is produced. encoding names the
// text encoding of the stream (empty: a byte stream, written as UTF-8): a document for a stream
// of another encoding is built in memory first and refused (collada.write.stream-encoding) unless
// that encoding spells ASCII as ASCII and the document is ASCII only.
absl::Status write(const Scene& scene, std::FILE* out, std::string_view encoding,
                   Diagnostics& diagnostics, int threads = 0, const UriPolicy& uris = {},
                   const ProgressCallback& progress = nullptr);
// The same into memory, for tests and the fuzz targets.
absl::StatusOr<std::string> write_to_memory(const Scene& scene, Diagnostics& diagnostics,
                                            int threads = 0, const UriPolicy& uris = {},
                                            const ProgressCallback& progress = nullptr);

}  // namespace px::collada
