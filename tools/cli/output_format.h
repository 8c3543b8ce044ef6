// The file extension of the output format a command names (--format, --to).
#pragma once

#include <string_view>

#include "polyxios/options.h"

namespace px::cli {

// The file extension of that format, with its dot.
std::string_view output_extension(const WriteOptions& options);

}  // namespace px::cli
