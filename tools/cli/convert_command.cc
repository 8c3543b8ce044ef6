#include "tools/cli/convert_command.h"

#include <string>
#include <system_error>

#include "polyxios/polyxios.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/command_line.h"
#include "tools/cli/conversion_flags.h"
#include "tools/cli/output_temporaries.h"

namespace px::cli {

FlagSpec convert_flags() {
  FlagSpec flags{{"--quiet", "-v"}, {"-o"}};
  flags.aliases.emplace("--verbose", "-v");
  flags.aliases.emplace("--output", "-o");
  add_conversion_flags(flags);
  return flags;
}

int run_convert(int argc, char** argv) {
  CommandLine args(argc, argv, 2, convert_flags());
  if (!args.error().empty()) return usage(args.error());
  std::vector<std::string> paths = args.positional();
  if (args.has("-o")) paths.push_back(args.value("-o"));
  std::error_code ec;
  if (!paths.empty() && paths[0] != "-" && std::filesystem::is_directory(paths[0], ec)) {
    return usage(paths[0] + " is a folder: convert takes one file; polyxios batch " + paths[0] +
                 " OUT converts every asset under a folder");
  }
  if (paths.size() != 2) return usage("convert takes IN and OUT (or IN -o OUT)");
  const std::string& in = paths[0];
  const std::string& out = paths[1];
  ReadOptions read_options;
  WriteOptions write_options;
  AxisUnitTarget axis_unit;
  if (std::string error = set_conversion(args, out, read_options, write_options, axis_unit);
      !error.empty()) {
    return usage(error);
  }
  // -v prints each warning the moment it is raised (the read's before the write begins); else
  // all of them at the end.
  const bool quiet = args.has("--quiet");
  const bool verbose = args.has("-v") && !quiet;
  Diagnostics diagnostics;
  if (verbose) diagnostics.set_listener(print_warning);
  absl::StatusOr<Scene> scene = read_input(in, read_options, diagnostics);
  if (!scene.ok()) return fail(scene.status());
  if (absl::Status s = apply_axis_unit(*scene, axis_unit, diagnostics); !s.ok()) return fail(s);
  if (out != "-") remove_output_temporaries(out, write_options);  // a killed convert's leftovers
  absl::Status written = out == "-" ? write_scene(*scene, stdout, write_options, diagnostics)
                                    : write_scene(*scene, out, write_options, diagnostics);
  if (!quiet && !verbose) print_warnings(diagnostics);
  if (!written.ok()) return fail(written);
  return 0;
}

}  // namespace px::cli
