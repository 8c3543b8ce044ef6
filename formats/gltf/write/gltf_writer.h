// The glTF 2.0 writer: a px::Scene as GLB, or as .gltf JSON with its buffer in a .bin beside it.
// Warnings go to the diagnostics; a scene glTF cannot hold (a NaN or Inf, malformed cells, a node
// cycle) is refused with InvalidArgument and nothing is written; I/O failures are Unavailable.
// The same scene always gives the same bytes.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// Writes scene as GLB (binary=true) or as .gltf + .bin beside it (binary=false, the .bin named
// after the .gltf's stem; no .bin when there is no binary data). Output is atomic: the .bin is
// committed first, then the .gltf, and on any failure neither is left. The buffer is made and
// written a piece at a time, never held whole. Of the options (polyxios/options.h), binary, collada
// and stream_encoding are the caller's: the writer reads threads; allow_remote_uris and
// allow_external_files (an image URI they do not allow is not written,
// gltf.write.image-uri-dropped); progress, told how far the write has got (when it stops the
// write, nothing is left); compression; and transcode_images, unset taken as `binary`.
absl::Status write(const Scene& scene, const std::filesystem::path& path, bool binary,
                   Diagnostics& diagnostics, const WriteOptions& options = {});

// The same into memory, for streams and tests: GLB bytes in json (binary=true, bin empty), or the
// JSON with the buffer as a separate string whose uri is bin_name (binary=false).
struct Written {
  std::string json;
  std::string bin;
};
absl::StatusOr<Written> write_to_memory(const Scene& scene, bool binary, std::string_view bin_name,
                                        Diagnostics& diagnostics, const WriteOptions& options = {});

// The same write with its bytes made and dropped as they are made, for validate: every warning and
// refusal of a write, in the same order, without holding the output.
absl::Status write_nowhere(const Scene& scene, bool binary, std::string_view bin_name,
                           Diagnostics& diagnostics, const WriteOptions& options = {});

}  // namespace px::gltf
