#include "tools/cli/output_temporaries.h"

#include "engine/atomic_file.h"
#include "engine/strings.h"
#include "polyxios/polyxios.h"

namespace px::cli {

std::vector<std::filesystem::path> written_files(const std::filesystem::path& path,
                                                 const WriteOptions& options) {
  // As write_scene chooses the format: --format over the extension.
  bool gltf_pair = !options.collada &&
                   (options.binary.has_value() ? !*options.binary
                                               : format_from_extension(path) == Format::kGltf);
  if (!gltf_pair) return {path};
  return {path, path.parent_path() / cat(path.stem().string(), ".bin")};
}

void remove_output_temporaries(const std::filesystem::path& path, const WriteOptions& options) {
  for (const std::filesystem::path& file : written_files(path, options)) {
    remove_temporaries_of(file);
  }
}

}  // namespace px::cli
