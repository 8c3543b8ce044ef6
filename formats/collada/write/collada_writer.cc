#include "formats/collada/write/collada_writer.h"

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/write/animation_writer.h"
#include "formats/collada/write/asset_writer.h"
#include "formats/collada/write/controller_writer.h"
#include "formats/collada/write/effect_writer.h"
#include "formats/collada/write/geometry_writer.h"
#include "formats/collada/write/node_writer.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"

namespace px::collada {
namespace {

// Scene attributes other than asset, skins and animations have no place in COLLADA (W4);
// cameras and lights are not written (Q43).
void warn_dropped_globals(const Scene& scene, Diagnostics& diagnostics) {
  for (const auto& [key, value] : scene.global_attrs) {
    if (key == "asset" || key == "skins" || key == "animations") continue;
    if (key == "cameras") {
      diagnostics.warn("collada.write.camera-dropped",
                       "cameras are not written to COLLADA; they are left out");
      continue;
    }
    diagnostics.warn("collada.write.global-dropped",
                     cat("scene attribute '", key, "' left out: COLLADA has no place for it"));
  }
}

absl::StatusOr<WritePlan> plan_document(const Scene& scene, Diagnostics& diagnostics) {
  warn_dropped_globals(scene, diagnostics);
  check_asset(scene, diagnostics);
  WritePlan plan;
  if (absl::Status s = plan_nodes(scene, plan, diagnostics); !s.ok()) return s;
  if (absl::Status s = plan_controllers(scene, plan, diagnostics); !s.ok()) return s;
  if (absl::Status s = plan_geometries(scene, plan, diagnostics); !s.ok()) return s;
  if (absl::Status s = plan_effects(scene, plan, diagnostics); !s.ok()) return s;
  if (absl::Status s = plan_animations(scene, plan, diagnostics); !s.ok()) return s;
  return plan;
}

// The document, in the schema's order: asset, the libraries, scene.
absl::Status write_document(const Scene& scene, const WritePlan& plan, XmlWriter::Sink sink,
                            Diagnostics& diagnostics) {
  XmlWriter xml(std::move(sink));
  xml.declaration();
  xml.open("COLLADA");
  xml.attr("xmlns", "http://www.collada.org/2005/11/COLLADASchema");
  xml.attr("version", "1.4.1");
  write_asset(scene, xml);
  write_effects(scene, plan, xml);
  write_geometries(scene, plan, xml);
  write_controllers(scene, plan, xml);
  write_animations(scene, plan, xml);
  write_nodes(scene, plan, xml);
  xml.close();
  if (xml.replaced_characters() > 0) {
    diagnostics.warn("collada.write.invalid-character",
                     cat(xml.replaced_characters(),
                         " characters XML cannot hold (control characters, invalid UTF-8) were "
                         "written as U+FFFD"));
  }
  return xml.finish();
}

}  // namespace

absl::Status write(const Scene& scene, const std::filesystem::path& path,
                   Diagnostics& diagnostics) {
  absl::StatusOr<WritePlan> plan = plan_document(scene, diagnostics);
  if (!plan.ok()) return plan.status();
  absl::StatusOr<AtomicFile> file = AtomicFile::create(path);
  if (!file.ok()) return file.status();
  absl::Status written = write_document(
      scene, *plan, [&](std::string_view bytes) { return file->write(bytes); }, diagnostics);
  if (!written.ok()) return written;
  return file->commit();
}

absl::Status write(const Scene& scene, std::FILE* out, Diagnostics& diagnostics) {
  absl::StatusOr<WritePlan> plan = plan_document(scene, diagnostics);
  if (!plan.ok()) return plan.status();
  absl::Status written = write_document(
      scene, *plan,
      [&](std::string_view bytes) {
        if (std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size()) {
          return io_error("cannot write the COLLADA document to its stream");
        }
        return absl::OkStatus();
      },
      diagnostics);
  if (!written.ok()) return written;
  if (std::fflush(out) != 0) return io_error("cannot write the COLLADA document to its stream");
  return absl::OkStatus();
}

absl::StatusOr<std::string> write_to_memory(const Scene& scene, Diagnostics& diagnostics) {
  absl::StatusOr<WritePlan> plan = plan_document(scene, diagnostics);
  if (!plan.ok()) return plan.status();
  std::string out;
  absl::Status written = write_document(
      scene, *plan,
      [&](std::string_view bytes) {
        out.append(bytes);
        return absl::OkStatus();
      },
      diagnostics);
  if (!written.ok()) return written;
  return out;
}

}  // namespace px::collada
