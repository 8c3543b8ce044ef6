// convert's mesh compression flags: --compress draco|meshopt, --fallback (--compress-only, the
// default, still accepted), the Draco quantization bits and level, and --optimize, into
// WriteOptions::compression.
#pragma once

#include <string>

#include "polyxios/options.h"
#include "tools/cli/command_line.h"

namespace px::cli {

// The flags the parser must know: switches, then options taking a value.
inline const char* const kCompressionSwitches[] = {"--fallback", "--compress-only", "--optimize"};
inline const char* const kCompressionOptions[] = {
    "--compress",         "--draco-position-bits", "--draco-normal-bits", "--draco-texcoord-bits",
    "--draco-color-bits", "--draco-generic-bits",  "--draco-level"};

// Sets options.compression from the flags; the usage error, empty when they fit. The output must
// be glTF for any of them (collada: the output is COLLADA).
std::string set_compression(const CommandLine& args, bool collada, MeshCompression& options);

}  // namespace px::cli
