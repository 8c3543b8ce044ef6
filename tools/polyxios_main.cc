// The polyxios command line: convert, info, and the jobs over many files: validate (a CI gate),
// batch (a library, in worker processes, sharded across machines) and merge-reports. Exit codes
// tell a bad asset from a transient failure, so schedulers know what to retry.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/atomic_file.h"
#include "tools/cli/batch_command.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/convert_command.h"
#include "tools/cli/info_command.h"
#include "tools/cli/merge_reports_command.h"
#include "tools/cli/out_of_memory.h"
#include "tools/cli/validate_command.h"

namespace {

constexpr char kHelp[] =
    R"(polyxios: convert 3D scenes between COLLADA (.dae) and glTF 2.0 (.gltf / .glb)

usage:
  polyxios convert IN OUT [--format glb|gltf|dae] [--threads N] [--allow-external-files]
                   [--allow-remote-uris] [--strict-resources] [--repair] [--max-input MIB]
                   [--max-memory MIB] [--quiet] [--compress draco|meshopt [--fallback]
                   [--draco-position-bits N] [--draco-normal-bits N] [--draco-texcoord-bits N]
                   [--draco-color-bits N] [--draco-generic-bits N] [--draco-level N]]
                   [--optimize] [--up-axis x|y|z] [--meters] [--bake-transforms]
                   [--transcode-images | --no-transcode-images]
      Read IN (.dae, .dae.gz, .zae, .gltf, .glb) and write OUT as GLB (.glb), glTF (.gltf, with a
      .bin beside it) or COLLADA 1.4.1 (.dae); --format overrides the extension. A .gltf or .dae
      written to another folder than IN's gets IN's image files copied beside it, at the
      relative URIs it names them by (never over a different file: *.write.image-not-copied). Every pair
      converts: dae->glb/gltf, glb/gltf->dae, dae->dae (a normalising re-export), glb<->gltf.
      IN "-" reads standard input (told by its first bytes); OUT "-" writes standard output,
      GLB unless --format dae (a .gltf, whose .bin needs a path, is refused there). Nothing
      is written unless the whole conversion succeeds. --max-memory caps what the read may
      build from its input (arrays, element tree, image bytes; default 8192 MiB): past it the
      input is refused (limits.memory).
      --max-input refuses an input of more than MIB MiB (limits.input-bytes) before reading it.
      --compress draco (glTF output only) compresses every triangle primitive with
      KHR_draco_mesh_compression (Google's Draco) and writes only the compressed data (readers
      must decode Draco: the extension is required), as gltfpack and glTF-Transform do;
      --fallback keeps the uncompressed data beside it (what the Draco stream decodes to) for
      readers without Draco (--compress-only, the default, is accepted). Quantization bits per
      attribute kind, 0 for none, up to 30: --draco-position-bits (default 11),
      --draco-normal-bits (8), --draco-texcoord-bits (10), --draco-color-bits (8),
      --draco-generic-bits (8: TANGENT; WEIGHTS_n are never quantized, as their sums
      must stay 1); --draco-level 0 (fastest) to 10
      (smallest), default 7. --compress meshopt compresses every view of vertex attributes,
      indices, animation keys and skin matrices with EXT_meshopt_compression (meshoptimizer,
      lossless), its compressed views in a placeholder buffer without data (the extension
      required); with --fallback the uncompressed views stay beside them in the same buffer.
      --optimize (glTF output only) merges identical vertices and reorders triangles for the
      vertex cache and vertices for fetch (meshoptimizer), keeping every triangle and value;
      with --compress meshopt it makes the output much smaller.
      --up-axis x|y|z turns the scene from the up axis its asset records (COLLADA's
      <up_axis>; Y when none, as glTF is) to this one, and --meters scales it from its
      <unit> to metres; by default neither is applied, as the spec has it. Either goes in as
      one new root node above each scene's roots; --bake-transforms bakes it into vertex
      positions, normals, tangents, node transforms, animation keys, skins and cameras
      instead, with the same result in world space. The output's asset then records the new
      axis and unit. (glTF is Y-up metres: --up-axis y --meters.)
      --transcode-images (on by default for GLB output, off for .gltf; --no-transcode-images
      turns it off) decodes images whose bytes are TGA, BMP, TIFF or DDS, which glTF cannot
      hold, and embeds them as PNG (gltf.write.image-transcoded); PNG and JPEG are kept as they
      are; an image that does not decode is written as without it (gltf.write.image-undecodable).

