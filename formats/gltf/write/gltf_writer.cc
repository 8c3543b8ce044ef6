#include "formats/gltf/write/gltf_writer.h"

#include <algorithm>
#include <atomic>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "engine/cores.h"
#include "engine/errors.h"
#include "engine/file_uri.h"
#include "engine/progress.h"
#include "engine/strings.h"
#include "engine/task_thread.h"
#include "engine/uri.h"
#include "formats/gltf/asset_extras.h"
#include "formats/gltf/write/animation_writer.h"
#include "formats/gltf/write/bin_stream.h"
#include "formats/gltf/write/camera_writer.h"
#include "formats/gltf/write/glb_container.h"
#include "formats/gltf/write/image_writer.h"
#include "formats/gltf/write/json_writer.h"
#include "formats/gltf/write/light_writer.h"
#include "formats/gltf/write/material_writer.h"
#include "formats/gltf/write/mesh_optimize.h"
#include "formats/gltf/write/mesh_writer.h"
#include "formats/gltf/write/node_writer.h"
#include "formats/gltf/write/skin_writer.h"
#include "formats/gltf/write/texture_writer.h"
#include "formats/gltf/write/value_json.h"
#include "formats/gltf/write/write_destination.h"
#include "polyxios/options.h"
#include "polyxios/scene/animation_pointer.h"

namespace px::gltf {
namespace {

constexpr std::string_view kGlobalDropped = "gltf.write.global-dropped";

// The unit in asset.extras: as a glTF read found it, else its name and meter.
void write_unit(JsonWriter& json, const AssetUnit& unit) {
  json.start_object();
  if (unit.spelled) {
    for (const auto& [key, value] : *unit.spelled) {
      json.key(key);
      write_value(json, value);
    }
    json.end_object();
    return;
  }
  if (unit.name) {
    json.key("name");
    json.string(*unit.name);
  }
  if (unit.meter) {
    json.key("meter");
    json.number(*unit.meter);
  }
  json.end_object();
}

// "asset": version, generator, and the scene's copyright and minVersion (only "2.0", since the
// validator rejects a minVersion above the version written); the asset_extras.h fields in extras.
void write_asset(const Scene& scene, JsonWriter& json, Diagnostics& diagnostics) {
  const Asset& asset = scene.asset;
  json.key("asset");
  json.start_object();
  json.key("version");
  json.string("2.0");
  json.key("generator");
  json.string("polyxios");
  bool has_extras = false;
  for (AssetField field : asset.order) {
    if (field == AssetField::kCopyright ||
        (field == AssetField::kMinVersion && *asset.min_version == "2.0")) {
      json.key(asset_field_name(field));
      json.string(*asset.text(field));
    } else if (field == AssetField::kMinVersion) {
      diagnostics.warn(kGlobalDropped,
                       "asset minVersion left out: it is not \"2.0\", and the "
                       "validator rejects one above the version 2.0 written");
    } else {
      has_extras = has_extras || is_asset_extra(field);
    }
  }
  if (has_extras) {
    json.key("extras");
    json.start_object();
    for (AssetField field : asset.order) {
      if (!is_asset_extra(field)) continue;
      json.key(asset_field_name(field));
      if (field == AssetField::kUnit) {
        write_unit(json, *asset.unit);
      } else {
        json.string(*asset.text(field));
      }
    }
    json.end_object();
  }
  json.end_object();
}

void warn_dropped_globals(const Scene& scene, Diagnostics& diagnostics) {
  for (const auto& [key, value] : scene.global_attrs) {
    if (key == "extras") continue;
    diagnostics.warn(kGlobalDropped,
                     cat("scene attribute '", key, "' left out: glTF has no slot for it"));
  }
}

// Below this many points a planning thread costs more than it saves.
constexpr size_t kThreadedPoints = size_t{1} << 16;

// A write's progress: its meshes planned over [0, kPlanned], its JSON made by kJsonMade, its
// buffer written over [kJsonMade, 1], a MiB at a time.
constexpr double kPlanned = 0.1;
constexpr double kJsonMade = 0.15;
constexpr uint64_t kReportBytes = uint64_t{1} << 20;

// Hands the buffer's bytes on to a sink a MiB at most at a time (a column goes out whole when it
// is laid out as its view), reporting progress after each; once the callback stops the write it
// fails with the Cancelled status, and is stopped() for the maker.
class ProgressSink final : public ByteSink {
 public:
  ProgressSink(ByteSink& sink, Progress& progress, uint64_t total)
      : sink_(sink), progress_(progress), total_(std::max<uint64_t>(total, 1)) {}

