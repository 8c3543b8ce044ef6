#include "tools/cli/output_format.h"

namespace px::cli {

bool set_output_format(std::string_view name, WriteOptions& options) {
  if (name == "glb" || name == "gltf") {
    options.binary = name == "glb";
    options.collada = false;
    return true;
  }
  if (name == "dae") {
    options.binary.reset();
    options.collada = true;
    return true;
  }
  return false;
}

std::string_view output_extension(const WriteOptions& options) {
  if (options.collada) return ".dae";
  return options.binary.value_or(true) ? ".glb" : ".gltf";
}

}  // namespace px::cli
