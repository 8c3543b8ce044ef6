#include "formats/collada/write/collada_writer.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "engine/file_uri.h"
#include "engine/progress.h"
#include "engine/strings.h"
#include "formats/collada/write/animation_writer.h"
#include "formats/collada/write/asset_writer.h"
#include "formats/collada/write/camera_writer.h"
#include "formats/collada/write/controller_writer.h"
#include "formats/collada/write/effect_extensions.h"
#include "formats/collada/write/effect_writer.h"
#include "formats/collada/write/geometry_writer.h"
#include "formats/collada/write/light_writer.h"
#include "formats/collada/write/morph_writer.h"
#include "formats/collada/write/node_writer.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "formats/common/image_files.h"

namespace px::collada {
namespace {

// Scene attributes have no place in COLLADA (W4); the material variants are warned of by
// warn_gltf_extensions_dropped.
void warn_dropped_globals(const Scene& scene, Diagnostics& diagnostics) {
  for (const auto& [key, value] : scene.global_attrs) {
    diagnostics.warn("collada.write.global-dropped",
                     cat("scene attribute '", key, "' left out: COLLADA has no place for it"));
  }
}

// A write's progress: its modules planned over [0, kPlanned], then the document written over
// [kPlanned, 1] a MiB at a time, by its bytes against an estimate of them.
constexpr double kPlanned = 0.05;
constexpr uint64_t kReportBytes = uint64_t{1} << 20;

absl::StatusOr<WritePlan> plan_document(const Scene& scene, const UriPolicy& uris,
                                        Progress& progress, Diagnostics& diagnostics) {
  warn_dropped_globals(scene, diagnostics);
  warn_gltf_extensions_dropped(scene, diagnostics);
  check_asset(scene, diagnostics);
  WritePlan plan;
  plan.uris = uris;
  using Planner = absl::Status (*)(const Scene&, WritePlan&, Diagnostics&);
  constexpr std::array<Planner, 8> kPlanners = {plan_nodes,   plan_controllers, plan_geometries,
                                                plan_morphs,  plan_effects,     plan_lights,
                                                plan_cameras, plan_animations};
  for (size_t i = 0; i < kPlanners.size(); ++i) {
    if (absl::Status s = kPlanners[i](scene, plan, diagnostics); !s.ok()) return s;
    const double planned = static_cast<double>(i + 1) / kPlanners.size();
    if (absl::Status s = progress.report(0, kPlanned, planned); !s.ok()) return s;
  }
  return plan;
}

// About the bytes the document takes, for its progress: seven a number of its meshes' columns
// and cells, and 64 KiB for the rest.
uint64_t estimated_bytes(const Scene& scene) {
  uint64_t numbers = 0;
  for (const Mesh& mesh : scene.meshes) {
    numbers += mesh.points.rows * mesh.points.cols + mesh.connectivity.size() + mesh.offsets.size();
    for (const NamedColumn& c : mesh.point_data) numbers += c.column.rows * c.column.cols;
    for (const NamedColumn& c : mesh.cell_data) numbers += c.column.rows * c.column.cols;
  }
  return numbers * 7 + (uint64_t{64} << 10);
}

// The document, in the schema's order: asset, the libraries, scene. Progress is told a MiB at a
// time as the bytes reach the sink; once it stops the write the sink is given nothing more.
absl::Status write_document(const Scene& scene, const WritePlan& plan, XmlWriter::Sink sink,
                            int threads, Progress& progress, Diagnostics& diagnostics) {
  const double estimate = static_cast<double>(estimated_bytes(scene));
  uint64_t written = 0;
  uint64_t next_report = kReportBytes;
  auto told = [&](std::string_view bytes) -> absl::Status {
    if (absl::Status s = sink(bytes); !s.ok()) return s;
    written += bytes.size();
    if (written < next_report) return absl::OkStatus();
    next_report = written + kReportBytes;
    // Short of 1 until the document is whole, the estimate being only that.
    return progress.report(kPlanned, 1, std::min(0.99, static_cast<double>(written) / estimate));
  };
  XmlWriter xml(told, 1 << 16, writer_threads(threads));
  xml.declaration();
  xml.open("COLLADA");
  xml.attr("xmlns", "http://www.collada.org/2005/11/COLLADASchema");
  xml.attr("version", "1.4.1");
  write_asset(scene, xml);
  write_cameras(plan, xml);
  write_lights(plan, xml);
  write_effects(scene, plan, xml);
  write_geometries(scene, plan, xml);
  write_morph_geometries(scene, plan, xml);
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

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_utf8_name(std::string_view encoding) {
  std::string e = lowercase(encoding);
  return e == "utf-8" || e == "utf8" || e == "utf_8";
}

// Encodings that spell ASCII as ASCII, so an ASCII-only document passes through them unchanged.
bool spells_ascii_as_ascii(std::string_view encoding) {
  std::string e = lowercase(encoding);
  std::replace(e.begin(), e.end(), '_', '-');
  constexpr std::array<std::string_view, 8> kPrefixes = {
      "ascii", "us-ascii", "latin", "iso-8859-", "iso8859-", "cp125", "windows-125", "l1"};
  return std::any_of(kPrefixes.begin(), kPrefixes.end(),
                     [&](std::string_view p) { return e.starts_with(p); }) ||
         e == "mac-roman" || e == "koi8-r" || e == "koi8-u";
}

absl::Status write_bytes(std::FILE* out, std::string_view bytes) {
  if (std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size()) {
    return io_error("cannot write the COLLADA document to its stream");
  }
  return absl::OkStatus();
}

// A document for a text stream of another encoding than UTF-8: whole, then checked (Q18).
absl::Status write_for_text_stream(const Scene& scene, std::FILE* out, Diagnostics& diagnostics,
                                   const WriteOptions& options) {
  const std::string& encoding = options.stream_encoding;
  if (!spells_ascii_as_ascii(encoding)) {
    return refuse("collada.write.stream-encoding",
                  cat("a COLLADA document is UTF-8; a text stream in ", encoding,
                      " cannot hold it: pass a byte stream or a path"));
  }
  absl::StatusOr<std::string> text = write_to_memory(scene, diagnostics, options);
  if (!text.ok()) return text.status();
  if (std::any_of(text->begin(), text->end(),
                  [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
    return refuse("collada.write.stream-encoding",
                  cat("the document holds characters beyond ASCII, which a text stream in ",
                      encoding, " would spell otherwise than UTF-8: pass a byte stream or a path"));
  }
  return write_bytes(out, *text);
}

}  // namespace

absl::Status write(const Scene& scene, const std::filesystem::path& path, Diagnostics& diagnostics,
                   const WriteOptions& options) {
  Progress progress(options.progress, "the write");
  absl::StatusOr<WritePlan> plan = plan_document(scene, uri_policy(options), progress, diagnostics);
  if (!plan.ok()) return plan.status();
  // Where the image files go, before the document names them; taken back unless it is committed.
  ImageCarry images =
      ImageCarry::plan(scene, plan->effects.image_uris, path, std::span(&path, 1),
                       {"collada.write.image-not-copied", "collada.write.image-renamed"});
  absl::StatusOr<AtomicFile> file = AtomicFile::create(path);
  if (!file.ok()) return file.status();
  absl::Status written = write_document(
      scene, *plan, [&](std::string_view bytes) { return file->write(bytes); }, options.threads,
      progress, diagnostics);
  if (!written.ok()) return written;
  // The last word before the file is in place: stopped here, nothing is.
  if (absl::Status s = progress.report(1); !s.ok()) return s;
  images.carry(diagnostics);
  if (absl::Status s = file->commit(); !s.ok()) return s;
  images.keep();
  return absl::OkStatus();
}

absl::Status write(const Scene& scene, std::FILE* out, Diagnostics& diagnostics,
                   const WriteOptions& options) {
  const std::string& encoding = options.stream_encoding;
  if (!encoding.empty() && !is_utf8_name(encoding)) {
    return write_for_text_stream(scene, out, diagnostics, options);
  }
  Progress progress(options.progress, "the write");
  absl::StatusOr<WritePlan> plan = plan_document(scene, uri_policy(options), progress, diagnostics);
  if (!plan.ok()) return plan.status();
  absl::Status written = write_document(
      scene, *plan, [&](std::string_view bytes) { return write_bytes(out, bytes); },
      options.threads, progress, diagnostics);
  if (!written.ok()) return written;
  if (std::fflush(out) != 0) return io_error("cannot write the COLLADA document to its stream");
  return progress.report(1);
}

absl::StatusOr<std::string> write_to_memory(const Scene& scene, Diagnostics& diagnostics,
                                            const WriteOptions& options) {
  Progress progress(options.progress, "the write");
  absl::StatusOr<WritePlan> plan = plan_document(scene, uri_policy(options), progress, diagnostics);
  if (!plan.ok()) return plan.status();
  std::string out;
  absl::Status written = write_document(
      scene, *plan,
      [&](std::string_view bytes) {
        out.append(bytes);
        return absl::OkStatus();
      },
      options.threads, progress, diagnostics);
  if (!written.ok()) return written;
  if (absl::Status s = progress.report(1); !s.ok()) return s;
  return out;
}

}  // namespace px::collada
