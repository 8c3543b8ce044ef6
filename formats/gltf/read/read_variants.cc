#include "formats/gltf/read/read_variants.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr std::string_view kVariants = "KHR_materials_variants";
// One code per Khronos validator code a fault is reported with (formats/gltf/khronos_codes.cc).
constexpr std::string_view kMissing = "gltf.read.variants-property-missing";  // UNDEFINED_PROPERTY
constexpr std::string_view kType = "gltf.read.variants-type";                 // TYPE_MISMATCH
constexpr std::string_view kEmpty = "gltf.read.variants-empty";               // EMPTY_ENTITY
constexpr std::string_view kUnresolved = "gltf.read.variants-reference-unresolved";
constexpr std::string_view kNonUnique = "gltf.read.variants-non-unique";
constexpr std::string_view kDependency = "gltf.read.variants-dependency";  // UNSATISFIED_DEPENDENCY
// What polyxios cannot keep, which the validator takes: no Khronos code.
constexpr std::string_view kMappingsDropped = "gltf.read.variants-mappings-dropped";

std::string entry_count(size_t n) { return n == 1 ? std::string("1 entry") : cat(n, " entries"); }

// The root's variants: nullopt when the document has no root extension (a mapping then names a
// variant nothing defines); a variant without a name keeps its place as "" (the mappings name
// variants by index) with a warning.
std::optional<std::vector<std::string>> variant_names(ReadContext& ctx) {
  std::optional<JsonObject> root = ctx.extension(ctx.root(), kVariants, kType);
  if (!root) return std::nullopt;
  std::vector<std::string> names;
  const JsonValue* variants = root->find("variants");
  if (variants == nullptr) {
    ctx.warn(kMissing, cat(root->pointer(), " has no variants, which it requires"));
    return names;
  }
  if (!variants->IsArray() || variants->Empty()) {
    ctx.warn(variants->IsArray() ? kEmpty : kType,
             cat(root->pointer("variants"), " is not an array of variants; no variant is read"));
    return names;
  }
  for (rapidjson::SizeType i = 0; i < variants->Size(); ++i) {
    const JsonValue& v = (*variants)[i];
    const std::string at = cat(root->pointer("variants"), "/", i);
    const JsonValue* name = v.IsObject() ? find_member(v, "name") : nullptr;
    if (!v.IsObject()) {
      ctx.warn(kType, cat(at, " is not an object; the variant has no name"));
    } else if (name == nullptr) {
      ctx.warn(kMissing, cat(at, " has no name, which it requires"));
    } else if (!name->IsString()) {
      ctx.warn(kType, cat(at, "/name is not a string; the variant has no name"));
    }
    if (name == nullptr || !name->IsString()) {
      names.emplace_back();
    } else {
      names.emplace_back(name->GetString(), name->GetStringLength());
    }
  }
  return names;
}

// Warns of what keeps a mapping's material or variants list (its members at `at`) from being
// one: each missing, of another type or empty. Whether both are sound.
bool mapping_members_sound(ReadContext& ctx, const JsonValue* material, const JsonValue* list,
                           const std::string& at) {
  bool sound = true;
  auto fault = [&](std::string_view code, std::string message) {
    ctx.warn(code, cat(std::move(message), "; the mapping is left out"));
    sound = false;
  };
  if (material == nullptr) {
    fault(kMissing, cat(at, " has no material, which it requires"));
  } else if (!material->IsUint()) {
    fault(kType, cat(at, "/material is not an index"));
  } else if (material->GetUint() >= ctx.count(Top::kMaterials)) {
    fault(kUnresolved, cat(at, "/material is ", material->GetUint(), ", but /materials has ",
                           entry_count(ctx.count(Top::kMaterials))));
  }
  if (list == nullptr) {
    fault(kMissing, cat(at, " has no variants, which it requires"));
  } else if (!list->IsArray()) {
    fault(kType, cat(at, "/variants is not an array"));
  } else if (list->Empty()) {
    fault(kEmpty, cat(at, "/variants is empty"));
  }
  return sound;
}

// The variant a mapping's entry `v` (at `entry`) names, or nullopt with a warning: not an index,
// naming none (or any, without the root extension), or one the primitive maps already (`taken`
// by its earlier mappings, `mapped` by this one's earlier entries).
std::optional<int> variant_index(ReadContext& ctx, const JsonValue& v, const std::string& at,
                                 rapidjson::SizeType i,
                                 const std::optional<std::vector<std::string>>& names,
                                 const std::vector<int>& taken, const std::vector<int>& mapped) {
  const std::string entry = cat(at, "/variants/", i);
  if (!v.IsUint()) {
    ctx.warn(kType, cat(entry, " is not an index; the mapping is left out"));
    return std::nullopt;
  }
  if (!names) {
    ctx.warn(kDependency, cat(at, ": variant ", v.GetUint(), " is named, but the document has no ",
                              "/extensions/", kVariants, "; the mapping is left out"));
    return std::nullopt;
  }
  if (v.GetUint() >= names->size()) {
    ctx.warn(kUnresolved,
             cat(entry, " is ", v.GetUint(), ", but /extensions/", kVariants, "/variants has ",
                 entry_count(names->size()), "; the mapping is left out"));
    return std::nullopt;
  }
  const int index = static_cast<int>(v.GetUint());
  if (std::find(taken.begin(), taken.end(), index) != taken.end() ||
      std::find(mapped.begin(), mapped.end(), index) != mapped.end()) {
    ctx.warn(kNonUnique, cat(entry, ": variant ", index,
                             " is mapped already for this primitive; the mapping is left out"));
    return std::nullopt;
  }
  return index;
}

