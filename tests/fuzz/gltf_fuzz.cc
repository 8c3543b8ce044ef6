// libFuzzer target: any bytes through the glTF / GLB reader (Draco-compressed primitives included)
// and, when they read, the GLB writer and the COLLADA writer. Whatever the input, the only
// acceptable outcomes are a scene or a clear refusal; and a document the COLLADA writer writes
// must read back (a trap otherwise, so that libFuzzer reports the input). No base folder is given,
// so only data: URIs and the GLB's own buffer resolve.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/source.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  px::Diagnostics diagnostics;
  absl::StatusOr<px::Scene> scene =
      px::gltf::read_memory(std::string_view(reinterpret_cast<const char*>(data), size), {},
                            px::ReadOptions{}, diagnostics);
  if (!scene.ok()) return 0;
  (void)px::gltf::write_to_memory(*scene, true, "", diagnostics);
  absl::StatusOr<std::string> dae = px::collada::write_to_memory(*scene, diagnostics);
  if (!dae.ok()) return 0;
  std::unique_ptr<px::Source> written = px::memory_source(*dae);
  px::Diagnostics read_back;
  if (!px::collada::read(*written, px::ReadOptions{}, read_back).ok()) __builtin_trap();
  return 0;
}
