#include "formats/gltf/write/gltf_writer.h"

#include <optional>
#include <vector>

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/gltf/write/animation_writer.h"
#include "formats/gltf/write/bin_builder.h"
#include "formats/gltf/write/camera_writer.h"
#include "formats/gltf/write/glb_container.h"
#include "formats/gltf/write/image_writer.h"
#include "formats/gltf/write/json_writer.h"
#include "formats/gltf/write/material_writer.h"
#include "formats/gltf/write/mesh_writer.h"
#include "formats/gltf/write/node_writer.h"
#include "formats/gltf/write/skin_writer.h"
#include "formats/gltf/write/texture_writer.h"
#include "formats/gltf/write/value_json.h"

namespace px::gltf {
namespace {

constexpr std::string_view kGlobalDropped = "gltf.write.global-dropped";

// "asset": version, generator, and the scene's copyright; other asset fields have no glTF slot.
void write_asset(const Scene& scene, JsonWriter& json, Diagnostics& diagnostics) {
  json.key("asset");
  json.start_object();
  json.key("version");
  json.string("2.0");
  json.key("generator");
  json.string("polyxios");
  const Value* asset = find_value(scene.global_attrs, "asset");
  if (asset != nullptr && asset->is_map()) {
    std::string dropped;
    for (const auto& [key, value] : asset->as_map()) {
      if (key == "copyright" && value.is_string()) {
        json.key("copyright");
        json.string(value.as_string());
      } else if (key != "version" && key != "generator") {
        dropped += dropped.empty() ? key : cat(", ", key);
      }
    }
    if (!dropped.empty()) {
      diagnostics.warn(kGlobalDropped,
                       cat("asset fields glTF has no slot for left out: ", dropped));
    }
  }
  json.end_object();
}

void warn_dropped_globals(const Scene& scene, Diagnostics& diagnostics) {
  for (const auto& [key, value] : scene.global_attrs) {
    if (key == "extras" || (key == "asset" && value.is_map())) continue;
    if (key == "skins" || key == "animations" || key == "cameras") continue;
    diagnostics.warn(kGlobalDropped,
                     cat("scene attribute '", key, "' left out: glTF has no slot for it"));
  }
}

// The document: JSON, and the buffer's bytes (empty when there is no binary data). bin_uri is
// the buffer's uri, empty for GLB.
absl::StatusOr<Written> build(const Scene& scene, bool binary, std::string_view bin_uri,
                              Diagnostics& diagnostics) {
  warn_dropped_globals(scene, diagnostics);
  absl::StatusOr<MaterialTable> materials = MaterialTable::build(scene, diagnostics);
  if (!materials.ok()) return materials.status();

  // Plan every view first, so the buffer is sized once and filled in place.
  std::vector<MeshPlan> meshes;
  std::vector<int> mesh_index(scene.meshes.size(), -1);
  for (size_t i = 0; i < scene.meshes.size(); ++i) {
    absl::StatusOr<MeshPlan> plan =
        plan_mesh(scene.meshes[i], static_cast<int>(i), materials->scene_materials(), diagnostics);
    if (!plan.ok()) return plan.status();
    if (plan->groups.empty()) continue;
    mesh_index[i] = static_cast<int>(meshes.size());
    meshes.push_back(*std::move(plan));
  }
  BinBuilder bin;
  for (MeshPlan& plan : meshes) add_mesh_accessors(plan, bin);
  SkinWriter skins(scene, diagnostics);
  skins.add_accessors(bin);
  AnimationWriter animations(scene, diagnostics);
  animations.add_accessors(bin);
  ImageWriter images(scene, binary, diagnostics);
  images.add_views(bin);
  bin.allocate();
  for (const MeshPlan& plan : meshes) {
    if (absl::Status s = fill_mesh(plan, bin, diagnostics); !s.ok()) return s;
  }
  images.fill(bin);
  animations.fill(bin);
  skins.fill(bin);

  JsonWriter json;
  json.start_object();
  write_asset(scene, json, diagnostics);
  std::vector<int> node_skin = skins.node_skins(scene, meshes, mesh_index, diagnostics);
  CameraWriter cameras(scene, diagnostics);
  if (absl::Status s = write_nodes_json(scene, mesh_index, node_skin, animations.animated(),
                                        cameras, json, diagnostics);
      !s.ok()) {
    return s;
  }
  if (!meshes.empty()) {
    json.key("meshes");
    json.start_array();
    for (const MeshPlan& plan : meshes) write_mesh_json(plan, *materials, json, diagnostics);
    json.end_array();
  }
  skins.write_json(json);
  cameras.write_json(json);
  materials->write_json(json);
  write_textures_json(scene, images, json, diagnostics);
  images.write_json(json);
  animations.write_json(json);
  bin.write_json(json, bin_uri);
  if (const Value* extras = find_value(scene.global_attrs, "extras")) {
    json.key("extras");
    write_value(json, *extras);
  }
  json.end_object();
  // Numbers outside the extras were checked before, with the place named; this catches the
  // extras' and any string that is not UTF-8, which would make the JSON invalid.
  if (!json.ok()) {
    return refuse(json.failure().rule, cat("the document would hold ", json.failure().what));
  }
  return Written{std::string(json.text()), std::move(bin.bytes())};
}

absl::Status write_file(const std::filesystem::path& path, std::string_view head,
                        std::string_view tail, std::optional<AtomicFile>& out) {
  absl::StatusOr<AtomicFile> file = AtomicFile::create(path);
  if (!file.ok()) return file.status();
  out.emplace(*std::move(file));
  if (absl::Status s = out->write(head); !s.ok()) return s;
  return out->write(tail);
}

}  // namespace

absl::StatusOr<Written> write_to_memory(const Scene& scene, bool binary, std::string_view bin_name,
                                        Diagnostics& diagnostics) {
  absl::StatusOr<Written> out =
      build(scene, binary, binary ? "" : percent_encode(bin_name), diagnostics);
  if (!out.ok() || !binary) return out;
  absl::StatusOr<std::string> glb = glb_prefix(out->json, out->bin.size());
  if (!glb.ok()) return glb.status();
  glb->append(out->bin);
  return Written{*std::move(glb), {}};
}

absl::Status write(const Scene& scene, const std::filesystem::path& path, bool binary,
                   Diagnostics& diagnostics) {
  if (binary) {
    absl::StatusOr<Written> out = build(scene, true, "", diagnostics);
    if (!out.ok()) return out.status();
    absl::StatusOr<std::string> prefix = glb_prefix(out->json, out->bin.size());
    if (!prefix.ok()) return prefix.status();
    std::optional<AtomicFile> file;
    if (absl::Status s = write_file(path, *prefix, out->bin, file); !s.ok()) return s;
    return file->commit();
  }

  const std::filesystem::path bin_path = path.parent_path() / cat(path.stem().string(), ".bin");
  if (bin_path == path) {
    return refuse("gltf.write.path", cat(path.string(), " is the name its .bin would take"));
  }
  absl::StatusOr<Written> out =
      build(scene, false, percent_encode(bin_path.filename().string()), diagnostics);
  if (!out.ok()) return out.status();
  // Both temporaries are written before either is committed; one that is never committed is
  // removed when its AtomicFile goes.
  std::optional<AtomicFile> bin_file;
  std::optional<AtomicFile> json_file;
  if (!out->bin.empty()) {
    if (absl::Status s = write_file(bin_path, out->bin, "", bin_file); !s.ok()) return s;
  }
  if (absl::Status s = write_file(path, out->json, "", json_file); !s.ok()) return s;
  if (bin_file) {
    if (absl::Status s = bin_file->commit(); !s.ok()) return s;
  }
  if (absl::Status s = json_file->commit(); !s.ok()) {
    // The .bin is in place already; take it back so that no half of the pair is left.
    if (bin_file) {
      std::error_code ignored;
      std::filesystem::remove(bin_path, ignored);
    }
    return s;
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
