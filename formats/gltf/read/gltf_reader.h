// The glTF 2.0 reader: a .gltf (JSON, with its buffers and images in files beside it or in data:
// URIs) or a .glb (told by its "glTF" magic, whatever the file is called) as a px::Scene, as
// spec/gltf.md's Reading says. A document that breaks glTF where the reader looks is refused with
// InvalidArgument (ResourceExhausted past the decoding budget) naming the rule and the JSON
// pointer (`gltf.accessor.out-of-bounds: /accessors/3: ...`); what can be read past is read with a
// warning.
#pragma once

#include <filesystem>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/contained_file.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// The document in an open file; its buffer and image files are opened beneath its folder
// (engine/contained_file.h).
absl::StatusOr<Scene> read(RegularFile file, const ReadOptions& options, Diagnostics& diagnostics);
// The same for a file the user named.
absl::StatusOr<Scene> read(const std::filesystem::path& path, const ReadOptions& options,
                           Diagnostics& diagnostics);

// The same from bytes in memory; relative URIs resolve against base_dir (none when it is empty).
absl::StatusOr<Scene> read_memory(std::string_view bytes, const std::filesystem::path& base_dir,
                                  const ReadOptions& options, Diagnostics& diagnostics);

}  // namespace px::gltf
