#include "formats/gltf/read/gltf_reader.h"

#include <algorithm>
#include <string>
#include <utility>

#include "engine/cores.h"
#include "engine/errors.h"
#include "engine/mapped_file.h"
#include "engine/progress.h"
#include "engine/strings.h"
#include "formats/gltf/asset_extras.h"
#include "formats/gltf/check/accessor_check.h"
#include "formats/gltf/check/animation_check.h"
#include "formats/gltf/check/asset_check.h"
#include "formats/gltf/check/extension_check.h"
#include "formats/gltf/check/layout_check.h"
#include "formats/gltf/check/mesh_check.h"
#include "formats/gltf/check/node_skin_check.h"
#include "formats/gltf/check/resource_check.h"
#include "formats/gltf/check/schema_check.h"
#include "formats/gltf/read/json_limits.h"
#include "formats/gltf/read/json_numbers.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_animations.h"
#include "formats/gltf/read/read_buffers.h"
#include "formats/gltf/read/read_container.h"
#include "formats/gltf/read/read_context.h"
#include "formats/gltf/read/read_instancing.h"
#include "formats/gltf/read/read_json.h"
#include "formats/gltf/read/read_materials.h"
#include "formats/gltf/read/read_meshes.h"
#include "formats/gltf/read/read_nodes.h"
#include "formats/gltf/read/read_skins.h"
#include "formats/gltf/read/read_textures.h"
#include "formats/gltf/read/read_variants.h"
#include "rapidjson/error/en.h"

