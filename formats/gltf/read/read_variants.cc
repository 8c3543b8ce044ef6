#include "formats/gltf/read/read_variants.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr std::string_view kVariants = "KHR_materials_variants";
constexpr std::string_view kInvalid = "gltf.read.variants-invalid";

// The root's variant names; a variant without a name keeps its place as "" (the mappings name
// variants by index) with a warning.
std::vector<std::string> variant_names(ReadContext& ctx) {
  std::vector<std::string> names;
  std::optional<JsonObject> root = ctx.extension(ctx.root(), kVariants, kInvalid);
  if (!root) return names;
  const JsonValue* variants = root->find("variants");
  if (variants == nullptr || !variants->IsArray() || variants->Empty()) {
    ctx.warn(kInvalid,
             cat(root->pointer("variants"), " is not an array of variants; no variant is read"));
    return names;
  }
  for (rapidjson::SizeType i = 0; i < variants->Size(); ++i) {
    const JsonValue& v = (*variants)[i];
    const JsonValue* name = v.IsObject() ? find_member(v, "name") : nullptr;
    if (name == nullptr || !name->IsString()) {
      ctx.warn(kInvalid, cat(root->pointer("variants"), "/", i, " has no name string"));
      names.emplace_back();
    } else {
      names.emplace_back(name->GetString(), name->GetStringLength());
    }
  }
  return names;
}

// One mapping as {"material", "variants"}, or nullopt (with a warning) when it is not one;
// `taken` holds the variants the primitive's earlier mappings named.
std::optional<Value> mapping(ReadContext& ctx, const JsonValue& json, const std::string& at,
                             size_t variants, std::vector<int64_t>& taken) {
  const JsonValue* material = json.IsObject() ? find_member(json, "material") : nullptr;
  const JsonValue* list = json.IsObject() ? find_member(json, "variants") : nullptr;
  const bool material_ok =
      material != nullptr && material->IsUint() && material->GetUint() < ctx.count(Top::kMaterials);
  if (!material_ok || list == nullptr || !list->IsArray() || list->Empty()) {
    ctx.warn(kInvalid, cat(at, " is not a mapping of a material to variants; it is left out"));
    return std::nullopt;
  }
  ValueArray named;
  for (const JsonValue& v : list->GetArray()) {
    const auto named_before = [&](const Value& n) { return n.as_int() == int64_t{v.GetUint()}; };
    if (!v.IsUint() || v.GetUint() >= variants ||
        std::find(taken.begin(), taken.end(), v.GetUint()) != taken.end() ||
        std::any_of(named.begin(), named.end(), named_before)) {
      ctx.warn(kInvalid, cat(at,
                             ": a variant that is not one, or that the primitive maps "
                             "already; the mapping is left out"));
      return std::nullopt;
    }
    named.emplace_back(int64_t{v.GetUint()});
  }
  for (const Value& v : named) taken.push_back(v.as_int());
  ValueMap out{{"material", Value(int64_t{material->GetUint()})},
               {"variants", Value(std::move(named))}};
  const JsonValue* name = find_member(json, "name");
  if (name != nullptr && name->IsString()) {
    out.emplace_back("name", std::string(name->GetString(), name->GetStringLength()));
  }
  return Value(std::move(out));
}

// The primitive's mappings, empty when it has none.
ValueArray primitive_mappings(ReadContext& ctx, const JsonObject& primitive, size_t variants) {
  ValueArray out;
  std::optional<JsonObject> e = ctx.extension(primitive, kVariants, kInvalid);
  if (!e) return out;
  const JsonValue* mappings = e->find("mappings");
  if (mappings == nullptr || !mappings->IsArray()) {
    ctx.warn(kInvalid, cat(e->pointer("mappings"), " is not an array; it is left out"));
    return out;
  }
  std::vector<int64_t> taken;
  for (rapidjson::SizeType i = 0; i < mappings->Size(); ++i) {
    const std::string at = cat(e->pointer("mappings"), "/", i);
    if (std::optional<Value> m = mapping(ctx, (*mappings)[i], at, variants, taken)) {
      out.push_back(*std::move(m));
    }
  }
  return out;
}

int64_t int_member(const Value& map, std::string_view key) {
  return find_value(map.as_map(), key)->as_int();
}

}  // namespace

absl::Status read_variants(ReadContext& ctx) {
  if (!ctx.declared(kVariants)) return absl::OkStatus();
  std::vector<std::string> names = variant_names(ctx);
  ValueArray mappings;
  for (size_t i = 0; i < ctx.count(Top::kMeshes); ++i) {
    absl::StatusOr<JsonObject> mesh = ctx.entry(Top::kMeshes, i);
    if (!mesh.ok()) return mesh.status();
    absl::StatusOr<const JsonValue*> primitives = mesh->array("primitives");
    if (!primitives.ok() || *primitives == nullptr) continue;  // refused by the mesh read
    for (size_t p = 0; p < (*primitives)->Size(); ++p) {
      absl::StatusOr<JsonObject> primitive =
          element_object(**primitives, mesh->pointer("primitives"), p);
      if (!primitive.ok()) return primitive.status();
      ValueArray list = primitive_mappings(ctx, *primitive, names.size());
      if (list.empty()) continue;
      int material = -1;
      PX_GLTF_TRY(primitive->get_index("material", ctx.count(Top::kMaterials), material));
      const auto same = std::find_if(mappings.begin(), mappings.end(), [&](const Value& m) {
        return int_member(m, "mesh") == static_cast<int64_t>(i) &&
               int_member(m, "material") == material;
      });
      if (same != mappings.end()) {
        ctx.warn(kInvalid, cat(primitive->pointer(),
                               ": another primitive of the mesh and its "
                               "material has mappings already; its own are left out"));
        continue;
      }
      mappings.emplace_back(ValueMap{{"mesh", Value(static_cast<int64_t>(i))},
                                     {"material", Value(material)},
                                     {"mappings", Value(std::move(list))}});
    }
  }
  if (names.empty()) return absl::OkStatus();
  ValueArray variants(names.begin(), names.end());
  set_value(ctx.scene().global_attrs, "material_variants",
            Value(ValueMap{{"variants", Value(std::move(variants))},
                           {"mappings", Value(std::move(mappings))}}));
  return absl::OkStatus();
}

}  // namespace px::gltf
