// libFuzzer target: any bytes through the COLLADA reader and, when they read, the GLB writer and
// the COLLADA writer. Whatever the input, the only acceptable outcomes are a scene or a clear
// refusal; every other input is read a second time with its numbers decoded on a second thread,
// which must give the same refusal or the same GLB and warnings; and a document the COLLADA
// writer writes must read back (a trap otherwise, so that libFuzzer reports the input).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/source.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/write/gltf_writer.h"

namespace {

struct Outcome {
  std::string status;  // empty when the scene read
  std::string glb;
  std::string warnings;
};

Outcome read_with(std::string_view bytes, int threads, absl::StatusOr<px::Scene>* scene) {
  std::unique_ptr<px::Source> source = px::memory_source(bytes);
  px::Diagnostics diagnostics;
  px::ReadOptions options;
  options.threads = threads;
  *scene = px::collada::read(*source, options, diagnostics);
  Outcome out;
  if (!scene->ok()) {
    out.status = scene->status().ToString();
    return out;
  }
  absl::StatusOr<px::gltf::Written> glb = px::gltf::write_to_memory(**scene, true, "", diagnostics);
  out.glb = glb.ok() ? glb->json : glb.status().ToString();
  for (const px::Diagnostic& d : diagnostics.entries()) {
    out.warnings += d.code + ":" + d.message + ":" + std::to_string(d.line) + ":" +
                    std::to_string(d.count) + "\n";
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<px::Scene> scene = absl::UnknownError("unread");
  Outcome inline_read = read_with(bytes, 1, &scene);
  if (size % 2 == 1) {
    absl::StatusOr<px::Scene> threaded_scene = absl::UnknownError("unread");
    Outcome threaded = read_with(bytes, 2, &threaded_scene);
    if (threaded.status != inline_read.status || threaded.glb != inline_read.glb ||
        threaded.warnings != inline_read.warnings) {
      __builtin_trap();
    }
  }
  if (!scene.ok()) return 0;
  px::Diagnostics diagnostics;
  absl::StatusOr<std::string> dae = px::collada::write_to_memory(*scene, diagnostics);
  if (!dae.ok()) return 0;
  std::unique_ptr<px::Source> written = px::memory_source(*dae);
  px::Diagnostics read_back;
  if (!px::collada::read(*written, px::ReadOptions{}, read_back).ok()) __builtin_trap();
  return 0;
}
