// KHR_draco_mesh_compression on the writer's side: one triangle primitive's vertex attributes (as
// the glTF bytes the writer makes for them) and triangles encoded by libdraco, then decoded back,
// since Draco reorders and merges vertices and the accessors must describe what the stream
// decodes to: their counts, POSITION's bounds and, unless the fallback is left out, the
// uncompressed fallback views, made from the decoded values (as the extension recommends).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/write/attribute_writer.h"
#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/json_writer.h"
#include "polyxios/options.h"

namespace px::gltf {

struct DracoEncoded {
  struct Attribute {
    const AttributePlan* plan = nullptr;
    int unique_id = 0;    // the Draco attribute's
    std::string decoded;  // points rows, in the plan's component type, as glTF lays them out
    int accessor = -1;
  };
  std::string stream;  // the Draco bitstream
  uint32_t points = 0;
  std::vector<uint32_t> indices;  // the decoded triangles
  size_t degenerate_dropped = 0;  // triangles libdraco left out: two corners one point
  std::vector<Attribute> attributes;
  int view = -1;  // the stream's
  int index_accessor = -1;
};

// Encodes the triangles (three mesh point indices each) over the attributes, whose glTF bytes,
// one row per mesh point, are `bytes` (in the attributes' order). Only the points the triangles
// name go into the stream, equal values and points merged first. Null when every triangle then
// repeats a point (no area, no values of its own) or libdraco decodes none: the primitive is
// written uncompressed. A libdraco failure refuses the write
// (gltf.write.draco).
absl::StatusOr<std::unique_ptr<DracoEncoded>> encode_draco(
    const std::vector<AttributePlan>& attributes, const std::vector<std::string>& bytes,
    std::span<const uint32_t> triangles, const MeshCompression& settings, std::string_view label);

// The stream's view and the accessors: with `fallback`, each on a view of the decoded values;
// without, on none (POSITION with its bounds all the same). The primitive must outlive `bin`.
void add_draco_views(DracoEncoded& draco, bool fallback, BinLayout& bin);

// The primitive's "attributes" and "indices".
void write_draco_json(const DracoEncoded& draco, JsonWriter& json);
// The "KHR_draco_mesh_compression" entry of the primitive's extensions.
void write_draco_extension(const DracoEncoded& draco, JsonWriter& json);

}  // namespace px::gltf
