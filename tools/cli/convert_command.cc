#include "tools/cli/convert_command.h"

#include <iterator>
#include <string>

#include "polyxios/polyxios.h"
#include "tools/cli/axis_flags.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/command_line.h"
#include "tools/cli/compression_flags.h"
#include "tools/cli/output_format.h"
#include "tools/cli/output_temporaries.h"

namespace px::cli {

int run_convert(int argc, char** argv) {
  FlagSpec flags{{"--allow-external-files", "--allow-remote-uris", "--strict-resources", "--repair",
                  "--quiet", "--transcode-images", "--no-transcode-images"},
                 {"--format", "--max-input", "--max-memory", "--threads"}};
  flags.switches.insert(std::begin(kCompressionSwitches), std::end(kCompressionSwitches));
  flags.options.insert(std::begin(kCompressionOptions), std::end(kCompressionOptions));
  flags.switches.insert(std::begin(kAxisSwitches), std::end(kAxisSwitches));
  flags.options.insert(std::begin(kAxisOptions), std::end(kAxisOptions));
  CommandLine args(argc, argv, 2, flags);
  if (!args.error().empty()) return usage(args.error());
  if (args.positional().size() != 2) return usage("convert takes IN and OUT");
  WriteOptions write_options;
  if (args.has("--format") && !set_output_format(args.value("--format"), write_options)) {
    return usage("--format takes glb, gltf or dae");
  }
  const bool collada = args.has("--format")
                           ? write_options.collada
                           : format_from_extension(args.positional()[1]) == Format::kCollada;
  if (std::string error = set_compression(args, collada, write_options.compression);
      !error.empty()) {
    return usage(error);
  }
  AxisUnitTarget axis_unit;
  if (std::string error = set_axis_unit(args, axis_unit); !error.empty()) return usage(error);
  write_options.allow_external_files = args.has("--allow-external-files");
  write_options.allow_remote_uris = args.has("--allow-remote-uris");
  if (args.has("--transcode-images") && args.has("--no-transcode-images")) {
    return usage("--transcode-images and --no-transcode-images contradict each other");
  }
  if (args.has("--transcode-images")) write_options.transcode_images = true;
  if (args.has("--no-transcode-images")) write_options.transcode_images = false;
  ReadOptions read_options;
  read_options.allow_external_files = args.has("--allow-external-files");
  read_options.strict_resources = args.has("--strict-resources");
  read_options.repair = args.has("--repair");
  if (!set_read_threads(args, read_options)) return usage("--threads takes a number from 0 to 64");
  if (!set_max_input(args, read_options)) return usage("--max-input takes a number of MiB from 1");
  if (args.has("--max-memory")) {
    long mib = 0;
    if (!parse_count(args.value("--max-memory"), 1, 1 << 24, &mib)) {
      return usage("--max-memory takes a number of MiB from 1");
    }
    read_options.limits.max_memory_bytes = static_cast<uint64_t>(mib) << 20;
  }
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = read_input(args.positional()[0], read_options, diagnostics);
  if (!scene.ok()) return fail(scene.status());
  if (absl::Status s = apply_axis_unit(*scene, axis_unit, diagnostics); !s.ok()) return fail(s);
  const std::string& out = args.positional()[1];
  if (out != "-") remove_output_temporaries(out, write_options);  // a killed convert's leftovers
  absl::Status written = out == "-" ? write_scene(*scene, stdout, write_options, diagnostics)
                                    : write_scene(*scene, out, write_options, diagnostics);
  if (!args.has("--quiet")) print_warnings(diagnostics);
  if (!written.ok()) return fail(written);
  return 0;
}

}  // namespace px::cli