  absl::Status write(std::string_view bytes) override {
    while (!bytes.empty()) {
      const size_t piece = std::min<uint64_t>(bytes.size(), next_report_ - written_);
      if (absl::Status s = sink_.write(bytes.substr(0, piece)); !s.ok()) return s;
      bytes.remove_prefix(piece);
      written_ += piece;
      if (written_ < next_report_) continue;
      next_report_ = written_ + kReportBytes;
      absl::Status s = progress_.report(
          kJsonMade, 1, static_cast<double>(written_) / static_cast<double>(total_));
      if (!s.ok()) {
        stopped_.store(true, std::memory_order_relaxed);
        return s;
      }
    }
    return absl::OkStatus();
  }
  bool stopped() const override { return stopped_.load(std::memory_order_relaxed); }

 private:
  ByteSink& sink_;
  Progress& progress_;
  uint64_t total_;
  uint64_t written_ = 0;
  uint64_t next_report_ = kReportBytes;
  std::atomic<bool> stopped_{false};
};

// Everything decided before a byte of the buffer is made: every part's plan, and the buffer's
// layout with the makers of its views (which point into the plans, so a Document never moves).
class Document {
 public:
  static absl::StatusOr<std::unique_ptr<Document>> plan(const Scene& scene, bool binary,
                                                        const WriteOptions& options,
                                                        Progress& progress,
                                                        Diagnostics& diagnostics) {
    warn_dropped_globals(scene, diagnostics);
    absl::StatusOr<MaterialTable> materials = MaterialTable::build(scene, diagnostics);
    if (!materials.ok()) return materials.status();
    std::unique_ptr<Document> doc(new Document(
        scene, binary, threads_for(options.threads), uri_policy(options), options.compression,
        options.transcode_images.value_or(binary), *std::move(materials)));
    if (absl::Status s = doc->plan_parts(progress, diagnostics); !s.ok()) return s;
    return doc;
  }

  const BinLayout& bin() const { return bin_; }
  int threads() const { return threads_; }
  ImageWriter& images() { return *images_; }

  // The JSON, with bin_uri as the buffer's uri (none when empty). Its warnings go to `later`, to
  // be reported after the buffer's, the order they came in when the buffer was made first.
  absl::Status write_json(std::string_view bin_uri, std::string& text, Diagnostics& later) {
    JsonWriter json;
    json.start_object();
    write_asset(scene_, json, later);
    const NodeSkins node_skins = skins_->node_skins(scene_, meshes_, mesh_index_, later);
    CameraWriter cameras(scene_, later);
    LightWriter lights(scene_, later);
    const VariantWriter variants(scene_, later);
    if (absl::Status s = write_nodes_json(scene_, mesh_index_, node_skins, animations_->animated(),
                                          cameras, lights, *instances_, json, later);
        !s.ok()) {
      return s;
    }
    if (!meshes_.empty()) {
      json.key("meshes");
      json.start_array();
      for (const MeshPlan& plan : meshes_) {
        write_mesh_json(plan, materials_, variants, json, later);
      }
      json.end_array();
    }
    skins_->write_json(json);
    cameras.write_json(json);
    // After the meshes, which made the materials' copies.
    for (std::string_view pointer : animations_->pointers()) materials_.animate(pointer);
    materials_.write_json(json);
    const TextureExtensions texture_extensions = write_textures_json(scene_, *images_, json, later);
    images_->write_json(json);
    animations_->write_json(
        json,
        [&](const BakedChannel& c) -> std::vector<std::string> {
          const std::optional<ParsedPointer> p = parse_pointer(c.pointer);
          if (!p || (p->object != PointerObject::kMaterial && c.node < 0)) return {c.pointer};
          if (p->object == PointerObject::kMaterial) {
            // The copies of the material the mesh writer made animate as it does.
            std::vector<std::string> out{c.pointer};
            for (int copy : materials_.copies_of(static_cast<int>(p->index))) {
              out.push_back(make_pointer(p->object, copy, p->property));
            }
            return out;
          }
          const int index = p->object == PointerObject::kLight ? lights.node_light(c.node)
                                                               : cameras.node_camera(c.node);
          if (index < 0) return {};
          return {make_pointer(p->object, index, p->property)};
        },
        later);
    write_extension_lists(json, lights, variants, texture_extensions);
    if (!lights.empty() || !variants.empty()) {
      json.key("extensions");
      json.start_object();
      if (!lights.empty()) lights.write_json(json);
      variants.write_root(json);
      json.end_object();
    }
    bin_.write_json(json, bin_uri);
    if (const Value* extras = find_value(scene_.global_attrs, "extras")) {
      json.key("extras");
      write_value(json, *extras);
    }
    json.end_object();
    // Numbers outside the extras were checked before, with the place named; this catches the
    // extras' and any string that is not UTF-8, which would make the JSON invalid.
    if (!json.ok()) {
      return refuse(json.failure().rule, cat("the document would hold ", json.failure().what));
    }
    text = json.text();
    return absl::OkStatus();
  }

