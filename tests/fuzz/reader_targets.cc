// The readers' fuzz targets: COLLADA, glTF JSON and GLB bytes through their reader and, when they
// read, through the GLB and COLLADA writers (whose outputs roundtrip_fuzz reads back). Whatever
// the input, the only acceptable outcomes are a scene or a clear refusal, with known codes.
#include <string>
#include <string_view>

#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/read/zae_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/read/read_container.h"
#include "formats/gltf/write/gltf_writer.h"
#include "tests/fuzz/fuzz_targets.h"
#include "tests/fuzz/outcome_checks.h"

namespace px::fuzz {
namespace {

// The writes: one thread, and images as they are, not transcoded as a GLB write does by default
// (image_target fuzzes the decoders).
const WriteOptions kWrite{.threads = 1, .transcode_images = false};

// Everything a read with `threads` gives: the refusal, or the GLB written from the scene, and the
// warnings of both.
struct Outcome {
  std::string status;  // empty when the scene read
  std::string glb;
  std::string warnings;
};

Outcome read_collada(std::string_view bytes, int threads, absl::StatusOr<Scene>* scene) {
  std::unique_ptr<Source> source = memory_source(bytes);
  Diagnostics diagnostics;
  ReadOptions options;
  options.threads = threads;
  *scene = collada::read(*source, options, diagnostics);
  expect_clean_outcome(scene->status(), diagnostics, "the COLLADA reader");
  Outcome out;
  if (!scene->ok()) {
    out.status = scene->status().ToString();
    return out;
  }
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(**scene, true, "", diagnostics, kWrite);
  expect_clean_outcome(glb.status(), diagnostics, "the GLB writer");
  out.glb = glb.ok() ? glb->json : glb.status().ToString();
  for (const Diagnostic& d : diagnostics.entries()) {
    out.warnings += cat(d.code, ":", d.message, ":", d.line, ":", d.count, "\n");
  }
  return out;
}

void write_collada(const Scene& scene) {
  Diagnostics diagnostics;
  absl::StatusOr<std::string> dae = collada::write_to_memory(scene, diagnostics, kWrite);
  expect_clean_outcome(dae.status(), diagnostics, "the COLLADA writer");
}

// A glTF read (JSON or GLB), then both writers.
void read_gltf(std::string_view bytes) {
  Diagnostics diagnostics;
  ReadOptions options;
  options.threads = 1;
  absl::StatusOr<Scene> scene = gltf::read_memory(bytes, {}, options, diagnostics);
  expect_clean_outcome(scene.status(), diagnostics, "the glTF reader");
  if (!scene.ok()) return;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(*scene, true, "", diagnostics, kWrite);
  expect_clean_outcome(glb.status(), diagnostics, "the GLB writer");
  write_collada(*scene);
}

bool has_glb_magic(std::string_view bytes) { return bytes.substr(0, 4) == "glTF"; }

bool inside(std::string_view bytes, const void* begin, size_t size) {
  if (size == 0) return true;
  const char* p = static_cast<const char*>(begin);
  return p >= bytes.data() && size <= bytes.size() &&
         static_cast<size_t>(p - bytes.data()) <= bytes.size() - size;
}

}  // namespace

void collada_input(std::string_view bytes) {
  absl::StatusOr<Scene> scene = absl::UnknownError("unread");
  const Outcome inline_read = read_collada(bytes, 1, &scene);
  // Half the inputs again with numbers decoded on a second thread: the same refusal, or the same
  // GLB and warnings.
  if (bytes.size() % 2 == 1) {
    absl::StatusOr<Scene> threaded_scene = absl::UnknownError("unread");
    const Outcome threaded = read_collada(bytes, 2, &threaded_scene);
    if (threaded.status != inline_read.status || threaded.glb != inline_read.glb ||
        threaded.warnings != inline_read.warnings) {
      fail("the COLLADA reader on two threads disagrees with one",
           cat(inline_read.status, " / ", threaded.status));
    }
  }
  if (scene.ok()) write_collada(*scene);
}

void zae_input(std::string_view bytes) {
  Diagnostics diagnostics;
  ReadOptions options;
  options.threads = 1;
  absl::StatusOr<Scene> scene = collada::read_zae_bytes(bytes, options, diagnostics);
  expect_clean_outcome(scene.status(), diagnostics, "the .zae reader");
  if (!scene.ok()) return;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(*scene, true, "", diagnostics, kWrite);
  expect_clean_outcome(glb.status(), diagnostics, "the GLB writer");
  write_collada(*scene);
}

void gltf_json_input(std::string_view bytes) {
  if (has_glb_magic(bytes)) return;  // glb_fuzz's
  read_gltf(bytes);
}

void glb_input(std::string_view bytes) {
  if (!has_glb_magic(bytes)) return;  // gltf_json_fuzz's
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Container> container = gltf::split_container(bytes, diagnostics);
  expect_clean_outcome(container.status(), diagnostics, "the GLB container");
  if (!container.ok()) return;
  if (!container->glb || !inside(bytes, container->json.data(), container->json.size()) ||
      (container->bin && !inside(bytes, container->bin->data(), container->bin->size()))) {
    fail("the GLB container's chunks do not lie in its bytes");
  }
  read_gltf(bytes);
}

}  // namespace px::fuzz
