// The polyxios command line: convert (every pair of COLLADA, glTF and GLB) and info. Exit codes tell a bad asset from a transient
// failure, so batch schedulers know what to retry.
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/errors.h"
#include "formats/polyxios.h"
#include "tools/scene_stats.h"

namespace {

constexpr char kHelp[] =
    R"(polyxios: convert 3D scenes between COLLADA (.dae) and glTF 2.0 (.gltf / .glb)

usage:
  polyxios convert IN OUT [--format glb|gltf|dae] [--allow-external-files] [--quiet]
      Read IN (.dae, .dae.gz, .gltf, .glb) and write OUT as GLB (.glb), glTF (.gltf, with a
      .bin beside it) or COLLADA 1.4.1 (.dae); --format overrides the extension. Every pair
      converts: dae->glb/gltf, glb/gltf->dae, dae->dae (a normalising re-export), glb<->gltf.
      IN "-" reads standard input (told by its first bytes); OUT "-" writes standard output,
      GLB unless --format dae (a .gltf, whose .bin needs a path, is refused there). Nothing
      is written unless the whole conversion succeeds.
  polyxios info IN [--allow-external-files]
      Print what IN holds: meshes, vertices, triangles, materials, nodes, warnings by code.
  polyxios --help | --version

options:
  --allow-external-files  read image files outside the input's folder (absolute paths, ..)
  --quiet                 do not print warnings

exit codes:
  0  converted (warnings are printed to stderr as "polyxios: warning: CODE: ...")
  1  usage error
  2  input refused: the input breaks a rule; one line on stderr names the rule, the element
     and the line. Do not retry.
  3  I/O failure: the input could not be read or the output not written. May be retried.
  4  internal error
)";

int fail(const absl::Status& status) {
  std::fprintf(stderr, "polyxios: %s\n", std::string(status.message()).c_str());
  return static_cast<int>(px::exit_code_for(status));
}

int usage(const char* problem) {
  std::fprintf(stderr, "polyxios: %s (see polyxios --help)\n", problem);
  return static_cast<int>(px::ExitCode::kUsage);
}

void print_warnings(const px::Diagnostics& diagnostics) {
  for (const px::Diagnostic& d : diagnostics.entries()) {
    std::string where = d.line > 0 ? " (line " + std::to_string(d.line) + ")" : "";
    std::string times = d.count > 1 ? " [x" + std::to_string(d.count) + "]" : "";
    std::fprintf(stderr, "polyxios: %s: %s: %s%s%s\n",
                 d.severity == px::Severity::kWarning ? "warning" : "note", d.code.c_str(),
                 d.message.c_str(), where.c_str(), times.c_str());
  }
}

struct Arguments {
  std::vector<std::string> positional;
  bool allow_external_files = false;
  bool quiet = false;
  std::optional<bool> binary;  // --format glb / gltf
  bool collada = false;        // --format dae
  std::string unknown;
};

Arguments parse(int argc, char** argv, int first) {
  Arguments a;
  for (int i = first; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--allow-external-files") {
      a.allow_external_files = true;
    } else if (arg == "--quiet") {
      a.quiet = true;
    } else if (arg == "--format") {
      std::string_view value = i + 1 < argc ? argv[++i] : "";
      if (value == "glb" || value == "gltf") {
        a.binary = value == "glb";
        a.collada = false;
      } else if (value == "dae") {
        a.collada = true;
        a.binary.reset();
      } else if (a.unknown.empty()) {
        a.unknown = "--format (it takes glb, gltf or dae)";
      }
    } else if (arg.starts_with("--") && a.unknown.empty()) {
      a.unknown = std::string(arg);
    } else {
      a.positional.emplace_back(arg);
    }
  }
  return a;
}

// Standard input, whole: a stream has no size to check counts against, and the readers take
// memory as they take files.
absl::StatusOr<std::string> read_standard_input() {
  std::string bytes;
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) bytes.append(buffer, n);
  if (std::ferror(stdin)) return px::io_error("cannot read standard input");
  return bytes;
}

absl::StatusOr<px::Scene> read_input(const std::string& in, const px::ReadOptions& options,
                                     px::Diagnostics& diagnostics) {
  if (in != "-") return px::read_scene(in, options, diagnostics);
  absl::StatusOr<std::string> bytes = read_standard_input();
  if (!bytes.ok()) return bytes.status();
  return px::read_scene_bytes(*bytes, options, diagnostics);
}

int convert(const Arguments& args) {
  if (args.positional.size() != 2) return usage("convert takes IN and OUT");
  px::ReadOptions read_options;
  read_options.allow_external_files = args.allow_external_files;
  px::Diagnostics diagnostics;
  absl::StatusOr<px::Scene> scene = read_input(args.positional[0], read_options, diagnostics);
  if (!scene.ok()) return fail(scene.status());
  px::WriteOptions write_options;
  write_options.binary = args.binary;
  write_options.collada = args.collada;
  const std::string& out = args.positional[1];
  absl::Status written = out == "-" ? px::write_scene(*scene, stdout, write_options, diagnostics)
                                    : px::write_scene(*scene, out, write_options, diagnostics);
  if (!args.quiet) print_warnings(diagnostics);
  if (!written.ok()) return fail(written);
  return 0;
}

int info(const Arguments& args) {
  if (args.positional.size() != 1) return usage("info takes one file");
  px::ReadOptions read_options;
  read_options.allow_external_files = args.allow_external_files;
  px::Diagnostics diagnostics;
  absl::StatusOr<px::Scene> scene = read_input(args.positional[0], read_options, diagnostics);
  if (!scene.ok()) return fail(scene.status());
  px::SceneStats s = px::scene_stats(*scene);
  std::printf("file:       %s\n", args.positional[0].c_str());
  std::printf("meshes:     %lld\n", static_cast<long long>(s.meshes));
  std::printf("vertices:   %lld\n", static_cast<long long>(s.vertices));
  std::printf("triangles:  %lld\n", static_cast<long long>(s.triangles));
  std::printf("lines:      %lld\n", static_cast<long long>(s.lines));
  std::printf("materials:  %lld\n", static_cast<long long>(s.materials));
  std::printf("textures:   %lld\n", static_cast<long long>(s.textures));
  std::printf("images:     %lld\n", static_cast<long long>(s.images));
  std::printf("nodes:      %lld\n", static_cast<long long>(s.nodes));
  std::printf("scenes:     %lld\n", static_cast<long long>(s.scenes));
  std::printf("warnings:   %lld\n", static_cast<long long>(diagnostics.warning_count()));
  for (const auto& [code, count] : diagnostics.counts_by_code()) {
    std::printf("  %-48s %lld\n", code.c_str(), static_cast<long long>(count));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage("no command");
  std::string_view command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    std::fputs(kHelp, stdout);
    return 0;
  }
  if (command == "--version") {
    std::puts("polyxios 0.1.0");
    return 0;
  }
  Arguments args = parse(argc, argv, 2);
  if (!args.unknown.empty()) return usage(("unknown option " + args.unknown).c_str());
  if (command == "convert") return convert(args);
  if (command == "info") return info(args);
  return usage(("unknown command " + std::string(command)).c_str());
}
