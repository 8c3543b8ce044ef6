// The public C++ API of polyxios: read a scene from a file, write it to another.
// The format is chosen by extension on write, and by magic bytes (then extension) on read.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "polyxios/diagnostics.h"
#include "polyxios/ops/axis_unit.h"
#include "polyxios/options.h"
#include "polyxios/scene/polydata.h"
#include "polyxios/scene/scene.h"

namespace px {

enum class Format { kUnknown, kCollada, kGltf, kGlb };

Format format_from_extension(const std::filesystem::path& path);
// What read_scene reads a file as, by its first bytes (prefix: up to 4 KiB) before its name: GLB
// by its "glTF" magic, a zip archive (a .zae) or a gzip stream as COLLADA (not one named .gltf,
// .glb, .gltf.gz: such bytes are never inflated, and read as glTF they are refused), glTF
// JSON by '{' past a byte order mark and white space, COLLADA by '<' when the name says COLLADA
// or a <COLLADA root shows (or a UTF-16 byte order mark); only when the bytes tell nothing by
// extension (a .zae; a .glb is then read as glTF JSON). kUnknown is refused. Where the name
// names another format than the bytes, read_scene warns (format.extension-mismatch).
Format detect_file_format(const std::filesystem::path& path, std::string_view prefix);
// What read_scene_bytes reads a document as: GLB by its magic, glTF JSON when it opens with '{'
// (past a byte order mark and white space), COLLADA with '<' or a UTF-16 byte order mark, or
// with a zip archive's magic (a .zae).
Format detect_bytes_format(std::string_view bytes);
// "collada", "gltf", "glb", "unknown".
std::string_view format_name(Format format);

// *format, when given, is set to what the file is read as (detect_file_format), even when the
// read then fails. A file past options.limits.max_input_bytes is refused before it is read
// (limits.input-bytes); options.progress may stop a read or write (polyxios/options.h), which then
// returns a Cancelled status and writes nothing to a path.
absl::StatusOr<Scene> read_scene(const std::filesystem::path& path, const ReadOptions& options,
                                 Diagnostics& diagnostics, Format* format = nullptr);
absl::Status write_scene(const Scene& scene, const std::filesystem::path& path,
                         const WriteOptions& options, Diagnostics& diagnostics);

// The spec's read(): the file's scene flattened by to_polydata, with a warning
// (read.scene-flattened) that its scene data is discarded; read_scene keeps it.
absl::StatusOr<PolyData> read_polydata(const std::filesystem::path& path,
                                       const ReadOptions& options, Diagnostics& diagnostics);
// The spec's write(): one mesh written as a scene of one node showing it.
absl::Status write_polydata(const PolyData& data, const std::filesystem::path& path,
                            const WriteOptions& options, Diagnostics& diagnostics);

// The same from a whole document in memory (standard input, an upload): GLB, glTF JSON or COLLADA
// told by its first bytes. Relative URIs resolve nowhere, as the document has no folder.
absl::StatusOr<Scene> read_scene_bytes(std::string_view bytes, const ReadOptions& options,
                                       Diagnostics& diagnostics, Format* format = nullptr);

// Writes the scene to an open stream (standard output, a pipe): COLLADA with options.collada,
// streamed as it is produced (a write its progress callback stops leaves the part written on the
// stream); else GLB, the one glTF form that holds its own buffer (built whole before its first
// byte is written, so nothing is): options.binary == false, a .gltf whose .bin needs a path,
// is refused (gltf.write.stream-needs-path).
absl::Status write_scene(const Scene& scene, std::FILE* out, const WriteOptions& options,
                         Diagnostics& diagnostics);

// Turns a scene just read to another up axis and unit (polyxios/ops/axis_unit.h; opt-in, beyond the
// spec), its notes reported as warnings; nothing when the target asks for none. Its new arrays are
// charged to the scene's memory budget: past it, the refusal limits.memory.
absl::Status apply_axis_unit(Scene& scene, const AxisUnitTarget& target, Diagnostics& diagnostics);

}  // namespace px
