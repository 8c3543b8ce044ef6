// The polyxios command line: convert, info, and the jobs over many files: validate (a CI gate),
// batch (a library, in worker processes, sharded across machines) and merge-reports. Exit codes
// tell a bad asset from a transient failure, so schedulers know what to retry.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "tools/cli/batch_command.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/command_help.h"
#include "tools/cli/conversion_flags.h"
#include "tools/cli/convert_command.h"
#include "tools/cli/info_command.h"
#include "tools/cli/merge_reports_command.h"
#include "tools/cli/nearest_word.h"
#include "tools/cli/out_of_memory.h"
#include "tools/cli/validate_command.h"

namespace {

// The usage text; "{conversion options}" stands for the options' own help
// (tools/cli/conversion_flags.h), which the Python module's docstrings also show.
constexpr char kHelpTemplate[] =
    R"(polyxios: convert 3D scenes between COLLADA (.dae) and glTF 2.0 (.gltf / .glb)

usage:
  polyxios convert IN OUT [conversion options] [--max-memory MIB] [-v] [--quiet]
  polyxios convert IN -o OUT ...
      Read IN (.dae, .dae.gz, .zae, .gltf, .glb) and write OUT as GLB (.glb), glTF (.gltf, with a
      .bin beside it) or COLLADA 1.4.1 (.dae); --format overrides the extension. A .gltf or .dae
      written to another folder than IN's gets IN's image files copied beside it, at the
      relative URIs it names them by (never over a different file: *.write.image-not-copied). Every pair
      converts: dae->glb/gltf, glb/gltf->dae, dae->dae (a normalising re-export), glb<->gltf.
      IN's format is told by its bytes (GLB's "glTF" magic, '{' for glTF JSON, '<' with a
      COLLADA root, gzip, zip), its extension only when they tell nothing; where the two
      disagree the bytes win, with a warning naming both (format.extension-mismatch). A folder
      is a usage error: batch converts folders. IN "-" reads standard input (told by its first
      bytes); OUT "-" writes standard output, GLB unless --format dae (a .gltf, whose .bin
      needs a path, is refused there). Nothing is written unless the whole conversion
      succeeds. -v prints each warning the moment it is raised (once, however often it
      repeats) instead of all at the end.

  polyxios info IN [--json] [conversion options]
      Print what IN holds: its asset (generator, up axis, unit), world bounds, meshes,
      vertices, triangles, materials, nodes, cameras and lights, warnings by code, and the
      bytes of IN and of the output the conversion options would write (GLB unless --format
      dae), a glTF document's by part as gltfpack -v lists them (JSON, geometry, animation,
      skins, instances, images, other). --json: one JSON object, camelCase keys (asset, counts,
      bounds, cameras, lights, per-mesh vertex and triangle counts, materials, skins,
      animations with their durations, sizes {input, output}, warnings by code).

  polyxios validate PATH... [--json] [--werror] [-j N] [--timeout SECONDS] [--config FILE]
                    [--ignore CODE] [--only CODE] [--severity CODE=LEVEL] [--max-memory MIB]
                    [--allow-empty] [--quiet] [-v] [conversion options]
      Read every asset (files, and folders searched for .dae .dae.gz .zae .gltf .glb in any case)
      as convert would, and convert it in memory as convert would with the same options (to
      --format, default glb), writing nothing. One line per asset, in the order given: ok,
      warnings, refused (by the rules: an error, or a warning under --werror) or failed (I/O,
      memory, timeout, internal; its code says which); --json prints one glTF-Validator-shaped
      JSON report per asset and line. -j N reads N at once (default: the number of cores; each
      read then on one thread unless --threads). --timeout SECONDS validates in N worker
      processes instead, and stops an asset still running after SECONDS (its worker killed):
      failed (validate.timeout), exit 3. Each message is graded as the Khronos glTF-Validator
      grades the code it corresponds to (khronosCode in --json); what converting would change
      is a conversion note, an info. --quiet prints only the summary (--json's reports stay);
      -v prints each message on stderr as it is raised, graded, with its asset's path.
      --ignore CODE         drop a warning code (repeatable; "collada.polygons.*" names a family,
                            a Khronos code such as NODE_MATRIX_TRS every code it corresponds to)
      --only CODE           report only these codes (repeatable)
      --severity CODE=LEVEL make a code an error, a warning, an info or a hint (repeatable)
      --config FILE         the same as JSON: {"ignore": [...], "only": [...],
                            "severity": {"CODE": "error"}, "werror": true}
      --werror              an asset with warnings is refused too
      --allow-empty         exit 0 when no asset is found (else exit 1, as a usage error)
      An unknown code is a usage error.

  polyxios batch SRC OUT [conversion options] [--from LIST] [-j N] [--timeout SECONDS]
                 [--max-memory MIB] [--report FILE.jsonl] [--resume] [--quiet] [-v]
                 [--progress auto|bar|lines|json|none] [--progress-interval SECONDS]
                 [--shard K/N | --shards N] [--allow-empty]
  polyxios batch SRC -o OUT ...
      Convert every asset under SRC (a symlink only where it leads beneath SRC, unless
      --allow-external-files; or each path listed one per line in LIST, relative to
      SRC or leading under it; "-" reads the list from standard input) into OUT, keeping the
      folder layout, to --format (default glb), with the conversion options convert takes. N
      worker processes (-j, default the cores this process may use) convert asset after asset:
      a crash, a hang past --timeout or an allocation past --max-memory (MiB a worker may add,
      by setrlimit) ends that worker only (a new one takes its place), and the asset is
      reported failed, with its reason. Each asset is converted, refused (by the rules: do not
      retry) or failed (io-error, timeout, memory, crashed: retry). --report writes one JSON
      line per asset ("{shard}" in its name becomes the shard's K); --resume with the same
      report skips assets already converted (same size and mtime, output present). No asset
      under SRC (or in LIST) exits 1, as a usage error, unless --allow-empty. --shard K/N
      (K from 1 to N) converts the K-th of N slices, split by a stable, well-mixed hash of each
      relative path (about equal counts); without it the slice is taken from JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs,
      with --shards N), SLURM_ARRAY_TASK_ID (of --shards N, else of SLURM_ARRAY_TASK_COUNT
      from SLURM_ARRAY_TASK_MIN), or AWS_BATCH_JOB_ARRAY_INDEX (of --shards N, else of
      AWS_BATCH_JOB_ARRAY_SIZE), and a line on stderr says which. --progress: a bar as wide as
      the terminal on a terminal and a line every --progress-interval seconds (default 10)
      otherwise (auto, the default), nothing with --quiet; json writes one JSON object per
      asset done to stderr ({"done", "total", "path", "outcome", "failure", "elapsed"}). -v
      prints each warning as its worker raises it, with its asset's path. A summary on stdout
      at the end. SIGINT or SIGTERM stops it (exit 128 + the signal) keeping every asset
      converted so far; the summary then says how far it got ("stopped by Interrupt after 157
      of 1,279 assets").

  polyxios merge-reports REPORT.jsonl... [--json] [-o MERGED.jsonl] [--allow-empty]
      Fold batch reports (one per shard, or reruns) into one summary; the last line for an
      input wins. -o writes the merged lines, sorted by input. Reports holding no asset exit 1
      unless --allow-empty.

  polyxios --help | --version | COMMAND --help

conversion options (convert, validate, batch; info takes the read's, axis and unit to limits):
{conversion options}
common options:
  --quiet                 do not print warnings (convert), per-asset lines (validate) or
                          progress (batch)
  -v, --verbose           print each warning and note the moment it is raised, once however
                          often it repeats (validate, batch: with the asset's path)
  -o, --output OUT        the output (convert: the file; batch: the folder; merge-reports: the
                          merged report)

exit codes (convert, info, validate):
  0  converted (warnings are printed to stderr as "polyxios: warning: CODE: ...")
  1  usage error (validate, batch, merge-reports: also no asset found, unless --allow-empty)
  2  input refused: the input breaks a rule; one line on stderr names the rule, the element
     and the line. Do not retry. (validate: some asset was refused, or has an error after
     --severity, or has a warning under --werror)
  3  I/O failure (the input could not be read or the output not written) or out of memory
     (validate: also an asset stopped at --timeout). May be retried (with more memory for
     the latter).
  4  internal error
exit codes (batch, merge-reports):
  0  every asset converted        1  usage error, or no asset found
  2  some refused, every other converted (do not retry)
  3  some failed for I/O, timeout or memory (retry)    4  a worker crashed, or an internal error
)";

std::string help_text() {
  std::string help = kHelpTemplate;
  const std::string_view mark = "{conversion options}\n";
  help.replace(help.find(mark), mark.size(), px::cli::conversion_flags_help());
  return help;
}

struct Command {
  std::string_view name;
  int (*run)(int argc, char** argv);
  px::cli::FlagSpec (*flags)();
};

constexpr Command kCommands[] = {
    {"convert", px::cli::run_convert, px::cli::convert_flags},
    {"info", px::cli::run_info, px::cli::info_flags},
    {"validate", px::cli::run_validate, px::cli::validate_flags},
    {"batch", px::cli::run_batch, px::cli::batch_flags},
    {"merge-reports", px::cli::run_merge_reports, px::cli::merge_reports_flags},
};

const Command* command_named(std::string_view name) {
  for (const Command& c : kCommands) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

bool is_help(std::string_view arg) { return arg == "--help" || arg == "-h"; }

void print_command_help(const Command& command) {
  std::fputs(px::cli::command_help(help_text(), command.name, command.flags()).c_str(), stdout);
}

// `polyxios` alone: what to type, on stderr, and the usage exit code (as git and gltfpack do).
int print_usage() {
  std::fputs(
      "usage: polyxios COMMAND [ARGS]\n"
      "commands: convert, info, validate, batch, merge-reports\n"
      "polyxios --help for all of them, polyxios COMMAND --help for one\n",
      stderr);
  return px::exit_status(px::Failure::kUsage);
}

}  // namespace

int main(int argc, char** argv) {
  px::cli::exit_on_out_of_memory();
  // For tests of what a killed convert or batch leaves where O_TMPFILE is missing
  // (tests/tools/cli/kill_test.py): every output written through a named temporary.
  const char* named = std::getenv("PX_TEST_NAMED_TEMPORARIES");
  if (named != nullptr && std::string_view(named) == "1") px::use_named_temporaries(true);
  if (argc < 2) return print_usage();
  std::string_view name = argv[1];
  const Command* command = command_named(name);
  if (is_help(name) || name == "help") {
    // `polyxios help COMMAND` is `polyxios COMMAND --help`
    if (const Command* asked = argc > 2 ? command_named(argv[2]) : nullptr;
        name == "help" && asked != nullptr) {
      print_command_help(*asked);
    } else {
      std::fputs(help_text().c_str(), stdout);
    }
    return 0;
  }
  if (command != nullptr && std::any_of(argv + 2, argv + argc, is_help)) {
    print_command_help(*command);
    return 0;
  }
  if (name == "--version") {
    std::puts("polyxios " PX_VERSION);
    return 0;
  }
  if (command != nullptr) return command->run(argc, argv);
  std::vector<std::string_view> names;
  for (const Command& c : kCommands) names.push_back(c.name);
  std::string nearest = px::cli::nearest_word(name, names);
  return px::cli::usage("unknown command " + std::string(name) +
                        (nearest.empty() ? "" : "; did you mean " + nearest + "?"));
}