  polyxios info IN [--json] [--threads N] [--allow-external-files] [--strict-resources]
                   [--repair] [--max-input MIB]
      Print what IN holds: its asset (generator, up axis, unit), world bounds, meshes,
      vertices, triangles, materials, nodes, cameras and lights, warnings by code. --json: one
      JSON object, camelCase keys (asset, counts, bounds, cameras, lights, per-mesh vertex and
      triangle counts, materials, skins, animations with their durations, warnings by code).

  polyxios validate PATH... [--json] [--werror] [--to glb|gltf|dae] [-j N] [--timeout SECONDS]
                    [--config FILE] [--ignore CODE] [--only CODE] [--severity CODE=LEVEL]
                    [--allow-external-files] [--allow-remote-uris] [--strict-resources]
                    [--repair] [--max-input MIB] [--allow-empty]
      Read every asset (files, and folders searched for .dae .dae.gz .zae .gltf .glb in any case)
      as convert would, and convert it in memory to --to (default glb), writing nothing. One
      line per asset, in the order given; --json prints one glTF-Validator-shaped JSON report
      per asset and line. -j N reads N at once (default: the number of cores). --timeout
      SECONDS validates in N worker processes instead, and stops an asset still running after
      SECONDS (its worker killed): reported "timeout" (validate.timeout), exit 3.
      --ignore CODE         drop a warning code (repeatable; "collada.polygons.*" names a family)
      --only CODE           report only these codes (repeatable)
      --severity CODE=LEVEL make a code an error, a warning or an info (repeatable)
      --config FILE         the same as JSON: {"ignore": [...], "only": [...],
                            "severity": {"CODE": "error"}, "werror": true}
      --werror              an asset with warnings fails too
      --allow-empty         exit 0 when no asset is found (else exit 1, as a usage error)
      An unknown code is a usage error.