 private:
  Document(const Scene& scene, bool binary, int threads, const UriPolicy& uris,
           const MeshCompression& compression, bool transcode_images, MaterialTable materials)
      : scene_(scene),
        binary_(binary),
        threads_(threads),
        transcode_images_(transcode_images),
        uris_(uris),
        compression_(compression),
        materials_(std::move(materials)) {}

  // "extensionsUsed" and "extensionsRequired": KHR_animation_pointer for pointer channels,
  // KHR_lights_punctual for lights, the materials' extensions and variants,
  // EXT_mesh_gpu_instancing, the textures' source extensions, a compression extension when a
  // primitive is compressed (required when its fallback is left out).
  void write_extension_lists(JsonWriter& json, const LightWriter& lights,
                             const VariantWriter& variants,
                             const TextureExtensions& textures) const {
    std::vector<std::string_view> used = textures.used;
    std::vector<std::string_view> required = textures.required;
    if (animations_->uses_pointer()) used.push_back("KHR_animation_pointer");
    if (!lights.empty()) used.push_back("KHR_lights_punctual");
    for (std::string_view name : materials_.extensions_used()) used.push_back(name);
    if (!variants.empty()) used.push_back("KHR_materials_variants");
    // Required only when the input required it: a viewer without the extension draws each
    // node's mesh once, and Blender refuses a file requiring it.
    if (!instances_->empty()) {
      used.push_back(InstanceWriter::kExtension);
      if (instances_->required()) required.push_back(InstanceWriter::kExtension);
    }
    const bool draco = std::any_of(meshes_.begin(), meshes_.end(), [](const MeshPlan& plan) {
      return std::any_of(plan.draco.begin(), plan.draco.end(),
                         [](const auto& d) { return d != nullptr; });
    });
    if (draco) {
      used.push_back("KHR_draco_mesh_compression");
      if (!compression_.fallback) required.push_back("KHR_draco_mesh_compression");
    }
    if (bin_.meshopt_compressed()) {
      used.push_back("EXT_meshopt_compression");
      if (!compression_.fallback) required.push_back("EXT_meshopt_compression");
    }
    for (const auto& [key, names] :
         {std::pair{"extensionsUsed", &used}, std::pair{"extensionsRequired", &required}}) {
      if (names->empty()) continue;
      json.key(key);
      json.start_array();
      for (std::string_view name : *names) json.string(name);
      json.end_array();
    }
  }

  absl::Status plan_parts(Progress& progress, Diagnostics& diagnostics) {
    mesh_index_.assign(scene_.meshes.size(), -1);
    const Meshoptimizer* meshopt = nullptr;
    if (compression_.optimize) {
      absl::StatusOr<const Meshoptimizer*> library = meshoptimizer();
      if (!library.ok()) return library.status();
      meshopt = *library;
    }
    for (size_t i = 0; i < scene_.meshes.size(); ++i) {
      const double planned = static_cast<double>(i) / static_cast<double>(scene_.meshes.size());
      if (absl::Status s = progress.report(0, kPlanned, planned); !s.ok()) return s;
      const Mesh* mesh = &scene_.meshes[i];
      // Merging and reordering vertices would have to carry the morph targets along: a mesh
      // with targets is written as it is.
      if (compression_.optimize && mesh->morph_targets.empty()) {
        mesh = &optimized_.emplace_back(optimize_mesh(*mesh, *meshopt, arena_));
      }
      absl::StatusOr<MeshPlan> plan =
          plan_mesh(*mesh, static_cast<int>(i), materials_.scene_materials(), diagnostics);
      if (!plan.ok()) return plan.status();
      if (plan->groups.empty()) continue;
      mesh_index_[i] = static_cast<int>(meshes_.size());
      meshes_.push_back(*std::move(plan));
    }
    // Sizing POSITION runs on a second thread while the rest is planned, in a scene large enough.
    size_t points = 0;
    for (const MeshPlan& plan : meshes_) points += plan.mesh->num_points();
    skins_.emplace(scene_, diagnostics);
    skins_->limit_joints(scene_, mesh_index_, meshes_);
    TaskThread tasks(threads_ > 1 && points >= kThreadedPoints);
    for (MeshPlan& plan : meshes_) {
      if (absl::Status s = add_mesh_views(plan, bin_, tasks, compression_, diagnostics); !s.ok()) {
        tasks.wait();
        return s;
      }
    }
    skins_->add_accessors(bin_);
    instances_.emplace(scene_, mesh_index_, diagnostics);
    instances_->add_accessors(bin_);
    animations_.emplace(scene_, diagnostics);
    animations_->add_accessors(bin_);
    images_.emplace(scene_, binary_, uris_, diagnostics, transcode_images_);
    images_->add_views(bin_);
    tasks.wait();
    if (compression_.method == MeshCompression::Method::kMeshopt) {
      return bin_.compress_meshopt(compression_.fallback, diagnostics);
    }
    return absl::OkStatus();
  }

