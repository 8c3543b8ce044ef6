#include "tools/cli/info_command.h"

#include <cstdio>
#include <string>

#include "engine/errors.h"
#include "engine/source.h"
#include "formats/polyxios.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/command_line.h"
#include "tools/cli/info_json.h"
#include "tools/cli/input_format.h"
#include "tools/scene_stats.h"
#include "tools/scene_summary.h"

namespace px::cli {
namespace {

struct ReadResult {
  absl::StatusOr<Scene> scene;
  Format format = Format::kUnknown;
};

// Reads IN as read_input does, and tells which format the read took. Standard input is read
// here, whole, so that its first bytes can be looked at.
ReadResult read_with_format(const std::string& in, const ReadOptions& options,
                            Diagnostics& diagnostics) {
  if (in != "-") {
    ReadResult result{read_input(in, options, diagnostics)};
    if (!result.scene.ok()) return result;
    absl::StatusOr<std::string> prefix = read_file_prefix(in, 4);
    if (!prefix.ok()) return {prefix.status()};
    result.format = file_format(*prefix, in);
    return result;
  }
  std::string bytes;
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) bytes.append(buffer, n);
  if (std::ferror(stdin)) return {io_error("cannot read standard input")};
  return {read_scene_bytes(bytes, options, diagnostics), bytes_format(bytes)};
}

void print_text(const std::string& in, const SceneSummary& s, const Diagnostics& diagnostics) {
  std::printf("file:       %s\n", in.c_str());
  std::printf("meshes:     %lld\n", static_cast<long long>(s.stats.meshes));
  std::printf("vertices:   %lld\n", static_cast<long long>(s.stats.vertices));
  std::printf("triangles:  %lld\n", static_cast<long long>(s.stats.triangles));
  std::printf("lines:      %lld\n", static_cast<long long>(s.stats.lines));
  std::printf("materials:  %lld\n", static_cast<long long>(s.stats.materials));
  std::printf("textures:   %lld\n", static_cast<long long>(s.stats.textures));
  std::printf("images:     %lld\n", static_cast<long long>(s.stats.images));
  std::printf("nodes:      %lld\n", static_cast<long long>(s.stats.nodes));
  std::printf("scenes:     %lld\n", static_cast<long long>(s.stats.scenes));
  std::printf("skins:      %zu\n", s.skins.size());
  std::printf("animations: %zu\n", s.animations.size());
  std::printf("warnings:   %lld\n", static_cast<long long>(diagnostics.warning_count()));
  for (const auto& [code, count] : diagnostics.counts_by_code()) {
    std::printf("  %-48s %lld\n", code.c_str(), static_cast<long long>(count));
  }
}

}  // namespace

int run_info(int argc, char** argv) {
  CommandLine args(argc, argv, 2, {{"--allow-external-files", "--json"}, {}});
  if (!args.error().empty()) return usage(args.error());
  if (args.positional().size() != 1) return usage("info takes one file");
  ReadOptions read_options;
  read_options.allow_external_files = args.has("--allow-external-files");
  Diagnostics diagnostics;
  const std::string& in = args.positional()[0];
  ReadResult read = read_with_format(in, read_options, diagnostics);
  if (!read.scene.ok()) return fail(read.scene.status());
  SceneSummary summary = summarize_scene(*read.scene);
  if (args.has("--json")) {
    std::string text = info_json(in, read.format, summary, diagnostics);
    text += '\n';
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
      return fail(io_error("cannot write to standard output"));
    }
    return 0;
  }
  print_text(in, summary, diagnostics);
  return 0;
}

}  // namespace px::cli
