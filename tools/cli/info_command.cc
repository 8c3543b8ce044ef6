#include "tools/cli/info_command.h"

#include <cstdio>

#include "tools/cli/cli_common.h"
#include "tools/cli/command_line.h"
#include "tools/scene_stats.h"

namespace px::cli {

int run_info(int argc, char** argv) {
  CommandLine args(argc, argv, 2, {{"--allow-external-files"}, {}});
  if (!args.error().empty()) return usage(args.error());
  if (args.positional().size() != 1) return usage("info takes one file");
  ReadOptions read_options;
  read_options.allow_external_files = args.has("--allow-external-files");
  Diagnostics diagnostics;
  const std::string& in = args.positional()[0];
  absl::StatusOr<Scene> scene = read_input(in, read_options, diagnostics);
  if (!scene.ok()) return fail(scene.status());
  SceneStats s = scene_stats(*scene);
  std::printf("file:       %s\n", in.c_str());
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

}  // namespace px::cli