  const Scene& scene_;
  bool binary_;
  int threads_;
  bool transcode_images_;
  UriPolicy uris_;
  MeshCompression compression_;
  MaterialTable materials_;
  // --optimize's meshes, which the plans point to, in an arena of their own.
  Arena arena_;
  std::deque<Mesh> optimized_;
  std::vector<MeshPlan> meshes_;
  std::vector<int> mesh_index_;  // scene mesh -> written mesh, -1
  std::optional<SkinWriter> skins_;
  std::optional<InstanceWriter> instances_;
  std::optional<AnimationWriter> animations_;
  std::optional<ImageWriter> images_;
  BinLayout bin_;
};

// A write that fails with `status` (the JSON's refusal, or an I/O failure) before its buffer was
// written: a refusal the buffer's views give comes first, and their warnings before the JSON's,
// as when the buffer was made before the JSON.
absl::Status fail_unwritten(const Document& doc, absl::Status status, const Diagnostics& later,
                            Diagnostics& diagnostics) {
  NullSink nowhere;
  StreamResult made = stream_bin(doc.bin(), nowhere, doc.threads(), diagnostics);
  if (!made.refusal.ok()) return made.refusal;
  diagnostics.merge(later);
  return status;
}

// Streams the buffer into `sink`, telling progress; the status to fail the write with (a refusal,
// then an I/O failure or the cancellation), the JSON's warnings reported after the buffer's.
absl::Status stream(const Document& doc, ByteSink& sink, Progress& progress,
                    const Diagnostics& later, Diagnostics& diagnostics) {
  ProgressSink told(sink, progress, doc.bin().size());
  StreamResult made = stream_bin(doc.bin(), told, doc.threads(), diagnostics);
  if (!made.refusal.ok()) return made.refusal;
  diagnostics.merge(later);
  return made.io;
}

// The write the three entry points make, its bytes into `to`: the plan, the JSON (a GLB's prefix
// before it), then the buffer streamed.
absl::Status write_into(const Scene& scene, bool binary, std::string_view bin_name,
                        const WriteOptions& options, Destination& to, Diagnostics& diagnostics) {
  Progress progress(options.progress, "the write");
  absl::StatusOr<std::unique_ptr<Document>> doc =
      Document::plan(scene, binary, options, progress, diagnostics);
  if (!doc.ok()) return doc.status();
  to.plan_images(scene, (*doc)->images());
  const BinLayout& bin = (*doc)->bin();
  std::string head;
  Diagnostics later;
  absl::Status status = (*doc)->write_json(binary ? "" : percent_encode(bin_name), head, later);
  if (status.ok() && binary) {
    absl::StatusOr<std::string> glb = glb_prefix(head, bin.size());
    status = glb.status();
    if (glb.ok()) head = *std::move(glb);
  }
  if (!status.ok()) return fail_unwritten(**doc, status, later, diagnostics);
  if (absl::Status s = progress.report(kJsonMade); !s.ok()) return s;
  absl::StatusOr<ByteSink*> sink = to.open(std::move(head), bin.size());
  if (!sink.ok()) return fail_unwritten(**doc, sink.status(), later, diagnostics);
  if (absl::Status s = stream(**doc, **sink, progress, later, diagnostics); !s.ok()) return s;
  if (absl::Status s = to.close(); !s.ok()) return s;
  // The last word before the output is in place: stopped here, nothing is.
  if (absl::Status s = progress.report(1); !s.ok()) return s;
  return to.commit(diagnostics);
}

}  // namespace

absl::StatusOr<Written> write_to_memory(const Scene& scene, bool binary, std::string_view bin_name,
                                        Diagnostics& diagnostics, const WriteOptions& options) {
  MemoryDestination memory(binary);
  if (absl::Status s = write_into(scene, binary, bin_name, options, memory, diagnostics); !s.ok()) {
    return s;
  }
  return std::move(memory.written());
}

absl::Status write_nowhere(const Scene& scene, bool binary, std::string_view bin_name,
                           Diagnostics& diagnostics, const WriteOptions& options) {
  NullDestination nowhere;
  return write_into(scene, binary, bin_name, options, nowhere, diagnostics);
}

absl::Status write(const Scene& scene, const std::filesystem::path& path, bool binary,
                   Diagnostics& diagnostics, const WriteOptions& options) {
  const std::filesystem::path bin_path = path.parent_path() / cat(path.stem().string(), ".bin");
  if (!binary && bin_path == path) {
    return refuse("gltf.write.path", cat(path.string(), " is the name its .bin would take"));
  }
  FileDestination files(path, binary ? std::nullopt : std::optional(bin_path));
  return write_into(scene, binary, bin_path.filename().string(), options, files, diagnostics);
}

}  // namespace px::gltf
