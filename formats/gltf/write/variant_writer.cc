#include "formats/gltf/write/variant_writer.h"

#include <algorithm>
#include <optional>

#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr std::string_view kDropped = "gltf.write.variants-dropped";

bool in_range(int index, int lo, size_t count) {
  return index >= lo && (index < 0 || static_cast<size_t>(index) < count);
}

}  // namespace

VariantWriter::VariantWriter(const Scene& scene, Diagnostics& diagnostics) {
  const MaterialVariants& source = scene.material_variants;
  if (source.empty()) return;
  names_ = source.names;
  const size_t materials = scene.materials.size();
  int dropped = 0;
  for (const PrimitiveVariants& primitive : source.primitives) {
    if (!in_range(primitive.mesh, 0, scene.meshes.size()) ||
        !in_range(primitive.material, -1, materials) ||
        primitives_.contains({primitive.mesh, primitive.material})) {
      ++dropped;
      continue;
    }
    std::vector<Mapping>& out = primitives_[{primitive.mesh, primitive.material}];
    std::vector<int> taken;
    for (const VariantMapping& m : primitive.mappings) {
      bool ok = in_range(m.material, 0, materials) && !m.variants.empty();
      for (size_t i = 0; ok && i < m.variants.size(); ++i) {
        const int v = m.variants[i];
        ok = in_range(v, 0, names_.size()) &&
             std::find(taken.begin(), taken.end(), v) == taken.end();
        if (ok) taken.push_back(v);
      }
      if (!ok) {
        ++dropped;
        continue;
      }
      out.push_back({m.material, m.variants, m.name.value_or("")});
    }
  }
  if (dropped > 0) {
    diagnostics.warn(kDropped, cat(dropped, " material variant mapping", dropped == 1 ? "" : "s",
                                   " naming no mesh, material or variant, or a variant its "
                                   "primitive maps already, left out"));
  }
}

bool VariantWriter::has_mappings(int mesh, int material) const {
  const auto it = primitives_.find({mesh, material});
  return !empty() && it != primitives_.end() && !it->second.empty();
}

void VariantWriter::write_primitive(JsonWriter& json, int mesh, int material,
                                    MaterialTable& materials, uint32_t sets, bool tangents,
                                    std::string_view label, Diagnostics& diagnostics) const {
  if (!has_mappings(mesh, material)) return;
  json.key("KHR_materials_variants");
  json.start_object();
  json.key("mappings");
  json.start_array();
  for (const Mapping& m : primitives_.at({mesh, material})) {
    json.start_object();
    json.key("material");
    json.integer(materials.use(m.material, sets, tangents, label, diagnostics));
    json.key("variants");
    json.start_array();
    for (int v : m.variants) json.integer(v);
    json.end_array();
    if (!m.name.empty()) {
      json.key("name");
      json.string(m.name);
    }
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

void VariantWriter::write_root(JsonWriter& json) const {
  if (empty()) return;
  json.key("KHR_materials_variants");
  json.start_object();
  json.key("variants");
  json.start_array();
  for (const std::string& name : names_) {
    json.start_object();
    json.key("name");
    json.string(name);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

}  // namespace px::gltf
