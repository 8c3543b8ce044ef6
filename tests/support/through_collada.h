// A scene written as COLLADA (or GLB) in memory and read back, for tests that check what a round
// trip keeps (the warnings of both steps are not looked at); and a .dae file read.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "engine/source.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/diagnostics.h"

namespace px::test_support {

inline absl::StatusOr<Scene> through_dae(const Scene& scene) {
  Diagnostics diagnostics;
  absl::StatusOr<std::string> dae = collada::write_to_memory(scene, diagnostics);
  if (!dae.ok()) return dae.status();
  std::unique_ptr<Source> source = memory_source(*dae);
  return collada::read(*source, ReadOptions(), diagnostics);
}

inline absl::StatusOr<Scene> through_glb(const Scene& scene) {
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics);
  if (!glb.ok()) return glb.status();
  return gltf::read_memory(glb->json, {}, ReadOptions(), diagnostics);
}

inline absl::StatusOr<Scene> read_dae_file(const std::filesystem::path& file,
                                           Diagnostics& diagnostics) {
  absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(file);
  if (!source.ok()) return source.status();
  return collada::read(**source, ReadOptions(), diagnostics);
}

}  // namespace px::test_support
