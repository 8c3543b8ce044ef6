// The output formats a command names (--format, --to): glb, gltf and dae.
#pragma once

#include <string_view>

#include "polyxios/options.h"

namespace px::cli {

// Sets options for "glb", "gltf" or "dae"; false for anything else.
bool set_output_format(std::string_view name, WriteOptions& options);
// The file extension of that format, with its dot.
std::string_view output_extension(const WriteOptions& options);

}  // namespace px::cli
