// The options of a conversion, which convert, batch and validate all take: one spec and one
// parser, so that a flag means the same in each. The output format (--format, or its alias --to),
// mesh compression and --optimize (compression_flags.h), the axis and unit (axis_flags.h), image
// transcoding, what an input may name (--allow-external-files, --allow-remote-uris,
// --strict-resources), --repair, --max-input and --threads.
#pragma once

#include <filesystem>
#include <string>

#include "polyxios/ops/axis_unit.h"
#include "polyxios/options.h"
#include "tools/cli/command_line.h"

namespace px::cli {

// Adds the conversion flags to spec.
void add_conversion_flags(FlagSpec& spec);

// Sets the options from the flags; the usage error, empty when they fit. Without --format the
// output's extension names the format (convert), or GLB when output is empty (batch, validate).
std::string set_conversion(const CommandLine& args, const std::filesystem::path& output,
                           ReadOptions& read, WriteOptions& write, AxisUnitTarget& axis_unit);

// --max-memory MIB as the budget of what a read may build (Limits::max_memory_bytes): convert's
// and validate's (batch's caps each worker instead). The usage error, empty when it fits.
std::string set_read_memory(const CommandLine& args, ReadOptions& read);

}  // namespace px::cli
