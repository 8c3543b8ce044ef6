// What a writer killed mid-write (kill -9) leaves beside its output: the named temporaries of
// each file the output takes (engine/atomic_file.h), which the next writer of it removes.
#pragma once

#include <filesystem>
#include <vector>

#include "polyxios/options.h"

namespace px::cli {

// The files write_scene(path, options) writes: the path, and a .gltf's .bin beside it (the
// path's stem + ".bin", as the glTF writer names it).
std::vector<std::filesystem::path> written_files(const std::filesystem::path& path,
                                                 const WriteOptions& options);

// Removes the temporaries of every file written_files names.
void remove_output_temporaries(const std::filesystem::path& path, const WriteOptions& options);

}  // namespace px::cli
