// The format a read took, told as read_scene and read_scene_bytes tell it, for `info --json`.
#pragma once

#include <filesystem>
#include <string_view>

#include "formats/polyxios.h"

namespace px::cli {

// A file, from its first bytes: GLB by its "glTF" magic, else by extension (a .glb without the
// magic is read as glTF JSON).
Format file_format(std::string_view prefix, const std::filesystem::path& path);
// A whole document in memory (standard input): GLB by its magic, glTF JSON when its first
// character past a byte order mark and white space is '{', else COLLADA.
Format bytes_format(std::string_view bytes);

// "collada", "gltf", "glb"; "unknown" for kUnknown.
std::string_view format_name(Format format);

}  // namespace px::cli
