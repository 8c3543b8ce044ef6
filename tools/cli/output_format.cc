#include "tools/cli/output_format.h"

namespace px::cli {

std::string_view output_extension(const WriteOptions& options) {
  if (options.collada) return ".dae";
  return options.binary.value_or(true) ? ".glb" : ".gltf";
}

}  // namespace px::cli