// One mapping, or nullopt (with a warning) when it is not one; `names` the root's variants
// (nullopt without a root extension), `taken` the variants the primitive's earlier mappings named.
std::optional<VariantMapping> mapping(ReadContext& ctx, const JsonValue& json,
                                      const std::string& at,
                                      const std::optional<std::vector<std::string>>& names,
                                      std::vector<int>& taken) {
  if (!json.IsObject()) {
    ctx.warn(kType, cat(at, " is not an object; the mapping is left out"));
    return std::nullopt;
  }
  const JsonValue* material = find_member(json, "material");
  const JsonValue* list = find_member(json, "variants");
  const bool members_sound = mapping_members_sound(ctx, material, list, at);
  // The variants are checked beside a faulty material, as the validator checks both.
  if (list == nullptr || !list->IsArray()) return std::nullopt;
  VariantMapping out;
  for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
    std::optional<int> index = variant_index(ctx, (*list)[i], at, i, names, taken, out.variants);
    if (!index) return std::nullopt;
    out.variants.push_back(*index);
  }
  if (!members_sound) return std::nullopt;
  out.material = static_cast<int>(material->GetUint());
  taken.insert(taken.end(), out.variants.begin(), out.variants.end());
  const JsonValue* name = find_member(json, "name");
  if (name != nullptr && name->IsString()) {
    out.name = std::string(name->GetString(), name->GetStringLength());
  }
  return out;
}

// The primitive's mappings, empty when it has none.
std::vector<VariantMapping> primitive_mappings(
    ReadContext& ctx, const JsonObject& primitive,
    const std::optional<std::vector<std::string>>& names) {
  std::vector<VariantMapping> out;
  std::optional<JsonObject> e = ctx.extension(primitive, kVariants, kType);
  if (!e) return out;
  const JsonValue* mappings = e->find("mappings");
  if (mappings == nullptr) {
    ctx.warn(kMissing, cat(e->pointer(), " has no mappings, which it requires"));
    return out;
  }
  if (!mappings->IsArray() || mappings->Empty()) {
    ctx.warn(mappings->IsArray() ? kEmpty : kType,
             cat(e->pointer("mappings"), " is not an array of mappings; it is left out"));
    return out;
  }
  std::vector<int> taken;
  for (rapidjson::SizeType i = 0; i < mappings->Size(); ++i) {
    const std::string at = cat(e->pointer("mappings"), "/", i);
    if (std::optional<VariantMapping> m = mapping(ctx, (*mappings)[i], at, names, taken)) {
      out.push_back(*std::move(m));
    }
  }
  return out;
}

}  // namespace

absl::Status read_variants(ReadContext& ctx) {
  if (!ctx.declared(kVariants)) return absl::OkStatus();
  MaterialVariants read;
  const std::optional<std::vector<std::string>> names = variant_names(ctx);
  if (names) read.names = *names;
  for (size_t i = 0; i < ctx.count(Top::kMeshes); ++i) {
    absl::StatusOr<JsonObject> mesh = ctx.entry(Top::kMeshes, i);
    if (!mesh.ok()) return mesh.status();
    absl::StatusOr<const JsonValue*> primitives = mesh->array("primitives");
    if (!primitives.ok() || *primitives == nullptr) continue;  // refused by the mesh read
    for (size_t p = 0; p < (*primitives)->Size(); ++p) {
      absl::StatusOr<JsonObject> primitive =
          element_object(**primitives, mesh->pointer("primitives"), p);
      if (!primitive.ok()) return primitive.status();
      std::vector<VariantMapping> list = primitive_mappings(ctx, *primitive, names);
      if (list.empty()) continue;
      int material = -1;
      PX_GLTF_TRY(primitive->get_index("material", ctx.count(Top::kMaterials), material));
      const auto same = std::find_if(
          read.primitives.begin(), read.primitives.end(), [&](const PrimitiveVariants& m) {
            return m.mesh == static_cast<int>(i) && m.material == material;
          });
      if (same != read.primitives.end()) {
        ctx.warn(kMappingsDropped, cat(primitive->pointer(),
                                       ": another primitive of the mesh and its material has "
                                       "mappings already; its own are left out"));
        continue;
      }
      read.primitives.push_back({static_cast<int>(i), material, std::move(list)});
    }
  }
  if (!read.empty()) ctx.scene().material_variants = std::move(read);
  return absl::OkStatus();
}

}  // namespace px::gltf
