#include "formats/collada/read/collada_reader.h"

#include <malloc.h>

#include <algorithm>

#include "absl/cleanup/cleanup.h"
#include "engine/cores.h"
#include "engine/errors.h"
#include "engine/metered_source.h"
#include "engine/progress.h"
#include "engine/strings.h"
#include "formats/collada/read/animations.h"
#include "formats/collada/read/asset.h"
#include "formats/collada/read/cameras.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/early_geometries.h"
#include "formats/collada/read/external_documents.h"
#include "formats/collada/read/geometry.h"
#include "formats/collada/read/lights.h"
#include "formats/collada/read/materials.h"
#include "formats/collada/read/nodes.h"
#include "formats/collada/read/skins.h"
#include "formats/collada/read/xml/xml_document.h"
#include "polyxios/scene/transform_elements.h"

namespace px::collada {
namespace {

bool under_mesh(const xml::Element& e) {
  const xml::Element* source = e.parent;
  const xml::Element* mesh = source == nullptr ? nullptr : source->parent;
  return mesh != nullptr && (mesh->name == "mesh" || mesh->name == "convex_mesh");
}

}  // namespace

xml::TextMode text_mode(const xml::Element& e) {
  std::string_view n = e.name;
  if (n == "float_array") return under_mesh(e) ? xml::TextMode::kFloat32 : xml::TextMode::kFloat64;
  if (n == "p" || n == "vcount" || n == "v" || n == "h" || n == "int_array") {
    return xml::TextMode::kInt32;
  }
  if (element_value_count(n) != 0 && e.parent != nullptr && e.parent->name == "node") {
    return xml::TextMode::kFloat64;
  }
  return xml::TextMode::kString;
}

size_t index_count_hint(const xml::Element& e) {
  if (e.name != "p" || e.parent == nullptr) return 0;
  const xml::Element& block = *e.parent;
  const uint64_t corners = block.name == "triangles" ? 3 : block.name == "lines" ? 2 : 0;
  int64_t cells = 0;
  if (corners == 0 || !attr_int(block, "count", &cells) || cells <= 0) return 0;
  // The inputs come before the <p> (and are already parsed): a corner is the largest offset + 1
  // (an offset past 2^16 is refused when the block is read).
  uint64_t tuple = 1;
  for (const xml::Element& input : block.children()) {
    int64_t offset = 0;
    if (input.name == "input" && attr_int(input, "offset", &offset) && offset >= 0 &&
        offset < (int64_t{1} << 16)) {
      tuple = std::max(tuple, static_cast<uint64_t>(offset) + 1);
    }
  }
  // The parser holds the hint to what the rest of the input could hold; here it only must not
  // overflow.
  constexpr uint64_t kMost = uint64_t{1} << 40;
  const uint64_t per_cell = corners * tuple;
  return static_cast<uint64_t>(cells) > kMost / per_cell ? kMost : cells * per_cell;
}

namespace {

// Threads beside the parser decode numbers and read geometries (number_sink.h); left to itself,
// polyxios starts them only where they pay for their start.
int decoding_threads(const ReadOptions& options, uint64_t bytes) {
  constexpr uint64_t kThreadedFrom = uint64_t{1} << 20;
  if (options.threads == 0 && bytes < kThreadedFrom) return 1;
  return std::min(threads_for(options.threads), 2);
}

// The transient heap memory of a large document's read (each geometry's split positions, the
// element tree) is freed in pieces too small for free() to hand back; it goes back to the system
// before the scene is written (at 1 GB, 9 MiB of the write's resident memory). So does, before
// a large read, what the process's earlier work left in the heap of each thread (a batch
// worker's or a Python session's conversions: the threads of one read free into heaps the next
// read's threads may not be given; three 1 GB reads in one process peaked at 630.7-633.2 MiB
// without it, 627.4-628.9 MiB with it). A small document's stays for the next read, as a batch
// worker keeps up to 16 MiB for its next asset.
void give_back_heap([[maybe_unused]] const Source& source) {
#if defined(__GLIBC__)
  constexpr uint64_t kLargeDocument = uint64_t{16} << 20;
  if (source.size_bound() >= kLargeDocument) malloc_trim(0);
#endif
}

bool has_controllers(const Element& root) {
  for (const Element& library : root.children()) {
    if (library.name == "library_controllers" && library.child("controller") != nullptr) {
      return true;
    }
  }
  return false;
}

// The part of a read's progress the parse takes (geometries are read during it); the libraries
// read after it share the rest.
constexpr double kParsed = 0.9;

// One read of the document. With read_early, geometries are read during the parse and release
// their arrays.
absl::StatusOr<Scene> read_document(Source& input, const ReadOptions& options, bool read_early,
                                    ZaeFolder* archive, Progress& progress,
                                    Diagnostics& diagnostics) {
  std::unique_ptr<MeteredSource> source =
      metered_source(input, options.limits.max_input_bytes, &progress, kParsed);
  // The scene outlives the parse: geometries read during it build their meshes in its arena.
  Scene scene;
  xml::Document doc;
  EarlyGeometries early(doc, scene, options, *source, diagnostics);
  xml::ParseOptions parse_options;
  parse_options.policy = text_mode;
  parse_options.count_hint = index_count_hint;
  parse_options.max_depth = options.limits.max_depth;
  parse_options.max_string_bytes = options.limits.max_string_bytes;
  parse_options.threads = decoding_threads(options, source->size_bound());
  parse_options.decimal_comma = options.repair;
  // Geometries are built on a thread beside the parser (number_sink.h), and the first touch of
  // the arena's pages was most of their cost: a thread of the arena's own faults them in ahead.
  Arena* arena = scene.arena.get();
  arena->set_page_warming(parse_options.threads > 1);
  absl::Cleanup stop_warming = [arena] { arena->set_page_warming(false); };
  if (read_early) {
    parse_options.on_close = [&early](const Element& e, xml::NumberSink& sink) {
      early.on_close(e, sink);
    };
  }
  if (absl::Status s = xml::parse_into(doc, *source, parse_options); !s.ok()) return s;
  // The geometries read during the parse have released their arrays; what the pool kept of them
  // for the next mesh goes back before the scene's material columns and copies are made (at 1 GB,
  // 26 MiB beside 35 MiB of columns, which set the read's peak).
  doc.scratch()->trim();
  const Element* root = doc.root();
  if (root->name != "COLLADA") {
    return refuse("collada.root", root->name, root->line,
                  "the document's root element is not <COLLADA>");
  }
  // The bytes read, not the source's bound: a .dae.gz's are only known once inflated, and its
  // budgets and the files it names are measured against what it held.
  ReadContext ctx(doc, scene, options, diagnostics, source->bytes_read());
  InputBytes input_bytes(options.limits.max_input_bytes, source->bytes_read());
  ctx.input = &input_bytes;
  ctx.base_dir = source->base_dir();
  ctx.document_path = source->path();
  ctx.archive = archive;
  ExternalDocuments documents(ctx);
  if (size_t commas = doc.decimal_comma_arrays(); commas > 0) {
    ctx.warn("collada.repair.decimal-comma",
             cat(commas, " arrays spell their numbers with a decimal comma, read as a point"));
  }
  read_asset(ctx);
  read_cameras(ctx);
  read_lights(ctx);
  if (absl::Status s = documents.load(); !s.ok()) return s;
  Materials materials;
  if (absl::Status s = read_materials(ctx, &materials); !s.ok()) return s;
  if (absl::Status s = documents.read_materials(&materials); !s.ok()) return s;
  if (absl::Status s = progress.report(kParsed, 1, 0.2); !s.ok()) return s;
  Geometries geometries;
  if (absl::Status s = read_geometries(ctx, &early, &geometries); !s.ok()) return s;
  // Where each vertex was split from is read only by skins and morphs, which only this
  // document's <controller>s bind to its geometries: without any, it goes back before the
  // scene's material columns are made (at 1 GB, 6.9 MiB beside them at the read's peak).
  if (!has_controllers(*root)) {
    for (GeometryRecord& record : geometries.records) record.split_positions = SplitPositions();
    give_back_heap(*source);
  }
  if (absl::Status s = progress.report(kParsed, 1, 0.4); !s.ok()) return s;
  NodeIndex nodes;
  SkinReader skins(ctx);
  if (absl::Status s = read_visual_scenes(ctx, geometries, materials, skins, &nodes); !s.ok()) {
    return s;
  }
  if (absl::Status s = progress.report(kParsed, 1, 0.6); !s.ok()) return s;
  if (absl::Status s = read_animations(ctx, nodes, materials); !s.ok()) return s;
  if (absl::Status s = documents.read_animations(nodes, materials); !s.ok()) return s;
  if (absl::Status s = progress.report(kParsed, 1, 0.8); !s.ok()) return s;
  for (GeometryRecord& record : geometries.records) {
    if (!record.uses.empty()) continue;
    absl::StatusOr<int> mesh =
        mesh_for_use(ctx, record, default_block_materials(ctx, record, materials), nullptr);
    if (!mesh.ok()) return mesh.status();
  }
  return scene;
}

}  // namespace

absl::StatusOr<Scene> read(Source& source, const ReadOptions& options, Diagnostics& diagnostics,
                           ZaeFolder* archive) {
  Progress progress(options.progress, "the read");
  auto finished = [&](absl::StatusOr<Scene> scene) -> absl::StatusOr<Scene> {
    if (!scene.ok()) return scene;
    give_back_heap(source);
    if (absl::Status s = progress.report(1); !s.ok()) return s;
    return scene;
  };
  give_back_heap(source);
  // Its warnings are told as they are raised, but kept apart until it is known to stand.
  Diagnostics first_read = diagnostics.sharing_listener();
  absl::StatusOr<Scene> scene = read_document(source, options, true, archive, progress, first_read);
  if (scene.ok() || !is_needs_released_array(scene.status())) {
    diagnostics.merge(first_read);
    return finished(std::move(scene));
  }
  // Something outside a <mesh> reads one of its arrays, which was released once the mesh was
  // made: read the document again, keeping every array to the end (its progress told on from
  // where the first read got to, since fractions never go back).
  absl::StatusOr<std::unique_ptr<Source>> again = source.reopen();
  if (!again.ok()) return again.status();
  return finished(read_document(**again, options, false, archive, progress, diagnostics));
}

}  // namespace px::collada
