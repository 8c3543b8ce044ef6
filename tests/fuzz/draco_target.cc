// draco_fuzz: any bytes as a KHR_draco_mesh_compression buffer view, through the header checks
// and libdraco alone (the glTF around it is gltf_json_fuzz's and glb_fuzz's). A stream decodes or
// is refused as gltf.draco.*; one that decodes holds together: whole triangles, every index below the point
// count, every attribute a value per point, nothing past the limits.
#include <cstdint>
#include <span>
#include <string_view>

#include "engine/strings.h"
#include "formats/gltf/draco/draco_mesh.h"
#include "tests/fuzz/fuzz_targets.h"
#include "tests/fuzz/outcome_checks.h"

namespace px::fuzz {

void draco_input(std::string_view bytes) {
  // What a glTF accessor of a large primitive could declare; the decoder checks its counts
  // against the bytes too.
  gltf::draco::Limits limits;
  limits.max_faces = uint64_t{1} << 20;
  limits.max_points = uint64_t{1} << 20;
  absl::StatusOr<gltf::draco::DracoMesh> mesh = gltf::draco::decode_draco_mesh(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
      limits);
  if (!mesh.ok()) {
    const std::string problem = refusal_problem(mesh.status());
    if (!problem.empty()) fail("the Draco decoder", problem);
    const std::string message(mesh.status().message());
    if (!message.starts_with("gltf.draco.")) {
      fail("the Draco decoder refused by another rule than gltf.draco.*", message);
    }
    return;
  }
  if (mesh->indices.size() % 3 != 0 || mesh->indices.size() / 3 > limits.max_faces ||
      mesh->num_points > limits.max_points) {
    fail("the Draco decoder made more than its limits or a partial triangle");
  }
  for (uint32_t index : mesh->indices) {
    if (index >= mesh->num_points) fail("a decoded Draco index past the points", cat(index));
  }
  for (const gltf::draco::DracoAttribute& a : mesh->attributes) {
    const size_t values = static_cast<size_t>(mesh->num_points) * a.components;
    if (a.floats.size() != values && a.ints.size() != values) {
      fail("a decoded Draco attribute without a value per point", cat(a.unique_id));
    }
  }
}

}  // namespace px::fuzz