  polyxios batch SRC OUT [--to glb|gltf|dae] [--from LIST] [-j N] [--timeout SECONDS]
                 [--max-memory MIB] [--report FILE.jsonl] [--resume] [--quiet]
                 [--progress-interval SECONDS] [--shard K/N | --shards N]
                 [--allow-external-files] [--allow-remote-uris] [--strict-resources]
                 [--repair] [--max-input MIB] [--up-axis x|y|z] [--meters] [--bake-transforms]
                 [--transcode-images | --no-transcode-images] [--allow-empty]
      Convert every asset under SRC (a symlink only where it leads beneath SRC, unless
      --allow-external-files; or each path listed one per line in LIST, relative to
      SRC or leading under it; "-" reads the list from standard input) into OUT, keeping the
      folder layout, to --to (default glb). N worker processes (-j, default the cores this
      process may use) convert asset after asset: a crash, a hang past --timeout or an
      allocation past --max-memory (MiB a worker may add, by setrlimit) ends that worker only
      (a new one takes its place), and the asset is reported with its own outcome. --report
      writes one JSON line per asset ("{shard}" in its name becomes the shard's K); --resume
      with the same report skips assets already converted (same size and mtime, output
      present). No asset under SRC (or in LIST) exits 1, as a usage error, unless
      --allow-empty. --shard K/N (K from 1 to N) converts the K-th of N slices, split by a
      stable hash of each relative path (about equal counts); without it the slice is taken from JOB_COMPLETION_INDEX
      (Kubernetes Indexed Jobs, with --shards N), SLURM_ARRAY_TASK_ID (of --shards N, else
      of SLURM_ARRAY_TASK_COUNT from SLURM_ARRAY_TASK_MIN), or AWS_BATCH_JOB_ARRAY_INDEX (of
      --shards N, else of AWS_BATCH_JOB_ARRAY_SIZE), and a line on stderr says which. A
      progress bar on a terminal, a line every --progress-interval seconds (default 10)
      otherwise, nothing with --quiet; a summary on stdout at the end. SIGINT or SIGTERM
      stops it (exit 128 + the signal) keeping every asset converted so far. --up-axis,
      --meters and --bake-transforms convert each asset's axis and unit as convert does.

  polyxios merge-reports REPORT.jsonl... [--json] [-o MERGED.jsonl] [--allow-empty]
      Fold batch reports (one per shard, or reruns) into one summary; the last line for an
      input wins. -o writes the merged lines, sorted by input. Reports holding no asset exit 1
      unless --allow-empty.

  polyxios --help | --version | COMMAND --help

common options:
  --allow-external-files  read files an input names outside its folder (absolute paths, ..,
                          symlinks leading out), take symlinks leading out of the folders
                          validate and batch search, and write image URIs that leave the
                          output's folder or have a
                          scheme other than data: and http(s): (convert, validate, batch);
                          without it they are left out with a warning
  --allow-remote-uris     write http(s): image URIs (convert, validate, batch); without it
                          they are left out with a warning
  --strict-resources      refuse an input naming an image file that is not there (rule
                          collada.image.missing / gltf.image.missing); without it the input
                          is read with that warning and the URI kept (convert, info,
                          validate, batch)
  --repair                read a legacy COLLADA document the spec refuses where it safely
                          can, each repair a warning: an array's count taken from its
                          content (collada.repair.count-from-content), a primitive naming an
                          index past its source dropped (collada.repair.index-past-source),
                          decimal commas read as points when the whole array spells them so
                          (collada.repair.decimal-comma), a #url the document does not hold
                          dropped with what names it (collada.repair.url-dropped) (convert,
                          info, validate, batch); without it, such a refusal ends
                          "; --repair reads it", and batch's summary counts them
  --max-input MIB         refuse an input of more than MIB MiB (a file's size, standard
                          input's bytes, a .dae.gz's inflated bytes, a .zae's entries'
                          declared sizes, a .gltf with its buffer and image files) with
                          limits.input-bytes (collada.zae.size), before reading it all
                          (convert, info, validate, batch); default 16384
  --quiet                 do not print warnings (convert) or progress (batch)
  --threads N             threads a read may use (convert, info): 0 (the default) for the
                          cores this process may use, 1 for none beside the main one; the
                          output is the same whatever N

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

constexpr std::string_view kCommands[] = {"convert", "info", "validate", "batch", "merge-reports"};

bool is_help(std::string_view arg) { return arg == "--help" || arg == "-h"; }

// `polyxios COMMAND --help`: that command's block of kHelp, then the common options and the exit
// codes (one text, so that the two helps never disagree).
void print_command_help(std::string_view command) {
  const std::string_view help = kHelp;
  const size_t start = help.find("  polyxios " + std::string(command) + " ");
  const size_t end = help.find("\n\n  polyxios ", start);
  const size_t common = help.find("common options:");
  std::printf("usage:\n%.*s\n\n%.*s", static_cast<int>(end - start), help.data() + start,
              static_cast<int>(help.size() - common), help.data() + common);
}

}  // namespace

int main(int argc, char** argv) {
  px::cli::exit_on_out_of_memory();
  // For tests of what a killed convert or batch leaves where O_TMPFILE is missing
  // (tests/tools/cli/kill_test.py): every output written through a named temporary.
  const char* named = std::getenv("PX_TEST_NAMED_TEMPORARIES");
  if (named != nullptr && std::string_view(named) == "1") px::use_named_temporaries(true);
  if (argc < 2) return px::cli::usage("no command");
  std::string_view command = argv[1];
  const bool known =
      std::find(std::begin(kCommands), std::end(kCommands), command) != std::end(kCommands);
  if (is_help(command) || command == "help") {
    // `polyxios help COMMAND` is `polyxios COMMAND --help`
    if (command == "help" && argc > 2 &&
        std::find(std::begin(kCommands), std::end(kCommands), argv[2]) != std::end(kCommands)) {
      print_command_help(argv[2]);
    } else {
      std::fputs(kHelp, stdout);
    }
    return 0;
  }
  if (known && std::any_of(argv + 2, argv + argc, is_help)) {
    print_command_help(command);
    return 0;
  }
  if (command == "--version") {
    std::puts("polyxios " PX_VERSION);
    return 0;
  }
  if (command == "convert") return px::cli::run_convert(argc, argv);
  if (command == "info") return px::cli::run_info(argc, argv);
  if (command == "validate") return px::cli::run_validate(argc, argv);
  if (command == "batch") return px::cli::run_batch(argc, argv);
  if (command == "merge-reports") return px::cli::run_merge_reports(argc, argv);
  return px::cli::usage("unknown command " + std::string(command));
}
