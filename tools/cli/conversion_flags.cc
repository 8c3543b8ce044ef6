#include "tools/cli/conversion_flags.h"

#include <iterator>

#include "tools/cli/axis_flags.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/compression_flags.h"
#include "tools/cli/output_format.h"

namespace px::cli {

void add_conversion_flags(FlagSpec& spec) {
  spec.switches.insert({"--allow-external-files", "--allow-remote-uris", "--strict-resources",
                        "--repair", "--transcode-images", "--no-transcode-images"});
  spec.options.insert({"--format", "--max-input", "--threads"});
  spec.aliases.emplace("--to", "--format");
  spec.switches.insert(std::begin(kCompressionSwitches), std::end(kCompressionSwitches));
  spec.options.insert(std::begin(kCompressionOptions), std::end(kCompressionOptions));
  spec.switches.insert(std::begin(kAxisSwitches), std::end(kAxisSwitches));
  spec.options.insert(std::begin(kAxisOptions), std::end(kAxisOptions));
}

std::string set_conversion(const CommandLine& args, const std::filesystem::path& output,
                           ReadOptions& read, WriteOptions& write, AxisUnitTarget& axis_unit) {
  const bool named = args.has("--format");
  if (named || output.empty()) {
    if (!set_output_format(args.value("--format", "glb"), write)) {
      return "--format (--to) takes glb, gltf or dae";
    }
  }
  const bool collada =
      named || output.empty() ? write.collada : format_from_extension(output) == Format::kCollada;
  if (std::string error = set_compression(args, collada, write.compression); !error.empty()) {
    return error;
  }
  if (std::string error = set_axis_unit(args, axis_unit); !error.empty()) return error;
  if (args.has("--transcode-images") && args.has("--no-transcode-images")) {
    return "--transcode-images and --no-transcode-images contradict each other";
  }
  if (args.has("--transcode-images")) write.transcode_images = true;
  if (args.has("--no-transcode-images")) write.transcode_images = false;
  write.allow_external_files = args.has("--allow-external-files");
  write.allow_remote_uris = args.has("--allow-remote-uris");
  read.allow_external_files = args.has("--allow-external-files");
  read.strict_resources = args.has("--strict-resources");
  read.repair = args.has("--repair");
  if (!set_read_threads(args, read)) return "--threads takes a number from 0 to 64";
  if (!set_max_input(args, read)) return "--max-input takes a number of MiB from 1";
  return "";
}

std::string set_read_memory(const CommandLine& args, ReadOptions& read) {
  if (!args.has("--max-memory")) return "";
  long mib = 0;
  if (!parse_count(args.value("--max-memory"), 1, 1 << 24, &mib)) {
    return "--max-memory takes a number of MiB from 1";
  }
  read.limits.max_memory_bytes = static_cast<uint64_t>(mib) << 20;
  return "";
}

}  // namespace px::cli
