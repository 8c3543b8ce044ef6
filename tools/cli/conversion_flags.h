// The conversion options (polyxios/conversion_options.h: the output format, compression and
// --optimize, axis and unit, image transcoding, what an input may name, --repair, --threads and
// the limits) as the flags convert, batch, validate and info take. One table and one parser,
// shared with the Python module's keywords, so that a flag means the same in each.
#pragma once

#include <filesystem>
#include <string>

#include "polyxios/conversion_options.h"
#include "tools/cli/command_line.h"

namespace px::cli {

// Adds the flags of the options of `stage` (every option for kAll) to spec.
void add_conversion_flags(FlagSpec& spec, OptionStage stage = OptionStage::kAll);

// Sets the options from the flags; the usage error, empty when they fit. Without --format the
// output's extension names the format (convert), or GLB when output is empty (batch, validate).
std::string set_conversion(const CommandLine& args, const std::filesystem::path& output,
                           ReadOptions& read, WriteOptions& write, AxisUnitTarget& axis_unit);

// The help of every conversion option of `stage`, as the usage text lists options: "  --flag
// METAVAR" then the text wrapped at 100 columns, the default where it has one.
std::string conversion_flags_help(OptionStage stage = OptionStage::kAll);

}  // namespace px::cli
