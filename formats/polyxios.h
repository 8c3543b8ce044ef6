// The public C++ API of polyxios: read a scene from a file, write it to another.
// The format is chosen by extension on write, and by magic bytes (then extension) on read.
#pragma once

#include <cstdint>
#include <filesystem>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/diagnostics.h"
#include "engine/options.h"
#include "model/scene.h"

namespace px {

enum class Format { kUnknown, kCollada, kGltf, kGlb };

Format format_from_extension(const std::filesystem::path& path);

absl::StatusOr<Scene> read_scene(const std::filesystem::path& path, const ReadOptions& options,
                                 Diagnostics& diagnostics);
absl::Status write_scene(const Scene& scene, const std::filesystem::path& path,
                         const WriteOptions& options, Diagnostics& diagnostics);

}  // namespace px
