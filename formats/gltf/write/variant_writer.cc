#include "formats/gltf/write/variant_writer.h"

#include <algorithm>
#include <optional>

#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr std::string_view kDropped = "gltf.write.variants-dropped";

// An integer member in [lo, hi), else nullopt.
std::optional<int> index_member(const ValueMap& map, std::string_view key, int64_t lo, int64_t hi) {
  const Value* v = find_value(map, key);
  if (v == nullptr || !v->is_int() || v->as_int() < lo || v->as_int() >= hi) return std::nullopt;
  return static_cast<int>(v->as_int());
}

}  // namespace

VariantWriter::VariantWriter(const Scene& scene, Diagnostics& diagnostics) {
  const Value* attr = find_value(scene.global_attrs, "material_variants");
  if (attr == nullptr) return;
  const Value* names = attr->is_map() ? find_value(attr->as_map(), "variants") : nullptr;
  const Value* mappings = attr->is_map() ? find_value(attr->as_map(), "mappings") : nullptr;
  const bool names_ok = names != nullptr && names->is_array() &&
                        std::all_of(names->as_array().begin(), names->as_array().end(),
                                    [](const Value& n) { return n.is_string(); });
  if (!names_ok || mappings == nullptr || !mappings->is_array()) {
    diagnostics.warn(kDropped,
                     "scene attribute 'material_variants' is not a list of variant "
                     "names and mappings; KHR_materials_variants is left out");
    return;
  }
  for (const Value& n : names->as_array()) names_.push_back(n.as_string());
  const int64_t meshes = static_cast<int64_t>(scene.meshes.size());
  const int64_t materials = static_cast<int64_t>(scene.materials.size());
  const int64_t variants = static_cast<int64_t>(names_.size());
  int dropped = 0;
  for (const Value& primitive : mappings->as_array()) {
    const ValueMap empty;
    const ValueMap& p = primitive.is_map() ? primitive.as_map() : empty;
    const std::optional<int> mesh = index_member(p, "mesh", 0, meshes);
    const std::optional<int> material = index_member(p, "material", -1, materials);
    const Value* list = find_value(p, "mappings");
    if (!mesh || !material || list == nullptr || !list->is_array() ||
        primitives_.contains({*mesh, *material})) {
      ++dropped;
      continue;
    }
    std::vector<Mapping>& out = primitives_[{*mesh, *material}];
    std::vector<int> taken;
    for (const Value& m : list->as_array()) {
      const ValueMap& map = m.is_map() ? m.as_map() : empty;
      Mapping mapping{index_member(map, "material", 0, materials).value_or(-1), {}, ""};
      const Value* vs = find_value(map, "variants");
      bool ok = mapping.material >= 0 && vs != nullptr && vs->is_array() && !vs->as_array().empty();
      for (size_t i = 0; ok && i < vs->as_array().size(); ++i) {
        const Value& v = vs->as_array()[i];
        ok = v.is_int() && v.as_int() >= 0 && v.as_int() < variants &&
             std::find(taken.begin(), taken.end(), v.as_int()) == taken.end();
        if (ok) taken.push_back(static_cast<int>(v.as_int()));
        if (ok) mapping.variants.push_back(static_cast<int>(v.as_int()));
      }
      if (!ok) {
        ++dropped;
        continue;
      }
      if (const Value* name = find_value(map, "name"); name != nullptr && name->is_string()) {
        mapping.name = name->as_string();
      }
      out.push_back(std::move(mapping));
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