namespace px::gltf {
namespace {

absl::Status parse_json(std::string_view text, JsonDocument& doc) {
  std::optional<std::string> respelled = respell_tiny_numbers(text);
  if (respelled) text = *respelled;
  constexpr unsigned kFlags = rapidjson::kParseFullPrecisionFlag | rapidjson::kParseIterativeFlag |
                              rapidjson::kParseValidateEncodingFlag;
  doc.Parse<kFlags>(text.data(), text.size());
  if (!doc.HasParseError()) return absl::OkStatus();
  return refuse("gltf.json.syntax", cat("the JSON is not valid at byte ", doc.GetErrorOffset(),
                                        ": ", rapidjson::GetParseError_En(doc.GetParseError())));
}

// A unit asset.extras spells: its name when a string, its meter when a number, and the whole.
AssetUnit unit_of(const ValueMap& spelled) {
  AssetUnit unit;
  unit.spelled = spelled;
  const Value* name = find_value(spelled, "name");
  if (name != nullptr && name->is_string()) unit.name = name->as_string();
  const Value* meter = find_value(spelled, "meter");
  if (meter != nullptr && meter->is_number()) unit.meter = meter->as_double();
  return unit;
}

// "asset": the version must be 2.x; version, minVersion, generator and copyright are kept in
// Scene::asset, with the source's record a polyxios write left in asset.extras.
absl::Status read_asset(ReadContext& ctx) {
  absl::StatusOr<std::optional<JsonObject>> asset = ctx.root().object("asset");
  if (!asset.ok()) return asset.status();
  if (!*asset) return refuse("gltf.asset.version", "the document has no asset (and no version)");
  Asset& out = ctx.scene().asset;
  for (auto [key, field] : {std::pair{"version", AssetField::kVersion},
                            std::pair{"minVersion", AssetField::kMinVersion},
                            std::pair{"generator", AssetField::kGenerator},
                            std::pair{"copyright", AssetField::kCopyright}}) {
    std::string value;
    PX_GLTF_TRY((*asset)->get(key, value));
    if (field == AssetField::kVersion && !value.starts_with("2.")) {
      return refuse("gltf.asset.version", value.empty()
                                              ? std::string("the asset gives no version")
                                              : cat("the document is glTF ", value, ", not 2.x"));
    }
    if ((*asset)->has(key)) out.set(field, std::move(value));
  }
  ValueMap kept;
  PX_GLTF_TRY(ctx.keep(**asset, "extras", kept));
  if (const Value* extras = find_value(kept, "extras"); extras != nullptr && extras->is_map()) {
    for (const auto& [key, value] : extras->as_map()) {
      const std::optional<AssetField> field = asset_extra_named(key);
      if (field && out.has(*field)) continue;  // a key spelled twice: its first, as find_value's
      if (field == AssetField::kUnit && value.is_map()) {
        out.set_unit(unit_of(value.as_map()));
      } else if (field && field != AssetField::kUnit && value.is_string()) {
        out.set(*field, value.as_string());
      }
    }
  }
  return ctx.keep(ctx.root(), "extras", ctx.scene().global_attrs);
}

// The nodes (limits.nodes) and accessors (limits.accessors) a document declares, against the
// limits: the node cap is the one a COLLADA read has (nodes.cc), by the document's bytes.
absl::Status check_counts(const ReadContext& ctx, uint64_t document_bytes) {
  const Limits& limits = ctx.options().limits;
  const uint64_t node_cap = std::max(
      limits.max_nodes, limits.bytes_per_node == 0 ? 0 : document_bytes / limits.bytes_per_node);
  if (const uint64_t nodes = ctx.count(Top::kNodes); nodes > node_cap) {
    return over_budget("limits.nodes", cat("/nodes: the document holds ", nodes,
                                           " nodes, past the limit of ", node_cap));
  }
  if (const uint64_t accessors = ctx.count(Top::kAccessors); accessors > limits.max_accessors) {
    return over_budget("limits.accessors",
                       cat("/accessors: the document holds ", accessors,
                           " accessors, past the limit of ", limits.max_accessors));
  }
  return absl::OkStatus();
}

// The input is past Limits::max_input_bytes (limits.input-bytes).
absl::Status input_too_large(std::string_view what, uint64_t bytes, const ReadOptions& options) {
  return over_budget("limits.input-bytes",
                     cat(what, " is ", bytes, " bytes, past the ", options.limits.max_input_bytes,
                         " bytes a read may take in"));
}

// The document in `bytes`; owner, when not null, keeps them alive, so that columns may point into
// them. A mapped buffer file cut short while it was read fails the read.
absl::StatusOr<Scene> read_bytes(std::string_view bytes, std::shared_ptr<const void> owner,
                                 const std::filesystem::path& base_dir, const ReadOptions& options,
                                 Diagnostics& diagnostics) {
  if (bytes.size() > options.limits.max_input_bytes) {
    return input_too_large("the document", bytes.size(), options);
  }
  absl::StatusOr<Container> container = split_container(bytes, diagnostics);
  if (!container.ok()) return container.status();
  JsonDocument doc;
  PX_GLTF_TRY(parse_json(container->json, doc));
  PX_GLTF_TRY(check_string_lengths(doc, options.limits.max_string_bytes));
  absl::StatusOr<JsonObject> root = JsonObject::of(doc, "");
  if (!root.ok()) return root.status();
  PX_GLTF_TRY(check_extensions(*root, diagnostics));
  check_schema(*root, diagnostics);
  check_layout(*root, diagnostics);

  Scene scene;
  ReadContext ctx(*root, scene, options, diagnostics, base_dir, bytes.size());
  PX_GLTF_TRY(ctx.init());
  PX_GLTF_TRY(check_counts(ctx, bytes.size()));
  // The rules across objects, on the JSON (their storage by node count, within its limit).
  check_asset(*root, diagnostics);
  check_meshes(*root, diagnostics);
  check_nodes_and_skins(*root, diagnostics);
  check_animations(*root, diagnostics);
  Progress& progress = ctx.progress();
  PX_GLTF_TRY(progress.report(ReadContext::kJsonRead));
  PX_GLTF_TRY(read_asset(ctx));
  Buffers buffers(ctx, container->bin, container->glb, std::move(owner));
  Accessors accessors(ctx, buffers);
  PX_GLTF_TRY(read_images(ctx, buffers));
  PX_GLTF_TRY(read_textures(ctx));
  PX_GLTF_TRY(read_materials(ctx));
  // Accessors report progress as they are decoded; a part that turns a failure into a warning
  // is stopped by the checks of progress.status() after it.
  PX_GLTF_TRY(read_meshes(ctx, buffers, accessors));
  PX_GLTF_TRY(progress.status());
  PX_GLTF_TRY(read_variants(ctx));
  PX_GLTF_TRY(read_nodes(ctx));
  PX_GLTF_TRY(read_instancing(ctx, accessors));
  PX_GLTF_TRY(read_scenes(ctx));
  PX_GLTF_TRY(read_skins(ctx, accessors));
  PX_GLTF_TRY(progress.status());
  PX_GLTF_TRY(read_animations(ctx, accessors));
  PX_GLTF_TRY(progress.status());
  check_resources(ctx, buffers);
  check_accessor_values(ctx, accessors);
  PX_GLTF_TRY(progress.status());
  if (buffers.cut_short()) return io_error("a buffer file was cut short while it was read");
  PX_GLTF_TRY(progress.report(1));
  return scene;
}

}  // namespace

absl::StatusOr<Scene> read_memory(std::string_view bytes, const std::filesystem::path& base_dir,
                                  const ReadOptions& options, Diagnostics& diagnostics) {
  return read_bytes(bytes, nullptr, base_dir, options, diagnostics);
}

absl::StatusOr<Scene> read(RegularFile file, const ReadOptions& options, Diagnostics& diagnostics) {
  std::filesystem::path base_dir = file.path().parent_path();
  if (base_dir.empty()) base_dir = ".";
  const std::string name = file.path().string();
  if (file.size() > options.limits.max_input_bytes) {
    return input_too_large(name, file.size(), options);
  }
  absl::StatusOr<FileBytes> loaded = load_file(std::move(file), threads_for(options.threads) > 1);
  if (!loaded.ok()) return loaded.status();
  absl::StatusOr<Scene> scene =
      read_bytes(loaded->bytes, loaded->owner, base_dir, options, diagnostics);
  if (loaded->cut_short()) return io_error(cat(name, " was cut short while it was read"));
  return scene;
}

absl::StatusOr<Scene> read(const std::filesystem::path& path, const ReadOptions& options,
                           Diagnostics& diagnostics) {
  absl::StatusOr<RegularFile> file = open_regular_file(path);
  if (!file.ok()) return file.status();
  return read(*std::move(file), options, diagnostics);
}

}  // namespace px::gltf
