// The container: a GLB's header and chunks checked and split into its JSON and BIN chunk, or a
// .gltf's JSON text as it is. GLB is told by the "glTF" magic, whatever the file is called.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "absl/status/statusor.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

struct Container {
  bool glb = false;
  std::string_view json;
  // The GLB's BIN chunk (its padding included), when it has one.
  std::optional<std::span<const uint8_t>> bin;
};

// Refuses a GLB whose header, version, total length or chunk lengths do not fit its bytes
// (gltf.glb.*); views point into bytes. A byte order mark before the JSON, in a .gltf or a GLB's
// JSON chunk, is skipped with a warning (gltf.read.json-bom).
absl::StatusOr<Container> split_container(std::string_view bytes, Diagnostics& diagnostics);

}  // namespace px::gltf
