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

// One mapping, or nullopt (with a warning) when it is not one; `taken` holds the variants the
// primitive's earlier mappings named.
std::optional<VariantMapping> mapping(ReadContext& ctx, const JsonValue& json,
                                      const std::string& at, size_t variants,
                                      std::vector<int>& taken) {
  const JsonValue* material = json.IsObject() ? find_member(json, "material") : nullptr;
  const JsonValue* list = json.IsObject() ? find_member(json, "variants") : nullptr;
  const bool material_ok =
      material != nullptr && material->IsUint() && material->GetUint() < ctx.count(Top::kMaterials);
  if (!material_ok || list == nullptr || !list->IsArray() || list->Empty()) {
    ctx.warn(kInvalid, cat(at, " is not a mapping of a material to variants; it is left out"));
    return std::nullopt;
  }
  VariantMapping out;
  out.material = static_cast<int>(material->GetUint());
  for (const JsonValue& v : list->GetArray()) {
    const int index = v.IsUint() && v.GetUint() < variants ? static_cast<int>(v.GetUint()) : -1;
    if (index < 0 || std::find(taken.begin(), taken.end(), index) != taken.end() ||
        std::find(out.variants.begin(), out.variants.end(), index) != out.variants.end()) {
      ctx.warn(kInvalid, cat(at,
                             ": a variant that is not one, or that the primitive maps "
                             "already; the mapping is left out"));
      return std::nullopt;
    }
    out.variants.push_back(index);
  }
  taken.insert(taken.end(), out.variants.begin(), out.variants.end());
  const JsonValue* name = find_member(json, "name");
  if (name != nullptr && name->IsString()) {
    out.name = std::string(name->GetString(), name->GetStringLength());
  }
  return out;
}

// The primitive's mappings, empty when it has none.
std::vector<VariantMapping> primitive_mappings(ReadContext& ctx, const JsonObject& primitive,
                                               size_t variants) {
  std::vector<VariantMapping> out;
  std::optional<JsonObject> e = ctx.extension(primitive, kVariants, kInvalid);
  if (!e) return out;
  const JsonValue* mappings = e->find("mappings");
  if (mappings == nullptr || !mappings->IsArray()) {
    ctx.warn(kInvalid, cat(e->pointer("mappings"), " is not an array; it is left out"));
    return out;
  }
  std::vector<int> taken;
  for (rapidjson::SizeType i = 0; i < mappings->Size(); ++i) {
    const std::string at = cat(e->pointer("mappings"), "/", i);
    if (std::optional<VariantMapping> m = mapping(ctx, (*mappings)[i], at, variants, taken)) {
      out.push_back(*std::move(m));
    }
  }
  return out;
}

}  // namespace

absl::Status read_variants(ReadContext& ctx) {
  if (!ctx.declared(kVariants)) return absl::OkStatus();
  MaterialVariants read;
  read.names = variant_names(ctx);
  for (size_t i = 0; i < ctx.count(Top::kMeshes); ++i) {
    absl::StatusOr<JsonObject> mesh = ctx.entry(Top::kMeshes, i);
    if (!mesh.ok()) return mesh.status();
    absl::StatusOr<const JsonValue*> primitives = mesh->array("primitives");
    if (!primitives.ok() || *primitives == nullptr) continue;  // refused by the mesh read
    for (size_t p = 0; p < (*primitives)->Size(); ++p) {
      absl::StatusOr<JsonObject> primitive =
          element_object(**primitives, mesh->pointer("primitives"), p);
      if (!primitive.ok()) return primitive.status();
      std::vector<VariantMapping> list = primitive_mappings(ctx, *primitive, read.names.size());
      if (list.empty()) continue;
      int material = -1;
      PX_GLTF_TRY(primitive->get_index("material", ctx.count(Top::kMaterials), material));
      const auto same = std::find_if(
          read.primitives.begin(), read.primitives.end(), [&](const PrimitiveVariants& m) {
            return m.mesh == static_cast<int>(i) && m.material == material;
          });
      if (same != read.primitives.end()) {
        ctx.warn(kInvalid, cat(primitive->pointer(),
                               ": another primitive of the mesh and its "
                               "material has mappings already; its own are left out"));
        continue;
      }
      read.primitives.push_back({static_cast<int>(i), material, std::move(list)});
    }
  }
  if (!read.empty()) ctx.scene().material_variants = std::move(read);
  return absl::OkStatus();
}

}  // namespace px::gltf
