#include "tools/cli/info_command.h"

#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/errors.h"
#include "engine/mapped_file.h"
#include "polyxios/polyxios.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/command_line.h"
#include "tools/cli/conversion_flags.h"
#include "tools/cli/info_json.h"
#include "tools/cli/info_sizes.h"
#include "tools/scene_stats.h"
#include "tools/scene_summary.h"

namespace px::cli {
namespace {

// "-" for a field the asset does not record.
const char* or_dash(const std::optional<std::string>& text) { return text ? text->c_str() : "-"; }

void print_asset(const AssetSummary& asset) {
  std::printf("generator:  %s\n", or_dash(asset.generator));
  std::printf("up axis:    %s\n", or_dash(asset.up_axis));
  if (asset.unit_meters) {
    std::printf("unit:       %s (%g m)\n", asset.unit_name ? asset.unit_name->c_str() : "unnamed",
                *asset.unit_meters);
  } else {
    std::printf("unit:       %s\n", or_dash(asset.unit_name));
  }
}

void print_bounds(const SceneSummary& s) {
  if (s.bounds.empty()) {
    std::printf("bounds:     none (nothing shown)\n");
    return;
  }
  const std::array<double, 3>& lo = s.bounds.min;
  const std::array<double, 3>& hi = s.bounds.max;
  std::printf("bounds:     min (%g, %g, %g) max (%g, %g, %g)%s\n", lo[0], lo[1], lo[2], hi[0],
              hi[1], hi[2], s.bounds_exact ? "" : " (a box holding them)");
}

// "cameras:    2" then a line per camera: its name and type.
void print_objects(const char* label, const std::vector<ObjectSummary>& objects) {
  std::printf("%-11s %zu\n", label, objects.size());
  for (const ObjectSummary& o : objects) {
    std::printf("  %-48s %.*s\n", o.name.empty() ? "(unnamed)" : o.name.c_str(),
                static_cast<int>(o.type.size()), o.type.data());
  }
}

// "json 1,234, geometry 5,678, ..." of a glTF document's parts, or nothing.
std::string parts_text(const FileSizes& sizes) {
  if (!sizes.parts) return "";
  const gltf::PartSizes& p = *sizes.parts;
  std::string text;
  for (auto [name, bytes] : {std::pair{"json", p.json}, std::pair{"geometry", p.geometry},
                             std::pair{"animation", p.animation}, std::pair{"skins", p.skins},
                             std::pair{"instances", p.instances}, std::pair{"images", p.images},
                             std::pair{"other", p.other}}) {
    if (bytes == 0) continue;
    text += text.empty() ? " (" : ", ";
    text += std::string(name) + " " + std::to_string(bytes);
  }
  return text.empty() ? "" : text + ")";
}

void print_sizes(const InfoSizes& sizes) {
  std::printf("input:      %llu bytes%s\n", static_cast<unsigned long long>(sizes.input.total),
              parts_text(sizes.input).c_str());
  if (!sizes.output) {
    std::printf("output:     refused: %s\n", sizes.output_refused.c_str());
    return;
  }
  std::printf("output:     %llu bytes%s\n", static_cast<unsigned long long>(sizes.output->total),
              parts_text(*sizes.output).c_str());
}

void print_text(const std::string& in, const SceneSummary& s, const InfoSizes& sizes,
                const Diagnostics& diagnostics) {
  std::printf("file:       %s\n", in.c_str());
  print_asset(s.asset);
  print_bounds(s);
  std::printf("meshes:     %lld\n", static_cast<long long>(s.stats.meshes));
  std::printf("vertices:   %lld\n", static_cast<long long>(s.stats.vertices));
  std::printf("triangles:  %lld\n", static_cast<long long>(s.stats.triangles));
  std::printf("lines:      %lld\n", static_cast<long long>(s.stats.lines));
  std::printf("materials:  %lld\n", static_cast<long long>(s.stats.materials));
  std::printf("textures:   %lld\n", static_cast<long long>(s.stats.textures));
  std::printf("images:     %lld\n", static_cast<long long>(s.stats.images));
  std::printf("nodes:      %lld\n", static_cast<long long>(s.stats.nodes));
  std::printf("gpu copies: %lld\n", static_cast<long long>(s.stats.instances));
  std::printf("scenes:     %lld\n", static_cast<long long>(s.stats.scenes));
  std::printf("skins:      %zu\n", s.skins.size());
  std::printf("animations: %zu\n", s.animations.size());
  print_objects("cameras:", s.camera_list);
  print_objects("lights:", s.light_list);
  print_sizes(sizes);
  std::printf("warnings:   %lld\n", static_cast<long long>(diagnostics.warning_count()));
  for (const auto& [code, count] : diagnostics.counts_by_code()) {
    std::printf("  %-48s %lld\n", code.c_str(), static_cast<long long>(count));
  }
}

}  // namespace

FlagSpec info_flags() {
  FlagSpec flags{{"--json"}, {}};
  add_conversion_flags(flags, OptionStage::kAll);
  return flags;
}

int run_info(int argc, char** argv) {
  CommandLine args(argc, argv, 2, info_flags());
  if (!args.error().empty()) return usage(args.error());
  if (args.positional().size() != 1) return usage("info takes one file");
  ReadOptions read_options;
  WriteOptions write_options;
  AxisUnitTarget axis_unit;
  if (std::string error = set_conversion(args, "", read_options, write_options, axis_unit);
      !error.empty()) {
    return usage(error);
  }
  Diagnostics diagnostics;
  const std::string& in = args.positional()[0];
  Format format = Format::kUnknown;
  // The input's bytes, which its sizes are measured on: standard input's as read, a file mapped.
  std::string piped;
  std::shared_ptr<const MappedFile> mapped;
  absl::StatusOr<Scene> scene = read_input(in, read_options, diagnostics, &format, &piped);
  if (!scene.ok()) return fail(scene.status());
  if (in != "-") {
    absl::StatusOr<std::shared_ptr<const MappedFile>> file = MappedFile::open(in);
    if (!file.ok()) return fail(file.status());
    mapped = *std::move(file);
  }
  if (absl::Status s = apply_axis_unit(*scene, axis_unit, diagnostics); !s.ok()) return fail(s);
  SceneSummary summary = summarize_scene(*scene);
  Diagnostics write_diagnostics;  // what the output would warn of: convert's to report
  absl::StatusOr<InfoSizes> sizes = measure_sizes(mapped ? mapped->text() : std::string_view(piped),
                                                  format, *scene, write_options, write_diagnostics);
  if (!sizes.ok()) return fail(sizes.status());
  if (args.has("--json")) {
    std::string text = info_json(in, format, summary, *sizes, diagnostics);
    text += '\n';
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
      return fail(io_error("cannot write to standard output"));
    }
    return 0;
  }
  print_text(in, summary, *sizes, diagnostics);
  return 0;
}

}  // namespace px::cli
